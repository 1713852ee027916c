/**
 * Days for the tests of one file, each handed out once. The tests of a file share its database, so
 * two of them must not land on one day by chance: holidays and weekends push near offsets onto the
 * same day (on 6 December 2026, "20 days ahead" and "22 days ahead" were both Monday 28 December,
 * so one test's whole-clinic closure refused the next test's confirmation). A test that means to
 * share a day keeps it in a variable.
 */
export function distinctDays(pick: (offset: number) => string): (offset: number) => string {
  const given = new Set<string>();
  return (offset) => {
    let n = offset;
    let day = pick(n);
    // pick is never earlier for a larger offset, so this ends on the first day not yet given.
    while (given.has(day)) day = pick(++n);
    given.add(day);
    return day;
  };
}
