import { textsAbroadWords } from "../../../domain/contact-preference";
import type { Locale } from "../../../domain/locale";
import { requestReceivedMessage } from "../../../domain/request-words";
import type { AnswerRecord } from "../../requests/idempotency";

/**
 * The appointment API's 201 (decision 031): what the route answers a stored
 * request with, and what is kept under its Idempotency-Key, so a replay is
 * the first answer. The private link is never part of it: the route adds a
 * fresh one to a first answer only (server/appointments/booking/submit.ts).
 */

/**
 * The 201 answer's `message` (domain/request-words.ts): a request received,
 * with the day by whose end the clinic contacts the patient. The
 * specification's "Your appointment has been scheduled successfully!" read as
 * a booked time (decision 025).
 */
export const appointmentAcceptedMessage = requestReceivedMessage;

/**
 * The answer's word on texts when the patient's number is in none of the
 * countries texts go to (SMS_COUNTRIES, decision 042): none are sent, the
 * patient hears by e-mail, and `message` says why in their language.
 */
export interface TextsNotSent {
  sent: false;
  reason: "country";
  /** SMS_COUNTRIES, ISO codes. */
  countries: string[];
  message: string;
}

export function textsNotSent(countries: readonly string[], locale: Locale): TextsNotSent {
  return { sent: false, reason: "country", countries: [...countries], message: textsAbroadWords(countries, locale) };
}

/** A stored request as its answer states it: the specification's fields. */
export interface AcceptedAppointment {
  /** The words it was received with (kept with the answer, so a replay says the same). */
  message: string;
  reference: string;
  /** The requested date, YYYY-MM-DD. */
  appointmentDate: string;
  service: { name: string };
  /** Present when no texts go to the patient's number, and why (kept with the answer too). */
  textMessages?: TextsNotSent;
  /** A time the patient booked (decision 063): confirmed, at appointmentDate and this time. */
  booked?: { status: "confirmed"; appointmentTime: string };
}

/** An accepted request's 201, and the same read back from the idempotency store. */
export const appointmentAnswer: AnswerRecord<AcceptedAppointment> = {
  answer: ({ message, reference, appointmentDate, service, textMessages, booked }) => ({
    status: 201,
    body: {
      message,
      data: {
        reference,
        ...(booked ? { status: booked.status } : {}),
        appointmentDate,
        ...(booked ? { appointmentTime: booked.appointmentTime } : {}),
        service: { name: service.name },
        ...(textMessages ? { textMessages } : {}),
      },
    },
  }),
  read: ({ body }) => {
    const data = body.data as Omit<AcceptedAppointment, "message" | "booked"> & {
      status?: "confirmed";
      appointmentTime?: string;
    };
    return {
      message: String(body.message),
      reference: data.reference,
      appointmentDate: data.appointmentDate,
      service: { name: data.service.name },
      ...(data.textMessages ? { textMessages: data.textMessages } : {}),
      ...(data.status && data.appointmentTime
        ? { booked: { status: data.status, appointmentTime: data.appointmentTime } }
        : {}),
    };
  },
};
