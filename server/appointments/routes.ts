import type { FastifyInstance } from "fastify";
import { clinicToday } from "../../domain/opening-days";
import { findBookableService } from "../../domain/validation/appointment";
import { enqueueMail } from "../mail/queue";
import { clinicAppointmentMail, patientAppointmentMail, type AppointmentMailData } from "../mail/templates";
import type { RouteDeps } from "../enquiries/routes";
import { isHoneypotFilled } from "../requests/honeypot";
import { invalid, isRecord, requireJson, send } from "../requests/http";
import { Rejection, runIdempotent } from "../requests/idempotency";
import { fakeReference } from "../requests/reference";
import { idempotencyKey } from "../requests/request-context";
import { uploadRepository } from "../uploads/upload-repository";
import { appointmentRepository } from "./appointment-repository";
import { validateAppointment } from "./validate";

export const APPOINTMENT_PATH = "/api/appointment/public/appointments";
export const APPOINTMENT_ACCEPTED = "Your appointment has been scheduled successfully!";
export const REFERRAL_MISSING = "This referral form was not found or has expired. Please upload it again.";

/** POST /api/appointment/public/appointments: stores a request, attaches its uploads, queues both e-mails. */
export async function appointmentRoutes(app: FastifyInstance, { config, db, rateLimit }: RouteDeps) {
  const appointments = appointmentRepository(db);
  const uploads = uploadRepository(db);

  app.post(APPOINTMENT_PATH, { config: rateLimit(config.rateLimit.bookingsPerMinute) }, async (request, reply) => {
    const now = new Date();
    const year = Number(clinicToday(now).slice(0, 4));
    const wrongType = requireJson(request.headers["content-type"]);
    if (wrongType) return send(reply, wrongType);
    const body: unknown = request.body;
    const honeypotSeed = request.headers["idempotency-key"]?.toString();
    if (!isRecord(body)) return send(reply, invalid({ form: "Send the appointment as a JSON object." }));
    if (isHoneypotFilled(body)) {
      const service =
        isRecord(body.service) && typeof body.service.name === "string" ? body.service.name.slice(0, 100) : "";
      const date = typeof body.appointmentDate === "string" ? body.appointmentDate.slice(0, 10) : "";
      return send(reply, {
        status: 201,
        body: {
          message: APPOINTMENT_ACCEPTED,
          data: {
            reference: fakeReference("APT", year, honeypotSeed),
            appointmentDate: date,
            service: { name: service },
          },
        },
      });
    }
    const { key, error } = idempotencyKey(request);
    if (error) return send(reply, error);

    const checked = validateAppointment(body, now, config);
    if (!checked.ok) return send(reply, invalid(checked.errors));
    const a = checked.value;
    const publicIds = [...new Set(a.referralForms.map((f) => f.publicId))];

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
          // The spec's appointmentTime: the visitor's clock at submit, HH:mm.
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
      };
      await enqueueMail(trx, clinicAppointmentMail(mail, config), now);
      await enqueueMail(trx, patientAppointmentMail(mail, config), now);
      return {
        status: 201,
        body: {
          message: APPOINTMENT_ACCEPTED,
          data: { reference: row.reference, appointmentDate: row.requested_date, service: { name: a.serviceTitle } },
        },
      };
    });
    if (answer.replayed) reply.header("idempotent-replayed", "true");
    return send(reply, answer);
  });
}
