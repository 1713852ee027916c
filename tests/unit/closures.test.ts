import { describe, expect, it } from "vitest";
import {
  canRemoveClosure,
  checkClosure,
  closureDates,
  closureDays,
  CLOSURE_MESSAGES,
  closureOverlapMessage,
  closureScope,
} from "../../domain/closures";
import { DATE_MESSAGES } from "../../domain/validation/appointment-dates";

const today = "2026-11-25";

describe("closure rules (domain/closures.ts)", () => {
  it("accepts one day (empty last day) and a range, normalising the reason", () => {
    expect(
      checkClosure({ firstDate: "2026-12-01", lastDate: "", reason: "  Closed for  staff training " }, today),
    ).toEqual({
      ok: true,
      value: { firstDate: "2026-12-01", lastDate: "2026-12-01", reason: "Closed for staff training", room: null },
    });
    expect(checkClosure({ firstDate: today, lastDate: "2026-12-03", reason: "Move" }, today).ok).toBe(true);
  });

  it("refuses a past start, an end before the start, a range over 366 days, and an empty or long reason", () => {
    const errors = (raw: Parameters<typeof checkClosure>[0]) => {
      const r = checkClosure(raw, today);
      return r.ok ? {} : r.errors;
    };
    expect(errors({ firstDate: "2026-11-24", reason: "x" }).firstDate).toBe(CLOSURE_MESSAGES.past);
    expect(errors({ firstDate: "2026-12-05", lastDate: "2026-12-04", reason: "x" }).lastDate).toBe(
      CLOSURE_MESSAGES.order,
    );
    expect(errors({ firstDate: "2026-12-01", lastDate: "2027-12-02", reason: "x" }).lastDate).toBe(
      CLOSURE_MESSAGES.tooLong,
    );
    expect(errors({ firstDate: "2026-12-01", lastDate: "2027-12-01", reason: "x" }).lastDate).toBeUndefined();
    expect(errors({ firstDate: "2026-12-01", reason: " " }).reason).toBe(CLOSURE_MESSAGES.reasonEmpty);
    expect(errors({ firstDate: "2026-12-01", reason: "x".repeat(121) }).reason).toBe(CLOSURE_MESSAGES.reasonLong);
    expect(errors({ firstDate: "2026-02-30", reason: "x" }).firstDate).toBe(CLOSURE_MESSAGES.firstDate);
  });

  it("names every field's problem at once, and not the last day when it was left empty", () => {
    expect(checkClosure({ firstDate: "", lastDate: "", reason: " ", room: "mri" }, today)).toEqual({
      ok: false,
      errors: {
        room: CLOSURE_MESSAGES.room,
        firstDate: CLOSURE_MESSAGES.firstDate,
        reason: CLOSURE_MESSAGES.reasonEmpty,
      },
    });
    expect(checkClosure({ firstDate: "", lastDate: "soon", reason: "" }, today)).toEqual({
      ok: false,
      errors: {
        firstDate: CLOSURE_MESSAGES.firstDate,
        lastDate: CLOSURE_MESSAGES.lastDate,
        reason: CLOSURE_MESSAGES.reasonEmpty,
      },
    });
  });

  it("closes one room when a room is chosen, and refuses a room the clinic does not have", () => {
    const xray = checkClosure({ firstDate: "2026-12-01", reason: "Tube replacement", room: "x-ray" }, today);
    expect(xray).toMatchObject({ ok: true, value: { room: "x-ray" } });
    const unknown = checkClosure({ firstDate: "2026-12-01", reason: "Broken", room: "mri" }, today);
    expect(unknown).toEqual({ ok: false, errors: { room: CLOSURE_MESSAGES.room } });
  });

  it("names what closes and when, for staff", () => {
    expect(closureScope(null)).toBe("the whole clinic");
    expect(closureScope("x-ray")).toBe("the X-ray room");
    expect(closureScope("procedure", { start: true })).toBe("The Procedure room");
    expect(closureDates({ firstDate: "2026-12-01", lastDate: "2026-12-01" })).toBe("Tuesday 1 December 2026");
    expect(closureOverlapMessage({ firstDate: "2026-12-01", lastDate: "2026-12-03", room: "ultrasound-1" })).toBe(
      "This overlaps the closure of the Ultrasound 1 room on Tuesday 1 December 2026 to Thursday 3 December 2026. Close only the days it does not cover, or remove it first.",
    );
  });

  it("lets only a closure that starts after today be removed", () => {
    expect(canRemoveClosure({ firstDate: "2026-11-26" }, today)).toBe(true);
    expect(canRemoveClosure({ firstDate: today }, today)).toBe(false);
    expect(canRemoveClosure({ firstDate: "2026-11-01" }, today)).toBe(false);
  });

  it("lists a closure's days", () => {
    expect(closureDays("2026-12-30", "2027-01-01")).toEqual(["2026-12-30", "2026-12-31", "2027-01-01"]);
  });

  it("puts the reason in the patient's message for a closed day", () => {
    expect(DATE_MESSAGES.closed("2026-12-01", "Closed for staff training.")).toBe(
      "The clinic is closed on Tuesday 1 December 2026: Closed for staff training. Choose another day.",
    );
  });
});
