import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { appointmentSchema, findBookableService } from "../../domain/validation/appointment";
import { enqueueMail } from "../mail/queue";
import { clinicAppointmentMail, patientAppointmentMail, type AppointmentMailData } from "../mail/templates";
import { formProblemResponses, invalid, isRecord, send } from "../requests/http";
import { Rejection, runIdempotent } from "../requests/idempotency";
import { fakeReference } from "../requests/reference";
import { screenSubmission } from "../requests/submission";
import type { RouteDeps } from "../types";
import { uploadRepository } from "../uploads/upload-repository";
import { appointmentRepository } from "./appointment-repository";
import { validateAppointment } from "./validate";

export const APPOINTMENT_PATH = "/api/appointment/public/appointments";
export const APPOINTMENT_ACCEPTED = "Your appointment has been scheduled successfully!";
export const REFERRAL_MISSING = "This referral form was not found or has expired. Please upload it again.";

/** The 201 answer: the request's reference, with the date and service it asks for. */
const appointmentAccepted = z.object({
  message: z.string(),
  data: z.object({
    reference: z.string(),
    appointmentDate: z.string(),
    service: z.object({ name: z.string() }),
  }),
});

/** POST /api/appointment/public/appointments: stores a request, attaches its uploads, queues both e-mails. */
export async function appointmentRoutes(app: FastifyInstance, { config, db, rateLimit }: RouteDeps) {
  const appointments = appointmentRepository(db);
  const uploads = uploadRepository(db);

  app.withTypeProvider<ZodTypeProvider>().post(
    APPOINTMENT_PATH,
    {
      schema: { body: appointmentSchema, response: { 201: appointmentAccepted, ...formProblemResponses } },
      config: rateLimit(config.rateLimit.bookingsPerMinute),
      preValidation: screenSubmission("appointment", (body, year, seed) => ({
        status: 201,
        body: {
          message: APPOINTMENT_ACCEPTED,
          data: {
            reference: fakeReference("APT", year, seed),
            appointmentDate: typeof body.appointmentDate === "string" ? body.appointmentDate.slice(0, 10) : "",
            service: {
              name:
                isRecord(body.service) && typeof body.service.name === "string" ? body.service.name.slice(0, 100) : "",
            },
          },
        },
      })),
      // The schema's errors come back from validateAppointment, together with the server-only rules'.
      attachValidation: true,
    },
    async (request, reply) => {
      const { body, key, now, year } = request.submission!;
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
        };
        await enqueueMail(trx, clinicAppointmentMail(mail, config), now);
        await enqueueMail(trx, patientAppointmentMail(mail, config), now);
        return {
          status: 201,
          body: {
            message: APPOINTMENT_ACCEPTED,
            data: {
              reference: row.reference,
              appointmentDate: row.requested_date,
              service: { name: a.serviceTitle },
            },
          },
        };
      });
      if (answer.replayed) reply.header("idempotent-replayed", "true");
      return send(reply, answer);
    },
  );
}
