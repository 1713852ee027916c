import { ENQUIRY_PATH } from "../../domain/api-paths";
import { BASE_LOCALE } from "../../domain/locale";
import type { Contact } from "../../domain/validation/contact";
import { contactSchemaFor } from "../../domain/validation/contact";
import { checkSchema, fieldMessages, languageOf, type Checked } from "../../domain/validation/fields";
import type { Config } from "../base/config";
import type { Db } from "../db/index";
import { enqueueMail } from "../mail/queue";
import { clinicEnquiryMail } from "./mails";
import { runIdempotent } from "../requests/idempotency";
import { checkPhone } from "../requests/phone";
import type { Submission } from "../requests/types";
import { ENQUIRY_ACCEPTED, enquiryAnswer, type AcceptedEnquiry } from "./api-answer";
import { enquiryRepository } from "./enquiry-repository";

/** A contact enquiry that passed every rule, with its phone number in E.164. */
export interface ValidEnquiry extends Contact {
  phoneE164: string;
}

/** What storeEnquiry gives: the enquiry stored (or the first one, replayed), or a key reused with another body. */
export type EnquiryOutcome = { kind: "stored"; accepted: AcceptedEnquiry; replayed: boolean } | { kind: "key-reused" };

/**
 * The shared schema, then the phone rule (enquiryRules), with the messages in the body's language.
 * Used by the contact page's plain form post.
 */
export function validateEnquiry(body: Record<string, unknown>): Checked<ValidEnquiry> {
  return enquiryRules(body, checkSchema(contactSchemaFor(languageOf(body)), body));
}

/**
 * The phone rule only the server checks, on top of the schema's verdict
 * (`verdict`, on `body` as sent; the JSON endpoint's comes from its route).
 * Each message is the shared one from domain/validation, in the body's
 * `language` (English without it: an English verdict is taken again with
 * that language's schema, the same rules); the errors are the schema's and
 * the phone rule's together.
 */
export function enquiryRules(body: Record<string, unknown>, verdict: Checked<Contact>): Checked<ValidEnquiry> {
  const locale = languageOf(body);
  const schema = verdict.ok || locale === BASE_LOCALE ? verdict : checkSchema(contactSchemaFor(locale), body);
  const errors = schema.ok ? {} : { ...schema.errors };
  const phone = checkPhone(body, "phoneNumber", errors, fieldMessages(locale).phoneInvalid);
  if (!schema.ok || !phone || Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, value: { ...schema.value, phoneE164: phone.e164 } };
}

/**
 * Stores a valid enquiry and queues the clinic's notification in one
 * transaction, replaying the first outcome to a repeated Idempotency-Key.
 */
export async function storeEnquiry(
  db: Db,
  config: Config,
  value: ValidEnquiry,
  { body, key, now, year }: Submission,
): Promise<EnquiryOutcome> {
  const enquiries = enquiryRepository(db);
  const done = await runIdempotent(db, ENQUIRY_PATH, key, body, enquiryAnswer, async (trx) => {
    const row = await enquiries.create(
      {
        name: value.name,
        phone: value.phoneE164,
        email: value.email,
        description: value.description,
        language: value.language ?? BASE_LOCALE,
      },
      now,
      year,
      trx,
    );
    await enqueueMail(clinicEnquiryMail({ reference: row.reference }, config), now, trx);
    return { message: ENQUIRY_ACCEPTED, reference: row.reference };
  });
  if (done.kind === "key-reused") return done;
  if (done.kind === "rejected") return done.reason; // (never: the work throws no Rejection)
  return { kind: "stored", accepted: done.value, replayed: done.replayed };
}
