import { ENQUIRY_PATH } from "../../domain/api-paths";
import { ENQUIRY_RECEIVED_MESSAGE } from "../../domain/request-words";
import type { Contact } from "../../domain/validation/contact";
import { contactSchema } from "../../domain/validation/contact";
import { fieldErrors } from "../../domain/validation/fields";
import type { Config } from "../config";
import type { Db } from "../db/index";
import { enqueueMail } from "../mail/queue";
import { clinicEnquiryMail } from "./mails";
import { runIdempotent, type IdempotentAnswer } from "../requests/idempotency";
import { checkPhone } from "../requests/phone";
import type { Submission } from "../requests/types";
import { enquiryRepository } from "./enquiry-repository";

/** The 201 answer's `message`: "enquiry", never the specification's "inquiry" (decision 025). */
export const ENQUIRY_ACCEPTED = ENQUIRY_RECEIVED_MESSAGE;

/** A contact enquiry that passed every rule, with its phone number in E.164. */
export interface ValidEnquiry extends Contact {
  phoneE164: string;
}

/**
 * The shared schema, then the phone rule only the server checks. Each
 * message is the shared one from domain/validation. Used by the JSON
 * endpoint and by the contact page's plain form post.
 */
export function validateEnquiry(
  body: Record<string, unknown>,
): { ok: true; value: ValidEnquiry } | { ok: false; errors: Record<string, string> } {
  const parsed = contactSchema.safeParse(body);
  const errors = parsed.success ? {} : fieldErrors(parsed.error);
  const phone = checkPhone(body, "phoneNumber", errors);
  if (!parsed.success || !phone || Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, value: { ...parsed.data, phoneE164: phone } };
}

/**
 * Stores a valid enquiry and queues the clinic's notification in one
 * transaction, replaying the answer to a repeated Idempotency-Key.
 */
export async function storeEnquiry(
  db: Db,
  config: Config,
  value: ValidEnquiry,
  { body, key, now, year }: Submission,
): Promise<IdempotentAnswer> {
  const enquiries = enquiryRepository(db);
  return runIdempotent(db, ENQUIRY_PATH, key, body, async (trx) => {
    const row = await enquiries.create(
      { name: value.name, phone: value.phoneE164, email: value.email, description: value.description },
      now,
      year,
      trx,
    );
    await enqueueMail(trx, clinicEnquiryMail({ reference: row.reference }, config), now);
    return { status: 201, body: { message: ENQUIRY_ACCEPTED, data: { reference: row.reference } } };
  });
}
