import { describe, expect, it } from "vitest";
import { calendarNames, formatAbbreviatedDate, formatLongDate, formatMonth } from "../../domain/dates";
import { compactHours, shortDays } from "../../domain/contact-links";
import { smsDate } from "../../domain/text-messages";
import glossary from "../../messages/glossary.json";

/* Setswana's day and month names are CLDR's `tn`, as Node's ICU formats them (decision 037). */
describe("dates in Setswana", () => {
  const intl = (options: Intl.DateTimeFormatOptions, date: Date) =>
    new Intl.DateTimeFormat("tn", { ...options, timeZone: "UTC" }).format(date);

  it("names the days and months as CLDR's tn does", () => {
    const names = calendarNames("tn");
    for (let i = 0; i < 7; i++) {
      const monday = new Date(Date.UTC(2026, 10, 23 + i)); // 23 November 2026 is a Monday
      expect(names.weekdays[i]).toBe(intl({ weekday: "long" }, monday));
      expect(names.weekdaysShort[i]).toBe(intl({ weekday: "short" }, monday));
    }
    for (let i = 0; i < 12; i++) {
      const day = new Date(Date.UTC(2026, i, 15));
      expect(names.months[i]).toBe(intl({ month: "long" }, day));
      expect(names.monthsShort[i]).toBe(intl({ month: "short" }, day));
    }
  });

  it("writes a date day, month, year, as in English", () => {
    expect(formatLongDate("2026-12-07", "tn")).toBe("Mosupologo 7 Sedimonthole 2026");
    expect(formatLongDate("2026-12-07")).toBe("Monday 7 December 2026");
    expect(formatAbbreviatedDate("2026-11-26", "tn")).toBe("Labone 26 Ngw 2026");
    expect(formatMonth("2026-02-01", "tn")).toBe("Tlhakole 2026");
  });

  it("shortens the opening hours with Setswana's day names", () => {
    const hours = [
      { days: [1, 2, 3, 4, 5], opens: "08:00", closes: "20:00" },
      { days: [6], opens: "09:00", closes: "13:00" },
    ];
    expect(compactHours(hours, "tn")).toBe("Mosupologo–Labotlhano 08:00–20:00 · Matlhatso 09:00–13:00");
    expect(compactHours(hours)).toBe("Mon–Fri 08:00–20:00 · Sat 09:00–13:00");
  });

  it("writes every day in full outside the calendar's column headings (glossary rule `days`)", () => {
    const rule = glossary.rules.find((r) => r.id === "days")!;
    const short = new RegExp(rule.never!, "i");
    for (let i = 0; i < 7; i++) {
      const day = `2026-11-${23 + i}`; // Monday 23 November 2026 to Sunday 29 November
      const full = calendarNames("tn").weekdays[i]!;
      for (const text of [formatAbbreviatedDate(day, "tn"), shortDays([i + 1], "tn")]) {
        expect(text).toContain(full);
        expect(text).not.toMatch(short);
      }
      // A text message gives the date without the weekday: a full name would cost the words.
      expect(smsDate(day, "tn")).toBe(`${23 + i} Ngw`);
    }
    // The rule catches the forms it names, and only where they are words.
    expect("Labt 11 Sed").toMatch(short);
    expect("Labotlhano 11 Sed").not.toMatch(short);
  });
});
