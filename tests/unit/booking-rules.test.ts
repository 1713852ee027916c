import { describe, expect, it } from "vitest";
import {
  ageOn,
  BOOKING_RULES,
  bookedWords,
  MIN_NOTICE_MINUTES,
  screenBooking,
  screeningReasonWords,
  selfBookingRuleOf,
  timeProblemWords,
  type ServiceBookingRules,
  type SelfBookingRule,
} from "../../domain/booking-rules";
import { BOOKABLE_SERVICES, findServiceBySlug } from "../../domain/catalogue";

// Decision 063: which services patients may book a time for online, and the rules of that time.

const rule = (slug: string): SelfBookingRule => {
  const found = selfBookingRuleOf(slug);
  if (!found) throw new Error(`${slug} is not self-bookable`);
  return found;
};

describe("the booking rules", () => {
  it("are checked by the type checker: a bookable service left out, or an unknown slug, does not compile", () => {
    const { mammography: _left, ...withoutMammography } = BOOKING_RULES;
    // @ts-expect-error: mammography is bookable, so the table must give its rule.
    const missing: ServiceBookingRules = withoutMammography;
    // @ts-expect-error: the table names only bookable catalogue slugs.
    const unknown: ServiceBookingRules = { ...BOOKING_RULES, "cardiac-mri": { selfBookable: false } };
    // @ts-expect-error: a self-bookable rule needs its length, changeover, step, notice, horizon and screening.
    const partial: ServiceBookingRules = { ...BOOKING_RULES, "x-ray": { selfBookable: true } };
    expect([missing, unknown, partial]).toHaveLength(3);
  });

  it("let patients book X-ray, ultrasound, breast ultrasound, the 3D pregnancy scan, bone densitometry and mammography, and nothing else", () => {
    expect(Object.keys(BOOKING_RULES).sort()).toEqual(BOOKABLE_SERVICES.map((s) => s.slug).sort());
    const selfBookable = Object.entries(BOOKING_RULES)
      .filter(([, r]) => r.selfBookable)
      .map(([slug]) => slug)
      .sort();
    expect(selfBookable).toEqual([
      "3d-pregnancy-scan",
      "bone-densitometry-dexa-scan",
      "breast-ultrasound",
      "mammography",
      "ultrasound",
      "x-ray",
    ]);
    for (const slug of ["minimally-invasive-procedure", "pain-management", "fluoroscopy", "remote-reporting"])
      expect(selfBookingRuleOf(slug)).toBeUndefined();
    expect(selfBookingRuleOf("advanced-technology")).toBeUndefined();
  });

  it("take the examination's length from the catalogue, and keep the step apart from it", () => {
    for (const [slug, r] of Object.entries(BOOKING_RULES)) {
      if (!r.selfBookable) continue;
      expect(r.lengthMinutes).toBe(findServiceBySlug(slug)!.preparation.durationMinutes);
      expect(r.stepMinutes).toBe(15);
      expect(r.horizonDays).toBe(60);
      expect(r.changeoverMinutes).toBeGreaterThan(0);
    }
    expect(rule("x-ray").lengthMinutes).toBe(30);
    expect(rule("ultrasound").lengthMinutes).toBe(45);
  });

  it("give at least two hours' notice, and never less than the preparation takes", () => {
    for (const r of Object.values(BOOKING_RULES))
      if (r.selfBookable) expect(r.noticeMinutes).toBeGreaterThanOrEqual(120);
    expect(MIN_NOTICE_MINUTES).toBe(120);
    expect(rule("x-ray").noticeMinutes).toBe(120);
    expect(rule("mammography").noticeMinutes).toBe(120);
    // The abdominal scan's 6-hour fast (the ultrasound service's notes), and DEXA's day without calcium.
    expect(rule("ultrasound").noticeMinutes).toBe(6 * 60);
    expect(rule("bone-densitometry-dexa-scan").noticeMinutes).toBe(24 * 60);
  });

  it("ask about pregnancy wherever the safety questions do (the examinations with X-rays), and send yes or not sure to a request", () => {
    const facts = { dob: "1990-01-01", date: "2027-03-01", hasReferral: false };
    for (const slug of ["x-ray", "bone-densitometry-dexa-scan", "mammography"]) {
      const r = rule(slug);
      expect(screenBooking(r, { ...facts, dob: "1980-01-01", answers: {} })).toEqual({
        kind: "unanswered",
        id: "pregnant",
      });
      expect(screenBooking(r, { ...facts, dob: "1980-01-01", answers: { pregnant: "yes" } })).toEqual({
        kind: "request",
        reason: "pregnant",
      });
      expect(screenBooking(r, { ...facts, dob: "1980-01-01", answers: { pregnant: "not_sure" } }).kind).toBe("request");
      expect(screenBooking(r, { ...facts, dob: "1980-01-01", answers: { pregnant: "no" } }).kind).toBe("clear");
    }
    for (const slug of ["ultrasound", "breast-ultrasound", "3d-pregnancy-scan"])
      expect(screenBooking(rule(slug), { ...facts, answers: {} }).kind).toBe("clear");
  });

  it("send a mammogram for someone under 40 without a referral form to a request", () => {
    const r = rule("mammography");
    const answers = { pregnant: "no" } as const;
    // 39 on the day, one day short of 40.
    expect(screenBooking(r, { answers, dob: "1987-03-02", date: "2027-03-01", hasReferral: false })).toEqual({
      kind: "request",
      reason: "referral-below-age",
      age: 40,
    });
    expect(screenBooking(r, { answers, dob: "1987-03-02", date: "2027-03-01", hasReferral: true }).kind).toBe("clear");
    expect(screenBooking(r, { answers, dob: "1987-03-01", date: "2027-03-01", hasReferral: false }).kind).toBe("clear");
    expect(ageOn("1987-03-02", "2027-03-01")).toBe(39);
    expect(ageOn("1987-03-01", "2027-03-01")).toBe(40);
  });

  it("tell the patient why, in plain words, in English and Setswana, and to send a request instead", () => {
    const pregnant = { kind: "request", reason: "pregnant" } as const;
    const age = { kind: "request", reason: "referral-below-age", age: 40 } as const;
    expect(screeningReasonWords(pregnant, "en")).toMatch(/pregnant.*send a request instead/);
    expect(screeningReasonWords(age, "en")).toMatch(/Under the age of 40, a mammogram needs a doctor's referral form/);
    expect(screeningReasonWords(pregnant, "tn")).toMatch(/imile.*romela kopo/);
    expect(screeningReasonWords(age, "tn")).toContain("40");
    expect(screeningReasonWords({ kind: "unanswered", id: "pregnant" }, "en")).toContain("Could you be pregnant?");
    expect(timeProblemWords({ kind: "not-self-bookable" }, "Fluoroscopy", "en")).toBe(
      "Fluoroscopy cannot be booked online. Please send a request instead: the clinic will contact you to agree a time.",
    );
    expect(timeProblemWords({ kind: "too-soon", hours: 6 }, "Ultrasound", "tn")).toContain("6");
    // A room out of service is said as such, not as the clinic closed.
    expect(timeProblemWords({ kind: "room-out" }, "X-ray", "en")).toMatch(/^The equipment .* out of service that day/);
    expect(timeProblemWords({ kind: "room-out" }, "X-ray", "tn")).toMatch(/ga di dire ka letsatsi leo.*romela kopo/);
    expect(bookedWords("2026-12-08", "09:30", "en")).toBe(
      "Your appointment is booked: Tuesday 8 December 2026 at 09:30",
    );
    expect(bookedWords("2026-12-08", "09:30", "tn")).toBe(
      "Peeletso ya gago e beeletswe: Labobedi 8 Sedimonthole 2026 ka 09:30",
    );
  });
});
