import { ENQUIRY_RECEIVED_MESSAGE } from "../../domain/request-words";
import type { AnswerRecord } from "../requests/idempotency";

/**
 * The contact API's 201 (decision 031): what the route answers a stored
 * enquiry with, and what is kept under its Idempotency-Key, so a replay is
 * the first answer.
 */

/** The 201 answer's `message`: "enquiry", never the specification's "inquiry" (decision 025). */
export const ENQUIRY_ACCEPTED = ENQUIRY_RECEIVED_MESSAGE;

/** A stored enquiry as its answer states it. */
export interface AcceptedEnquiry {
  /** The words it was received with (kept with the answer, so a replay says the same). */
  message: string;
  reference: string;
}

/** An accepted enquiry's 201, and the same read back from the idempotency store. */
export const enquiryAnswer: AnswerRecord<AcceptedEnquiry> = {
  answer: ({ message, reference }) => ({ status: 201, body: { message, data: { reference } } }),
  read: ({ body }) => ({
    message: String(body.message),
    reference: String((body.data as { reference: string }).reference),
  }),
};
