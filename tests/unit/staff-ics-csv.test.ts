import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { csvCell, csvDocument } from "../../server/appointments/front-desk/csv";
import { buildIcs, escapeText, foldLine } from "../../server/appointments/notices/ics";
import { confirmationMail } from "../../server/appointments/notices/confirmation-mail";
import { loadConfig } from "../../server/base/config";

describe("iCalendar writer", () => {
  const event = {
    uid: "appointment-APT-1@clinic.example.org",
    start: new Date("2026-12-02T07:00:00Z"),
    end: new Date("2026-12-02T07:45:00Z"),
    stamp: new Date("2026-11-22T10:00:00Z"),
    summary: "Ultrasound, abdomen; fasting",
    location: "Plot 1, Main Road, Gaborone",
    description: "Line one\nLine two with a backslash \\ here. ".repeat(4),
  };

  it("writes a VCALENDAR with one VEVENT, CRLF line endings and the required properties", () => {
    const ics = buildIcs(event, "-//Clinic//Appointments//EN");
    expect(ics.startsWith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:")).toBe(true);
    expect(ics.endsWith("END:VEVENT\r\nEND:VCALENDAR\r\n")).toBe(true);
    expect(ics.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    for (const prop of [
      "UID:appointment-APT-1@clinic.example.org",
      "DTSTAMP:20261122T100000Z",
      "DTSTART:20261202T070000Z",
      "DTEND:20261202T074500Z",
    ]) {
      expect(ics).toContain(`\r\n${prop}\r\n`);
    }
    expect(ics).toContain("SUMMARY:Ultrasound\\, abdomen\\; fasting");
  });

  it("folds long lines at 75 octets and unfolding restores them", () => {
    const ics = buildIcs(event, "-//Clinic//Appointments//EN");
    for (const line of ics.split("\r\n")) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const unfolded = ics.replace(/\r\n /g, "");
    expect(unfolded).toContain(`DESCRIPTION:${escapeText(event.description)}`);
  });

  it("never splits a multi-byte character when folding", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 300 }), (text) => {
        const folded = foldLine(`DESCRIPTION:${text}`);
        for (const line of folded.split("\r\n")) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
        expect(folded.replace(/\r\n /g, "")).toBe(`DESCRIPTION:${text}`);
      }),
    );
  });

  it("escapes backslash, semicolon, comma and newlines", () => {
    expect(escapeText("a\\b;c,d\ne\r\nf")).toBe("a\\\\b\\;c\\,d\\ne\\nf");
  });

  it("the confirmation e-mail carries the time, the preparation notes and the calendar file", () => {
    const config = loadConfig({ NODE_ENV: "test", PUBLIC_BASE_URL: "https://clinic.example.org" });
    const mail = confirmationMail(
      config,
      {
        reference: "APT-9",
        name: "Neo",
        email: "neo@example.org",
        serviceName: "Bone Densitometry (DEXA Scan)",
        date: "2026-12-02",
        time: "09:30",
        manageUrl: "https://clinic.example.org/appointment/abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ",
        language: "en",
      },
      new Date("2026-11-22T10:00:00Z"),
    );
    expect(mail.to).toBe("neo@example.org");
    expect(mail.text).toContain("Wednesday 2 December 2026 at 09:30");
    expect(mail.text).toContain("Stop calcium supplements 24 to 48 hours before the scan.");
    const ics = String(mail.attachments?.[0]?.content);
    expect(mail.attachments?.[0]?.filename).toBe("appointment.ics");
    expect(ics).toContain("DTSTART:20261202T073000Z"); // 09:30 in Gaborone (UTC+2)
    expect(ics).toContain("UID:appointment-APT-9@clinic.example.org");
  });
});

describe("CSV cells", () => {
  it.each([
    ["=SUM(A1:A2)", `"'=SUM(A1:A2)"`],
    // A phone number keeps its + and gets no apostrophe; anything else starting with + or - does.
    ["+26771234567", `"+26771234567"`],
    ["+267 71 234 567", `"+267 71 234 567"`],
    ["+1 (415) 555-0100", `"+1 (415) 555-0100"`],
    ["+267", `"'+267"`],
    ["+2677123456789012", `"'+2677123456789012"`],
    ["+26771234567+1", `"'+26771234567+1"`],
    ['+1 555 0100 "x"', `"'+1 555 0100 ""x"""`],
    ["+cmd|' /C calc'!A0", `"'+cmd|' /C calc'!A0"`],
    ["-26771234567", `"'-26771234567"`],
    ["-2+3", `"'-2+3"`],
    ["@cmd", `"'@cmd"`],
    ["\tx", `"'\tx"`],
    ["\rx", `"'\rx"`],
    ['say "hi", then go', `"say ""hi"", then go"`],
    ["line\nbreak", `"line\nbreak"`],
    ["plain", `"plain"`],
  ])("escapes %j", (input, expected) => {
    expect(csvCell(input)).toBe(expected);
  });

  it("writes nulls as empty cells and rows with CRLF after a BOM", () => {
    expect(csvDocument(["a", "b"], [[null, 1]])).toBe('\uFEFF"a","b"\r\n"","1"\r\n');
  });

  it("no cell ever starts with a formula character once parsed, but a phone number's +", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.stringMatching(/^[+-][\d ()+-]{0,20}$/)), (s) => {
        const cell = csvCell(s);
        expect(cell.startsWith('"') && cell.endsWith('"')).toBe(true);
        const inner = cell.slice(1, -1).replace(/""/g, '"');
        // What may start with + is only digits with spaces, hyphens and brackets: nothing a spreadsheet could call.
        if (/^[=+\-@\t\r]/.test(inner)) expect(inner).toMatch(/^\+\d[\d ()-]*\d$/);
      }),
    );
  });
});
