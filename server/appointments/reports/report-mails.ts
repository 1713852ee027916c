import { BASE_LOCALE, type Locale } from "../../../domain/locale";
import { toGsm7, septetCount, SMS_MAX_SEPTETS } from "../../../domain/gsm7";
import { m } from "../../../domain/paraglide/messages.js";
import { CODE_DIGITS, CODE_MINUTES, DOCTOR_LINK_DAYS } from "../../../domain/reports";
import type { Config } from "../../base/config";
import { escapeHtml, link, mailDocument } from "../../mail/compose";
import type { OutgoingMail } from "../../mail/queue";
import { patientTextMail, privateLinkLines } from "../notices/index";

/**
 * What the report's messages say (decision 075). The subject of the doctor's
 * e-mail names the clinic's reference only: neither the patient nor the
 * examination, since a mailbox's list of subjects is read by more people than
 * its messages. The patient's e-mail and text name no examination either.
 * The doctor's messages are in English whatever the patient's language
 * (decision 083: the doctor chose none, and English is the language of
 * referral letters); their page has its Setswana twin.
 */

/** The e-mail that tells the referring doctor the report of `reference` is ready (or corrected), with the link. */
export function doctorReportMail(
  config: Pick<Config, "clinic">,
  { to, reference, url, corrected }: { to: string; reference: string; url: string; corrected: boolean },
): OutgoingMail {
  const options = { locale: BASE_LOCALE };
  const subject = m.report_doctor_mail_subject({ ref: reference }, options);
  const intro = corrected
    ? m.report_doctor_mail_corrected({ ref: reference }, options)
    : m.report_doctor_mail_intro({ ref: reference }, options);
  const label = m.report_doctor_mail_link({}, options);
  const how = m.report_doctor_mail_how({ days: DOCTOR_LINK_DAYS, digits: CODE_DIGITS }, options);
  const wrongPerson = m.report_doctor_mail_wrong_person({}, options);
  return {
    to,
    about: reference,
    subject,
    text: [intro, "", `${label}: ${url}`, "", how, "", wrongPerson, "", config.clinic.name].join("\n"),
    html: mailDocument(
      `<p>${escapeHtml(intro)}</p>${link(url, label)}<p>${escapeHtml(how)}</p><p>${escapeHtml(wrongPerson)}</p>`,
      { locale: BASE_LOCALE, subject, clinicName: config.clinic.name },
    ),
  };
}

/**
 * The code for the doctor's link, by e-mail: kept only until it is sent
 * (forgetAfterSend), so the queue does not hold the code once it has gone.
 */
export function doctorCodeMail(
  config: Pick<Config, "clinic">,
  { to, reference, code }: { to: string; reference: string; code: string },
): OutgoingMail {
  const options = { locale: BASE_LOCALE };
  return {
    to,
    about: reference,
    subject: m.report_code_mail_subject({}, options),
    text: [m.report_code_mail_body({ code, minutes: CODE_MINUTES }, options), "", config.clinic.name].join("\n"),
    forgetAfterSend: true,
  };
}

/** The code by SMS, one GSM-7 segment; null when it cannot fit (a sender name too long). */
export function doctorCodeSms(sender: string, reference: string, code: string): string | null {
  const body = toGsm7(
    m.sms_report_code({ sender, ref: reference, code, minutes: CODE_MINUTES }, { locale: BASE_LOCALE }),
  );
  return septetCount(body) <= SMS_MAX_SEPTETS ? body : null;
}

/** The patient's e-mail that the report is on their private page, in their language, without the examination. */
export function patientReportMail(
  config: Pick<Config, "clinic">,
  appt: { name: string; email: string; reference: string; language: Locale },
  manageUrl: string,
): OutgoingMail {
  const options = { locale: appt.language };
  return patientTextMail(appt, config.clinic.name, {
    subject: m.report_patient_mail_subject({}, options),
    lines: [
      m.report_patient_mail_intro({ ref: appt.reference }, options),
      "",
      ...privateLinkLines(manageUrl, appt.language, m.report_patient_mail_link({}, options)),
    ],
  });
}
