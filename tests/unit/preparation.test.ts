import { describe, expect, it } from "vitest";
import { appointmentGuidance } from "../../domain/catalogue";
import type { Message } from "../../domain/locale";
import {
  FAST_HOURS,
  PREPARATION_RULES,
  preparationAt,
  preparationAtShort,
  preparationLead,
} from "../../domain/preparation";
import { findServicePageContent } from "../../domain/services/pages";

// Decision 069: each examination's preparation as rules with times, the same facts the pages state.

describe("the preparation rules", () => {
  it("state the figures the notes' own words give, in both languages", () => {
    expect(PREPARATION_RULES.size).toBeGreaterThan(0);
    for (const [message, rules] of PREPARATION_RULES) {
      const en = (message as Message)({}, { locale: "en" });
      const tn = (message as Message)({}, { locale: "tn" });
      for (const rule of rules) {
        if (rule.kind === "fast") {
          expect(en).toMatch(new RegExp(`\\b${rule.hours} hours before`));
          expect(tn).toMatch(new RegExp(`di le ${rule.hours}\\b`));
        } else if (rule.kind === "drink") {
          expect(en).toContain(`${rule.litres} litre of water an hour before`);
          expect(rule.fromMinutes).toBe(60);
          expect(tn).toContain(`lita e le ${rule.litres} ura pele`);
        } else if (rule.kind === "stop-calcium") {
          expect(en).toMatch(new RegExp(`\\b${rule.hours} to \\d+ hours before`));
          expect(tn).toContain(`diura di le ${rule.hours}`);
        } else if (rule.kind === "no-deodorant") {
          expect(en).toContain("deodorant");
          expect(tn).toContain("deodorant");
        }
      }
    }
  });

  it("are what the ultrasound page says about fasting, in both languages", () => {
    const text = (locale: "en" | "tn") => JSON.stringify(findServicePageContent("ultrasound", locale));
    expect(text("en")).toContain(`do not eat for about ${FAST_HOURS} hours before your scan`);
    expect(text("tn")).toContain(`di ka nna ${FAST_HOURS} pele ga scan`);
  });

  it("give each examination's lead: 6 hours to fast, an hour of water, a day without calcium", () => {
    expect(preparationLead(appointmentGuidance("ultrasound", "Abdomen (Upper)").rules)).toBe(6 * 60);
    expect(preparationLead(appointmentGuidance("ultrasound", "Renal").rules)).toBe(60);
    expect(preparationLead(appointmentGuidance("bone-densitometry-dexa-scan").rules)).toBe(24 * 60);
    expect(preparationLead(appointmentGuidance("ultrasound", "Thyroid").rules)).toBe(0);
  });
});

describe("the preparation at a booked time's clock", () => {
  it("for a 09:30 abdominal and pelvic scan: no food after 03:30, water 08:30 to 09:00, arrive by 09:15", () => {
    const rules = appointmentGuidance("ultrasound", "Abdomen & Pelvis").rules;
    expect(preparationAt(rules, "2026-12-08", "09:30")).toEqual([
      "Do not eat after 03:30.",
      "Drink 1 litre of water between 08:30 and 09:00.",
      "Do not empty your bladder until after your scan.",
      "Arrive by 09:15.",
    ]);
    expect(preparationAt(rules, "2026-12-08", "09:30", "tn")).toEqual([
      "O se ka wa ja sepe morago ga 03:30.",
      "Nwa metsi a lita e le 1 magareng ga 08:30 le 09:00.",
      "O se ka wa ntsha moroto go fitlha scan e fedile.",
      "Goroga pele ga 09:15.",
    ]);
    expect(preparationAtShort(rules, "2026-12-08", "09:30")).toEqual([
      "No food after 03:30.",
      "Water 08:30-09:00.",
      "Arrive by 09:15.",
    ]);
  });

  it("names the day when the time falls on the day before, and the scan a note of a whole service is about", () => {
    const dexa = appointmentGuidance("bone-densitometry-dexa-scan").rules;
    expect(preparationAt(dexa, "2026-12-08", "10:00")[0]).toBe(
      "Take no calcium supplements after 10:00 on Monday 7 December 2026.",
    );
    const ultrasound = appointmentGuidance("ultrasound").rules;
    expect(preparationAt(ultrasound, "2026-12-08", "09:30")[0]).toBe("Abdominal scan: do not eat after 03:30.");
    // A text names no scan: the notes about one part of a service stay out of it.
    expect(preparationAtShort(ultrasound, "2026-12-08", "09:30")).toEqual(["Arrive by 09:15."]);
  });

  it("say at the clock only what has a time: what to bring is the notes' to say, once", () => {
    for (const [service, locale, arrive] of [
      ["x-ray", "en", "Arrive by 09:45."],
      ["3d-pregnancy-scan", "en", "Arrive by 09:45."],
      ["x-ray", "tn", "Goroga pele ga 09:45."],
    ] as const) {
      const guidance = appointmentGuidance(service, null, locale);
      expect(guidance.rules.some((rule) => rule.kind === "bring")).toBe(true);
      const clock = preparationAt(guidance.rules, "2026-12-08", "10:00", locale);
      expect(clock).toEqual([arrive]);
    }
  });
});
