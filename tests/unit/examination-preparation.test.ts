import { describe, expect, it } from "vitest";
import {
  appointmentGuidance,
  appointmentMinutes,
  examinationsFor,
  serviceGuidance,
  ULTRASOUND_TIMINGS,
} from "../../domain/catalogue";
import { LOCALES } from "../../domain/locale";
import { m } from "../../domain/paraglide/messages.js";
import { confirmationMail } from "../../server/appointments/notices/confirmation-mail";
import { reminderMail } from "../../server/appointments/notices/mails";
import { loadConfig } from "../../server/base/config";

/**
 * Each examination's own preparation (decision 045): once reception chooses the
 * examination within a service, the patient is told that examination's
 * preparation and its name (the confirmation and reminder e-mails, the
 * calendar file, the private page, the staff page), never the whole service's
 * mix of a 6-hour fast and a full bladder. The table splits the ultrasound
 * page's "How to prepare" by examination.
 */

const config = loadConfig({ NODE_ENV: "test", PUBLIC_BASE_URL: "https://clinic.example.org" });
const tn = { locale: "tn" } as const;
const FAST = m.services_prep_exam_fast();
const BLADDER = m.services_prep_exam_full_bladder();
const NONE = m.services_prep_exam_none();
const ASK = m.services_prep_exam_ask();
const notesOf = (examination: string, service = "ultrasound") => appointmentGuidance(service, examination).notes;

describe("the preparation table", () => {
  it("gives every examination (and each option) its own notes in both languages, then the notes for every visit", () => {
    const every = serviceGuidance("advanced-technology").notes;
    for (const { name } of examinationsFor("ultrasound")) {
      for (const locale of LOCALES) {
        const guidance = appointmentGuidance("ultrasound", name, locale);
        const everyHere = serviceGuidance("advanced-technology", locale).notes;
        expect(guidance.notes.length, name).toBeGreaterThan(everyHere.length);
        expect(guidance.notes.slice(-everyHere.length)).toEqual(everyHere);
        expect(guidance.examination, name).toBeTruthy();
      }
      expect(every.length).toBe(2);
    }
    expect(ULTRASOUND_TIMINGS.every((t) => t.preparation.length > 0)).toBe(true);
  });

  it("fasts for the upper abdomen, the liver and the gallbladder, with no full bladder", () => {
    for (const exam of ["Abdomen (Upper)", "Abdomen (Full)", "Liver", "Gallbladder"]) {
      expect(notesOf(exam), exam).toContain(FAST);
      expect(notesOf(exam), exam).not.toContain(BLADDER);
    }
  });

  it("asks for a full bladder for the pelvis and the kidneys, with no fast", () => {
    for (const exam of ["Pelvis (Female)", "Pelvis (Male)", "Renal"]) {
      expect(notesOf(exam), exam).toContain(BLADDER);
      expect(notesOf(exam), exam).not.toContain(FAST);
    }
  });

  it("asks for both for the abdomen and pelvis together, as the ultrasound page says", () => {
    expect(notesOf("Abdomen & Pelvis").slice(0, 2)).toEqual([FAST, BLADDER]);
  });

  it("needs nothing special for the thyroid, scrotum, hernia, soft tissue and salivary glands", () => {
    for (const exam of ["Thyroid", "Scrotum", "Hernia", "Soft Tissue", "Salivary Glands"]) {
      expect(notesOf(exam)[0], exam).toBe(NONE);
      expect(notesOf(exam), exam).not.toContain(FAST);
      expect(notesOf(exam), exam).not.toContain(BLADDER);
    }
  });

  it("keeps the breast imaging notes for a breast scan, and asks the clinic for the aorta (the clinic has not said)", () => {
    expect(notesOf("Breast (Double)", "breast-ultrasound")).toEqual(serviceGuidance("breast-ultrasound").notes);
    expect(notesOf("Breast (Single)")).toEqual(serviceGuidance("breast-ultrasound").notes);
    expect(notesOf("Aorta Surveillance")).toEqual([ASK, ...serviceGuidance("advanced-technology").notes]);
  });

  it("names the examination in the patient's language, and takes its length", () => {
    const en = appointmentGuidance("ultrasound", "Pelvis (Female)");
    const setswana = appointmentGuidance("ultrasound", "Pelvis (Female)", "tn");
    expect(en.examination).toBe("Pelvis (Female)");
    expect(setswana.examination).toBe(m.services_exam_pelvis_female({}, tn));
    expect(setswana.notes[0]).toBe(m.services_prep_exam_full_bladder({}, tn));
    expect(en.durationMinutes).toBe(appointmentMinutes("ultrasound", "Pelvis (Female)"));
    expect(en.durationMinutes).toBe(40);
  });

  it("gives the service's notes when no examination is chosen, or one its service does not offer", () => {
    expect(appointmentGuidance("ultrasound", null)).toEqual(serviceGuidance("ultrasound"));
    expect(appointmentGuidance("ultrasound", "Knee")).toEqual(serviceGuidance("ultrasound"));
    expect(appointmentGuidance("x-ray", "Abdomen (Upper)")).toEqual(serviceGuidance("x-ray"));
  });
});

describe("the e-mails", () => {
  const appt = {
    reference: "APT-2026-000777",
    name: "Kagiso",
    email: "kagiso@example.net",
    serviceName: "ultrasound",
    date: "2026-12-07",
    time: "09:30",
    manageUrl: "https://clinic.example.org/appointment/x",
    language: "en" as const,
  };
  const now = new Date("2026-12-01T08:00:00Z");

  it("the confirmation and its calendar file give the upper abdomen's fast and its name, never the full bladder", () => {
    const mail = confirmationMail(config, { ...appt, examination: "Abdomen (Upper)" }, now);
    expect(mail.text).toContain(`How to prepare for your scan: Abdomen (Upper):\n- ${FAST}\n`);
    expect(mail.text).not.toContain(BLADDER);
    expect(mail.text).not.toContain(m.service_ultrasound_prep_pelvic());
    const ics = mail.attachments![0]!.content.toString();
    expect(ics.replace(/\r\n /g, "")).toContain("Abdomen (Upper)");
    expect(ics).not.toContain("bladder");
  });

  it("the confirmation of a 09:30 abdominal and pelvic scan gives the clock times (03:30, 08:30 to 09:00, 09:15), in both languages", () => {
    const examination = "Abdomen & Pelvis";
    const en = confirmationMail(config, { ...appt, examination }, now);
    for (const line of [
      "Do not eat after 03:30.",
      "Drink 1 litre of water between 08:30 and 09:00.",
      "Arrive by 09:15.",
    ])
      expect(en.text).toContain(`- ${line}\n`);
    const setswana = confirmationMail(config, { ...appt, examination, language: "tn" }, now);
    for (const line of [
      "O se ka wa ja sepe morago ga 03:30.",
      "Nwa metsi a lita e le 1 magareng ga 08:30 le 09:00.",
      "Goroga pele ga 09:15.",
    ])
      expect(setswana.text).toContain(`- ${line}\n`);
  });

  it("the confirmation for the female pelvis gives the full bladder, never the fast; in Setswana too", () => {
    const mail = confirmationMail(config, { ...appt, examination: "Pelvis (Female)" }, now);
    expect(mail.text).toContain(`How to prepare for your scan: Pelvis (Female):\n- ${BLADDER}\n`);
    expect(mail.text).not.toContain(FAST);
    expect(mail.text).not.toContain("6 hours");
    const setswana = confirmationMail(config, { ...appt, examination: "Pelvis (Female)", language: "tn" }, now);
    const heading = m.mail_prepare_heading_examination({ examination: m.services_exam_pelvis_female({}, tn) }, tn);
    expect(setswana.text).toContain(`${heading}:\n- ${m.services_prep_exam_full_bladder({}, tn)}\n`);
    expect(setswana.text).not.toContain(m.services_prep_exam_fast({}, tn));
  });

  it("the reminder gives the chosen examination's preparation in its text and its HTML", () => {
    const reminder = reminderMail(
      {
        name: "Kagiso",
        email: "kagiso@example.net",
        reference: appt.reference,
        service_name: "ultrasound",
        examination: "Abdomen (Upper)",
        confirmed_date: appt.date,
        confirmed_time: appt.time,
        language: "en",
      },
      appt.manageUrl,
      config,
    );
    expect(reminder.text).toContain(`How to prepare for your scan: Abdomen (Upper):\n- ${FAST}\n`);
    expect(reminder.text).not.toContain(BLADDER);
    expect(reminder.html).toContain("<h2>How to prepare for your scan: Abdomen (Upper)</h2>");
    expect(reminder.html).not.toContain("bladder");
  });
});
