import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { mailRepository, type NewMail } from "./mail-repository";

export interface MailAttachment {
  filename: string;
  contentType: string;
  /** Text, or bytes (stored base64). */
  content: string | Buffer;
}

export interface OutgoingMail {
  to: string;
  /**
   * The reference of the appointment or enquiry the message is about, or null
   * (a staff invitation). A patient's export and erasure find the message by
   * it, or by its recipient, exactly: never by what its text mentions.
   */
  about: string | null;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
  /**
   * Kept only until it is sent: a patient's erasure leaves it queued, and
   * its recipient and text are blanked once it is sent or given up on
   * (the notice that an erased appointment is cancelled; decision 035).
   */
  forgetAfterSend?: boolean;
}

/**
 * Queues a message in the database (inside the caller's transaction when one
 * is passed). A background worker sends it and retries with backoff, so
 * sending never blocks or fails a request.
 */
export async function enqueueMail(mail: OutgoingMail, now: Date, trx: Kysely<Database>): Promise<void> {
  await enqueueMails([mail], now, trx);
}

/** Queues messages as enqueueMail does, in one insert (a booking's two). */
export async function enqueueMails(mails: readonly OutgoingMail[], now: Date, trx: Kysely<Database>): Promise<void> {
  await mailRepository(trx).enqueue(mails.map(queuedMail), now);
}

function queuedMail(mail: OutgoingMail): NewMail {
  const attachments = (mail.attachments ?? []).map((a) => ({
    filename: a.filename,
    contentType: a.contentType,
    content: Buffer.isBuffer(a.content) ? a.content.toString("base64") : Buffer.from(a.content).toString("base64"),
  }));
  return {
    to_address: mail.to,
    about_reference: mail.about,
    subject: mail.subject,
    text_body: mail.text,
    html_body: mail.html ?? null,
    attachments_json: JSON.stringify(attachments),
    forget_after_send: mail.forgetAfterSend ? 1 : 0,
  };
}
