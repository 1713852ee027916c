import { describe, expect, it } from "vitest";
import { closureMail, closureSentence, type ClosureNotice } from "../../server/appointments/notices/closure-mail";
import { loadConfig } from "../../server/base/config";

/** The patient's e-mail when a closure reaches their appointment (decision 034). */
const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: "/nonexistent" });
const notice: ClosureNotice = {
  reference: "APT-2026-000010",
  name: "Kagiso",
  email: "kagiso@example.org",
  phone: "+26771234567",
  serviceName: "x-ray",
  date: "2026-12-01",
  time: "10:00",
  reason: "Power cut",
  roomOnly: false,
  manageUrl: "https://clinic.example.org/appointment/abc",
  language: "en",
};

describe("the closure e-mail", () => {
  it("says the clinic is closed that day with the reason, what it means for a confirmed time, and the private link", () => {
    const mail = closureMail(config, notice);
    expect(mail.to).toBe("kagiso@example.org");
    expect(mail.about).toBe("APT-2026-000010");
    expect(mail.subject).toBe("Please choose another date: X-ray Imaging on Tuesday 1 December 2026");
    expect(mail.text).toContain("Dear Kagiso,");
    expect(mail.text).toContain("The clinic is closed on Tuesday 1 December 2026: Power cut.");
    expect(mail.text).toContain("on Tuesday 1 December 2026 at 10:00 cannot go ahead, so that time is no longer held");
    expect(mail.text).toContain("https://clinic.example.org/appointment/abc");
    expect(mail.text).toContain(config.clinic.name);
  });

  it("words a request and a room out of service, and ends the reason once", () => {
    const mail = closureMail(config, { ...notice, time: null, roomOnly: true, reason: "X-ray tube replacement." });
    expect(mail.text).toContain(
      "The equipment for your examination is out of service on Tuesday 1 December 2026: X-ray tube replacement.\n",
    );
    expect(mail.text).toContain(
      "Your request for X-ray Imaging on Tuesday 1 December 2026 cannot go ahead on that day.",
    );
    expect(closureSentence({ date: "2026-12-01", reason: "Flooded!", roomOnly: false })).toBe(
      "The clinic is closed on Tuesday 1 December 2026: Flooded!",
    );
  });

  it("repeats nothing the patient typed but a first name that looks like one", () => {
    const mail = closureMail(config, { ...notice, name: "Visit https://evil.example" });
    expect(mail.text).toContain("Dear patient,");
    expect(mail.text).not.toContain("evil");
  });
});
