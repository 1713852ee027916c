import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { formatClinicDateTime, formatDayMonth, sortableClinicDateTime } from "../../domain/dates";
import { checkClosure } from "../../domain/closures";
import { dateFieldValue, DateInput } from "~/components/staff/date-field";
import { parseFilters } from "../../server/appointments/front-desk/staff-reads";
import { scheduleDate } from "../../server/appointments/front-desk/schedule-views";

/** The console's dates read day, month, year (decision 048): never month first, never the browser's own format. */
describe("the console's dates", () => {
  it("writes a moment day first in the clinic's time, and a sortable one for spreadsheets", () => {
    // 23:30 UTC on 8 December is 01:30 on Wednesday 9 December in Gaborone.
    expect(formatClinicDateTime("2026-12-08T23:30:00.000Z")).toBe("Wed 9 Dec 2026 01:30");
    expect(sortableClinicDateTime("2026-12-08T23:30:00.000Z")).toBe("2026-12-09 01:30");
    expect(formatDayMonth("2026-12-09")).toBe("9 Dec");
  });

  it("shows a date field's value as DD/MM/YYYY in a text box, never a browser date control", () => {
    expect(dateFieldValue("2026-12-09")).toBe("09/12/2026");
    expect(dateFieldValue("9/12/26")).toBe("9/12/26"); // what was typed and refused, as typed
    expect(dateFieldValue(undefined)).toBe("");
    const html = renderToStaticMarkup(<DateInput aria={{ id: "from" }} name="from" value="2026-12-09" />);
    expect(html).toContain('type="text"');
    expect(html).toContain('value="09/12/2026"');
    expect(html).not.toContain('type="date"');
  });

  it("reads the dates staff type day first wherever a console form takes one", () => {
    expect(parseFilters((n) => ({ from: "09/12/2026", to: "31.12.2026" })[n] ?? null)).toMatchObject({
      from: "2026-12-09",
      to: "2026-12-31",
    });
    expect(parseFilters((n) => ({ from: "12/31/2026" })[n] ?? null).from).toBeUndefined();
    expect(scheduleDate("09/12/2026", "2026-12-01")).toBe("2026-12-09");
    expect(scheduleDate("nonsense", "2026-12-01")).toBe("2026-12-01");
    const closure = checkClosure({ firstDate: "9/12/2026", lastDate: "11/12/2026", reason: "Training" }, "2026-12-01");
    expect(closure).toEqual({
      ok: true,
      value: { firstDate: "2026-12-09", lastDate: "2026-12-11", reason: "Training", room: null },
    });
    // 12/09/2026, read day first, is 12 September: before today, refused as past (never read as 9 December).
    expect(checkClosure({ firstDate: "12/09/2026", reason: "Training" }, "2026-12-01")).toMatchObject({ ok: false });
  });
});
