import { bookingDateProblem, DATE_MESSAGES } from "../../domain/validation/appointment-dates";
import { describe, expect, it } from "vitest";
import Holidays from "date-holidays";
import {
  nextOpenDay,
  bookingCalendar,
  bookingCalendarFor,
  botswanaPublicHolidays,
  closedReason,
  easterSunday,
  isOpenDay,
} from "../../domain/opening-days";
import { addDays, clinicToday, isoWeekday } from "../../domain/dates";
import {
  CLOSED_DAYS,
  closedDaysWords,
  closedWeekdays,
  OPENING_HOURS,
  openingHoursSentence,
  type OpeningPeriod,
} from "../../domain/clinic";

/**
 * The reference: date-holidays' Botswana calendar (public days only, its own
 * substitute days dropped), with the Botswana Day Holiday added and the Act's
 * Sunday rule applied, as the site computed it before it stopped loading
 * date-holidays at run time.
 */
function referenceHolidays(year: number): Map<string, string> {
  const hd = new Holidays("BW");
  const statutory = (y: number) => {
    const base = new Map<string, string>();
    for (const h of hd.getHolidays(y)) {
      if (h.type !== "public" || /substitutes/.test(h.rule ?? "")) continue;
      base.set(h.date.slice(0, 10), h.name);
    }
    base.set(`${y}-10-01`, "Botswana Day Holiday");
    return base;
  };
  const base = new Map([...statutory(year - 1), ...statutory(year)]);
  const all = new Map(base);
  for (const [date, name] of [...base].sort(([a], [b]) => a.localeCompare(b))) {
    if (isoWeekday(date) !== 7) continue;
    let next = addDays(date, 1);
    while (all.has(next) || isoWeekday(next) === 7) next = addDays(next, 1);
    all.set(next, `${name} (observed)`);
  }
  return new Map([...all].filter(([d]) => d.startsWith(`${year}-`)).sort(([a], [b]) => a.localeCompare(b)));
}

describe("Botswana public holidays", () => {
  it("match date-holidays' Botswana calendar, dates and names, every year from 2000 to 2075", () => {
    for (let year = 2000; year <= 2075; year++) {
      expect([...botswanaPublicHolidays(year)], String(year)).toEqual([...referenceHolidays(year)]);
    }
  });

  it("computes Easter Sunday (known dates)", () => {
    expect(["2024", "2025", "2026", "2038", "2285"].map((y) => easterSunday(Number(y)))).toEqual([
      "2024-03-31",
      "2025-04-20",
      "2026-04-05",
      "2038-04-25",
      "2285-03-22",
    ]);
  });

  it("lists 2026 in full, including the Botswana Day Holiday on 1 October", () => {
    expect([...botswanaPublicHolidays(2026).keys()]).toEqual([
      "2026-01-01",
      "2026-01-02",
      "2026-04-03", // Good Friday
      "2026-04-04", // Easter Saturday
      "2026-04-06", // Easter Monday
      "2026-05-01",
      "2026-05-14", // Ascension Day
      "2026-07-01",
      "2026-07-20", // President's Day (3rd Monday of July)
      "2026-07-21",
      "2026-09-30",
      "2026-10-01", // missing from date-holidays: added
      "2026-12-25",
      "2026-12-26",
    ]);
  });

  it("lists 2027 in full: Family Day on Sunday 26 December is observed on Monday 27th", () => {
    const h = botswanaPublicHolidays(2027);
    expect([...h.keys()]).toEqual([
      "2027-01-01",
      "2027-01-02",
      "2027-03-26",
      "2027-03-27",
      "2027-03-29",
      "2027-05-01",
      "2027-05-06",
      "2027-07-01",
      "2027-07-19",
      "2027-07-20",
      "2027-09-30",
      "2027-10-01",
      "2027-12-25",
      "2027-12-26",
      "2027-12-27",
    ]);
    expect(h.get("2027-10-01")).toBe("Botswana Day Holiday");
    expect(h.get("2027-12-27")).toBe("Family Day (observed)");
  });

  it("moves a Sunday holiday to the next day that is not already a holiday", () => {
    // 2028: New Year's Holiday (2 January) is a Sunday → Monday 3 January;
    // Botswana Day Holiday (1 October) is a Sunday → Monday 2 October.
    expect(botswanaPublicHolidays(2028).has("2028-01-03")).toBe(true);
    expect(botswanaPublicHolidays(2028).has("2028-10-02")).toBe(true);
    // 2029: Sir Seretse Khama Day (1 July) is a Sunday → Monday 2 July, once (no double shift).
    const h2029 = botswanaPublicHolidays(2029);
    expect(h2029.has("2029-07-02")).toBe(true);
    expect(h2029.has("2029-07-03")).toBe(false);
    // 2023: New Year's Day on Sunday, 2 January already a holiday → Tuesday 3 January.
    expect(botswanaPublicHolidays(2023).has("2023-01-03")).toBe(true);
  });

  it("counts neither Easter Sunday nor Mother's Day (observances) as extra closures", () => {
    expect(botswanaPublicHolidays(2026).has("2026-04-05")).toBe(false);
    expect(closedReason("2026-04-05", []).reason).toBe("sunday");
  });
});

describe("opening days and the booking window", () => {
  it("closes Sundays, holidays and configured dates, and opens Saturdays", () => {
    expect(closedReason("2026-11-29", [])).toEqual({ closed: true, reason: "sunday" });
    expect(closedReason("2026-10-01", [])).toMatchObject({ closed: true, reason: "holiday" });
    expect(closedReason("2026-12-02", ["2026-12-02"])).toEqual({ closed: true, reason: "closed" });
    expect(isOpenDay("2026-11-28", [])).toBe(true); // a Saturday
    expect(isOpenDay("2026-11-30", [])).toBe(true);
  });

  it("uses the date in Gaborone (UTC+2), not UTC", () => {
    expect(clinicToday(new Date("2026-11-30T21:59:00Z"))).toBe("2026-11-30");
    expect(clinicToday(new Date("2026-11-30T22:00:00Z"))).toBe("2026-12-01");
  });

  it("checks a requested date against the calendar: past, beyond the horizon, closed, or fine", () => {
    const now = new Date("2026-11-23T08:00:00Z"); // Monday
    const check = (date: string, horizon: number, closed: string[] = []) =>
      bookingDateProblem(date, bookingCalendar(now, horizon, closed));
    expect(check("2026-11-22", 90)).toBe(DATE_MESSAGES.past);
    expect(check("2026-11-23", 90)).toBeUndefined(); // today is allowed
    expect(check("2027-02-20", 89)).toBeUndefined(); // the last day of the window (a Saturday)
    expect(check("2027-02-22", 89)).toBe(DATE_MESSAGES.tooFar(89)); // an open Monday, one day too far
    expect(check("2026-12-25", 90)).toBe(DATE_MESSAGES.closed("2026-12-25"));
    expect(check("2026-12-24", 90, ["2026-12-24"])).toBe(DATE_MESSAGES.closed("2026-12-24"));
  });

  it("lists every closed date from today to the horizon", () => {
    const cal = bookingCalendar(new Date("2026-12-20T10:00:00Z"), 14, ["2026-12-31"]);
    expect(cal).toEqual({
      today: "2026-12-20",
      firstDate: "2026-12-20",
      lastDate: "2027-01-03",
      closedDates: [
        "2026-12-20",
        "2026-12-25",
        "2026-12-26",
        "2026-12-27",
        "2026-12-31",
        "2027-01-01",
        "2027-01-02",
        "2027-01-03",
      ],
    });
  });
});

describe("nextOpenDay: the day by whose end a request is answered (decision 025)", () => {
  it("is the next open day: Monday after a Saturday, skipping Sundays, holidays and closed dates", () => {
    expect(nextOpenDay("2026-11-27", [])).toBe("2026-11-28"); // Friday: Saturday is open
    expect(nextOpenDay("2026-11-28", [])).toBe("2026-11-30"); // Saturday: not Sunday
    expect(nextOpenDay("2026-11-28", ["2026-11-30"])).toBe("2026-12-01");
    expect(nextOpenDay("2026-12-24", [])).toBe("2026-12-28"); // Christmas, Boxing Day (Sat is a holiday), Sunday
  });
});

describe("the days the clinic never opens come from the opening hours", () => {
  const SUNDAY = "2026-11-29";
  const SATURDAY = "2026-11-28";
  const withSunday: OpeningPeriod[] = [
    ...OPENING_HOURS,
    { days: [7], label: "Sunday", opens: "10:00", closes: "14:00" },
  ];
  const withoutSaturday = OPENING_HOURS.filter((p) => !p.days.includes(6));

  it("today: Sunday is closed, and every sentence says so", () => {
    expect(closedWeekdays()).toEqual([7]);
    expect(isOpenDay(SUNDAY, [])).toBe(false);
    expect(CLOSED_DAYS).toBe("Sundays and public holidays");
    expect(closedDaysWords(OPENING_HOURS, false)).toBe("Sunday and public holidays");
    expect(openingHoursSentence()).toBe(
      "Open Monday to Friday 08:00 to 20:00 and Saturday 09:00 to 13:00; closed on Sundays and public holidays.",
    );
  });

  it("given Sunday hours, Sunday is open everywhere: isOpenDay, closedReason and the sentences", () => {
    expect(closedWeekdays(withSunday)).toEqual([]);
    expect(isOpenDay(SUNDAY, [], withSunday)).toBe(true);
    expect(closedReason(SUNDAY, [], withSunday)).toEqual({ closed: false });
    expect(isOpenDay("2026-10-01", [], withSunday)).toBe(false);
    expect(closedDaysWords(withSunday)).toBe("public holidays");
    expect(openingHoursSentence(withSunday)).toBe(
      "Open Monday to Friday 08:00 to 20:00 and Saturday 09:00 to 13:00 and Sunday 10:00 to 14:00; closed on public holidays.",
    );
  });

  it("without Saturday hours, Saturday is closed too, by name", () => {
    expect(closedWeekdays(withoutSaturday)).toEqual([6, 7]);
    expect(closedReason(SATURDAY, [], withoutSaturday)).toEqual({ closed: true, reason: "saturday" });
    expect(closedDaysWords(withoutSaturday)).toBe("Saturdays, Sundays and public holidays");
    expect(openingHoursSentence(withoutSaturday)).toBe(
      "Open Monday to Friday 08:00 to 20:00; closed on Saturdays, Sundays and public holidays.",
    );
  });
});

describe("bookingCalendarFor", () => {
  it("judges one date as the whole calendar does: past, too far, holiday, Sunday, closure, open", () => {
    const closures = ["2026-12-02", "2026-12-03", "2027-01-04"];
    const reasons = { "2026-12-02": "Staff training" };
    for (const now of [new Date("2026-11-26T08:00:00Z"), new Date("2026-12-24T21:30:00Z")]) {
      const whole = bookingCalendar(now, 60, closures);
      const odd = ["", "2026-13-01", "2026-12-1", "2026-12-01T09:00", "not a date"];
      for (let d = addDays(whole.today, -3); d <= addDays(whole.lastDate, 3); d = addDays(d, 1)) odd.push(d);
      for (const date of odd) {
        expect(bookingDateProblem(date, bookingCalendarFor(date, now, 60, closures), reasons), date).toBe(
          bookingDateProblem(date, whole, reasons),
        );
      }
    }
  });
});
