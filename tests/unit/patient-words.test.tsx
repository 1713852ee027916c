// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { AppointmentConfirmation } from "~/components/forms/booking/confirmation";
import { formatLongDate } from "../../domain/dates";
import { answerByFromCalendar } from "../../domain/opening-days";
import { REFERRAL_WORDS, REQUEST_RECEIVED, requestNextStep } from "../../domain/request-words";
import { loadConfig } from "../../server/base/config";
import { patientAppointmentMail, reminderMail } from "../../server/appointments/notices/mails";
import { cancellationMail, confirmationMail } from "../../server/appointments/notices/confirmation-mail";
import { movedMail } from "../../server/appointments/notices/moved-mail";

/**
 * What a patient reads after a request (decision 025): a
 * request received, not a booked time, and by when the clinic answers; the
 * same words on the page and in the e-mail; whether a referral form came;
 * every date as day, month and year.
 */

afterEach(cleanup);

const config = loadConfig({ NODE_ENV: "test", PUBLIC_BASE_URL: "https://clinic.example.org" });
const MANAGE_URL = "https://clinic.example.org/appointment/abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ";

/** A date written the ISO way, or month first ("December 7, 2026", "Dec 7 2026"), or numeric month first. */
const NOT_DAY_MONTH_YEAR =
  /\b\d{4}-\d{2}-\d{2}\b|\b(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\.? \d{1,2}(?:st|nd|rd|th)?,? \d{4}\b|\b(?:1[0-2]|0?[1-9])\/(?:1[3-9]|2\d|3[01])\/\d{4}\b/;

/** Everything a patient reads in an e-mail: subject, text, HTML without tags, and the calendar file's text. */
function readable(mail: ReturnType<typeof confirmationMail>): string {
  const ics = (mail.attachments ?? []).map((a) =>
    String(a.content)
      .replace(/\r\n /g, "")
      .split("\r\n")
      .filter((line) => /^(SUMMARY|LOCATION|DESCRIPTION):/.test(line))
      .join("\n"),
  );
  return [mail.subject, mail.text, (mail.html ?? "").replace(/<[^>]+>/g, " "), ...ics].join("\n");
}

describe("the booking page's confirmation", () => {
  const props = {
    reference: "APT-2026-000123",
    date: "2026-12-07",
    service: "X-ray Imaging",
    manageUrl: MANAGE_URL,
    whatsapp: "+26771234567",
    onBookAnother: () => {},
  };

  it("says a request was received and by when the clinic contacts the patient, never that it is scheduled", () => {
    render(<AppointmentConfirmation {...props} answerBy="2026-11-30" referral />);
    expect(screen.getByRole("heading", { level: 2 }).textContent).toBe(REQUEST_RECEIVED);
    const text = document.body.textContent!;
    expect(text).toContain(
      "The clinic will contact you by the end of Monday 30 November 2026 to confirm the time of your appointment.",
    );
    expect(text).toContain("Please do not come to the clinic until it has confirmed a time with you.");
    expect(text).not.toMatch(/scheduled|successfully/i);
    expect(text).toContain("Monday 7 December 2026");
    expect(text).not.toMatch(NOT_DAY_MONTH_YEAR);
  });

  it("says whether a referral form was received", () => {
    render(<AppointmentConfirmation {...props} referral />);
    expect(document.body.textContent).toContain(REFERRAL_WORDS.received);
    cleanup();
    render(<AppointmentConfirmation {...props} referral={false} />);
    expect(document.body.textContent).toContain(REFERRAL_WORDS.none);
  });

  it("without a day (no calendar from the server), says within one working day", () => {
    render(<AppointmentConfirmation {...props} referral={false} />);
    expect(document.body.textContent).toContain("The clinic will contact you within one working day");
  });
});

describe("the day the booking page's script says, from the calendar the server gave", () => {
  const calendar = {
    today: "2026-11-28",
    firstDate: "2026-11-28",
    lastDate: "2027-02-26",
    closedDates: ["2026-11-29"],
  };

  it("is the first open day after the day the request is made", () => {
    // Saturday 28 November, 10:00 in Gaborone: Sunday is closed, so Monday.
    expect(answerByFromCalendar(calendar, new Date("2026-11-28T08:00:00Z"))).toBe("2026-11-30");
    // A closure the server listed is skipped.
    expect(
      answerByFromCalendar(
        { ...calendar, closedDates: ["2026-11-29", "2026-11-30"] },
        new Date("2026-11-28T08:00:00Z"),
      ),
    ).toBe("2026-12-01");
    // Past midnight in Gaborone (22:30 UTC is 00:30 on Sunday): the page was loaded on Saturday.
    expect(answerByFromCalendar(calendar, new Date("2026-11-29T22:30:00Z"))).toBe("2026-12-01");
  });

  it("falls back to the server's today when the device's clock is outside the calendar", () => {
    expect(answerByFromCalendar(calendar, new Date("2020-01-01T08:00:00Z"))).toBe("2026-11-30");
  });
});

describe("the patient's e-mails", () => {
  const request = {
    id: 7,
    reference: "APT-2026-000123",
    name: "Kagiso",
    email: "kagiso@example.net",
    serviceTitle: "X-ray Imaging",
    requestedDate: "2026-12-07",
    manageUrl: MANAGE_URL,
    language: "en" as const,
  };

  it("after a request: the page's words, by when, and whether a referral form came", () => {
    const mail = patientAppointmentMail({ ...request, answerBy: "2026-11-30", referralReceived: true }, config);
    for (const part of [mail.text, mail.html!]) {
      expect(part).toContain(REQUEST_RECEIVED);
      expect(part).toContain(requestNextStep("2026-11-30"));
      expect(part).toContain(REFERRAL_WORDS.received);
      expect(part).not.toMatch(/scheduled|successfully|confirmed booking/i);
    }
    const none = patientAppointmentMail({ ...request, answerBy: "2026-11-30", referralReceived: false }, config);
    expect(none.text).toContain(REFERRAL_WORDS.none);
    expect(none.text).not.toContain(REFERRAL_WORDS.received);
  });

  const confirmed = {
    reference: "APT-2026-000123",
    name: "Kagiso",
    email: "kagiso@example.net",
    serviceName: "x-ray",
    date: "2026-12-07",
    time: "09:30",
    manageUrl: MANAGE_URL,
    language: "en" as const,
  };
  const now = new Date("2026-11-28T08:00:00Z");
  const mails = {
    request: patientAppointmentMail({ ...request, answerBy: "2026-11-30", referralReceived: false }, config),
    confirmation: confirmationMail(config, confirmed, now),
    moved: movedMail(config, confirmed),
    cancelled: cancellationMail(config, { ...confirmed, reason: "The machine is being repaired." }),
    reminder: reminderMail(
      {
        name: "Kagiso",
        email: "kagiso@example.net",
        reference: "APT-2026-000123",
        service_name: "x-ray",
        examination: null,
        confirmed_date: "2026-12-07",
        confirmed_time: "09:30",
        language: "en",
      },
      MANAGE_URL,
      config,
    ),
  };

  it.each(Object.entries(mails))("the %s e-mail writes every date as day, month and year", (_kind, mail) => {
    const text = readable(mail);
    expect(text).not.toMatch(NOT_DAY_MONTH_YEAR);
    if (_kind !== "cancelled") expect(text).toContain(formatLongDate("2026-12-07"));
  });

  it("the check can fail", () => {
    for (const wrong of ["2026-12-07", "December 7, 2026", "Dec 7 2026", "12/25/2026"]) {
      expect(wrong).toMatch(NOT_DAY_MONTH_YEAR);
    }
    for (const right of ["Monday 7 December 2026", "07/12/2026", "25/12/2026"]) {
      expect(right).not.toMatch(NOT_DAY_MONTH_YEAR);
    }
  });
});
