import { APPOINTMENT_PATH } from "../../domain/api-paths";
import { requestReceivedMessage } from "../../domain/request-words";
import { findBookableService } from "../../domain/validation/appointment";
import { requestAnswerBy } from "../closures/closed-dates";
import type { Config } from "../config";
import type { Db } from "../db/index";
import { enqueueMail } from "../mail/queue";
import { clinicAppointmentMail, patientAppointmentMail, type AppointmentMailData } from "./mails";
import { invalid } from "../requests/http";
import { Rejection, runIdempotent, type IdempotentAnswer } from "../requests/idempotency";
import type { Submission } from "../requests/types";
import { uploadRepository } from "../uploads/upload-repository";
import { appointmentRepository } from "./appointment-repository";
import { issueManageLink } from "./manage-links";
import type { ValidAppointment } from "./validate";

/**
 * The 201 answer's `message` (domain/request-words.ts): a request received,
 * with the day by whose end the clinic contacts the patient. The
 * specification's "Your appointment has been scheduled successfully!" read as
 * a booked time (decision 025).
 */
export const appointmentAcceptedMessage = requestReceivedMessage;
export const REFERRAL_MISSING = "This referral form was not found or has expired. Please upload it again.";

/** What storeAppointment answers: the API's answer, and for an accepted request the day by whose end it is answered. */
export interface StoredAppointment extends IdempotentAnswer {
  /** YYYY-MM-DD (requestAnswerBy); for a replay, reckoned from when the request was first made. */
  answerBy?: string;
}

/**
 * Stores a valid appointment request (validateAppointment) in one
 * transaction: the answer to a repeated Idempotency-Key is replayed; its
 * referral uploads must still be unclaimed and are attached; the record is
 * inserted with its reference (the service as its slug) and both e-mails are
 * queued, the patient's with a private link. Any rejection rolls everything
 * back. Used by the JSON endpoint and by the booking page's plain form post.
 *
 * The first answer carries `data.manageUrl`, a second private link made after
 * the transaction and never part of the stored answer (only hashes of links
 * are kept). A replay carries none: whoever holds the key and the body gets
 * the reference, never a new working link (docs/security.md); the patient has the
 * link from the first answer and from the e-mail.
 */
export async function storeAppointment(
  db: Db,
  config: Config,
  a: ValidAppointment,
  { body, key, now, year }: Submission,
): Promise<StoredAppointment> {
  const appointments = appointmentRepository(db);
  const uploads = uploadRepository(db);
  const publicIds = [...new Set(a.referralForms.map((f) => f.publicId))];
  // Read before the transaction (SQLite has one connection): the day by whose end the clinic answers.
  const answerBy = await requestAnswerBy(db, config, now);

  const answer = await runIdempotent(db, APPOINTMENT_PATH, key, body, async (trx) => {
    const since = new Date(now.getTime() - config.uploads.unclaimedHours * 3600_000);
    const claimable = await uploads.findClaimable(publicIds, since, trx);
    const found = new Set(claimable.map((u) => u.public_id));
    const missing: Record<string, string> = {};
    a.referralForms.forEach((f, i) => {
      if (!found.has(f.publicId)) missing[`referralForms.${i}.publicId`] = REFERRAL_MISSING;
    });
    if (Object.keys(missing).length) throw new Rejection(invalid(missing));

    const row = await appointments.create(
      {
        name: a.name,
        surname: a.surname,
        dob: a.dob,
        phone: a.phoneE164,
        alternate_phone: a.alternateE164,
        email: a.email,
        gender: a.gender,
        service_name: findBookableService(a.serviceTitle)?.slug ?? a.serviceTitle,
        payment_method: a.service.paymentMethod,
        medical_aid_number: a.medicalAidNumber ? a.medicalAidNumber : null,
        notes: a.notes,
        id_passport_number: a.idPassportNumber,
        requested_date: a.appointmentDate,
        // appointmentTime: the visitor's clock at submit, HH:mm.
        submitted_time: a.appointmentTime,
      },
      now,
      year,
      trx,
    );
    const attached = await uploads.attach(publicIds, row.id, trx);
    if (attached !== publicIds.length) throw new Rejection(invalid({ referralForms: REFERRAL_MISSING }));

    const mail: AppointmentMailData = {
      id: row.id,
      reference: row.reference,
      name: row.name,
      email: row.email,
      serviceTitle: a.serviceTitle,
      requestedDate: row.requested_date,
      manageUrl: await issueManageLink(db, config, row.id, now, trx),
      answerBy,
      referralReceived: publicIds.length > 0,
    };
    await enqueueMail(trx, clinicAppointmentMail(mail, config), now);
    await enqueueMail(trx, patientAppointmentMail(mail, config), now);
    return {
      status: 201,
      body: {
        message: appointmentAcceptedMessage(answerBy),
        data: {
          reference: row.reference,
          appointmentDate: row.requested_date,
          service: { name: a.serviceTitle },
        },
      },
    };
  });
  if (answer.status !== 201) return answer;
  const data = answer.body.data as { reference: string };
  const made = await appointments.madeOf(data.reference);
  if (!made) return answer;
  if (answer.replayed) return { ...answer, answerBy: await requestAnswerBy(db, config, new Date(made.created_at)) };
  return {
    ...answer,
    answerBy,
    body: { ...answer.body, data: { ...data, manageUrl: await issueManageLink(db, config, made.id, now) } },
  };
}
