import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orThrow } from "../helpers/outcome";
import { m } from "../../domain/paraglide/messages.js";
import { changeStatus } from "../../server/appointments/front-desk/staff-changes";
import { staffRuntime } from "../../server/db/runtime";
import { createTestApp, type TestApp } from "../helpers/app";
import { privatePageFromMail } from "../helpers/patient-link";
import { addStaff, nextOpenWeekday, seedAppointment, sessionCookieFor } from "../helpers/staff";

/**
 * The examination's own preparation, end to end (decision 045): reception
 * confirms an ultrasound request as "Abdomen (Upper)" or "Pelvis (Female)";
 * the confirmation e-mail, the private page it links to (in the patient's
 * language) and the staff page give that examination's name and preparation,
 * and not the other's. Needs a client build (`npm run build`).
 */

const tn = { locale: "tn" } as const;
const esc = (text: string) => text.replace(/&/g, "&amp;").replace(/'/g, "&#x27;").replace(/"/g, "&quot;");

describe("the examination's preparation on the e-mail, the private page and the staff page", () => {
  let t: TestApp;
  let staff: { id: number; email: string; name: string; role: "manager" };
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_ENABLED: "false" }, { servePages: true });
    const s = await addStaff(t.db, { email: "prep@clinic.example.org", name: "Clinic Manager" });
    staff = { id: s.id, email: "prep@clinic.example.org", name: "Clinic Manager", role: "manager" };
    cookie = await sessionCookieFor(t.db, t.config, s.id);
  });
  afterAll(() => t.close());

  /** Confirms an ultrasound request as `examination` (each at its own time on one day); answers its id, e-mail and private page. */
  const confirmAs = async (examination: string, time: string, language: "en" | "tn" = "en") => {
    const day = nextOpenWeekday(t.config, 24);
    const reference = `APT-PREP-${examination.replace(/\W/g, "")}-${language}`;
    const id = await seedAppointment(t.db, {
      reference,
      service_name: "ultrasound",
      requested_date: day,
      language,
    });
    await orThrow(
      changeStatus(staffRuntime(t.db, t.config), staff, id, { to: "confirmed", date: day, time, examination }),
    );
    const { mail, html: page } = await privatePageFromMail(t, reference);
    return { id, mail, page };
  };

  it("Abdomen (Upper): the 6-hour fast and its name, never the full bladder", async () => {
    const { id, mail, page } = await confirmAs("Abdomen (Upper)", "09:00");
    expect(mail).toContain(`How to prepare for your scan: Abdomen (Upper):\n- ${m.services_prep_exam_fast()}`);
    expect(mail).not.toContain("bladder");
    expect(page).toContain(`<dt>${esc(m.private_label_examination())}</dt><dd>Abdomen (Upper)</dd>`);
    expect(page).toContain(esc("How to prepare for your scan: Abdomen (Upper)"));
    expect(page).toContain(esc(m.services_prep_exam_fast()));
    expect(page).not.toContain("bladder");
    const staffPage = await t.app.inject({ method: "GET", url: `/staff/appointments/${id}`, headers: { cookie } });
    expect(staffPage.body).toContain(esc(m.services_prep_exam_fast()));
    expect(staffPage.body).not.toContain(esc(m.service_ultrasound_prep_pelvic()));
  });

  it("Pelvis (Female): the full bladder and its name, never the fast", async () => {
    const { page, mail } = await confirmAs("Pelvis (Female)", "11:00");
    expect(mail).toContain(`- ${m.services_prep_exam_full_bladder()}`);
    expect(mail).not.toContain("6 hours");
    expect(page).toContain(`<dd>Pelvis (Female)</dd>`);
    expect(page).toContain(esc(m.services_prep_exam_full_bladder()));
    expect(page).not.toContain("6 hours");
  });

  it("in Setswana for a Setswana patient: the examination's Setswana name and preparation", async () => {
    const { page, mail } = await confirmAs("Pelvis (Female)", "14:00", "tn");
    const name = m.services_exam_pelvis_female({}, tn);
    expect(mail).toContain(`${m.mail_prepare_heading_examination({ examination: name }, tn)}:`);
    expect(page).toContain(`<dt>${esc(m.private_label_examination({}, tn))}</dt><dd>${esc(name)}</dd>`);
    expect(page).toContain(esc(m.services_prep_exam_full_bladder({}, tn)));
    expect(page).not.toContain(esc(m.services_prep_exam_fast({}, tn)));
    expect(page).not.toContain("How to prepare");
  });
});
