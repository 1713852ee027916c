import crypto from "node:crypto";
import fs from "node:fs";
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import Busboy, { type BusboyInstance } from "@fastify/busboy";
import type { FastifyBaseLogger, FastifyInstance, RouteHandlerMethod } from "fastify";
import { clinicTime, clinicToday, clinicYear, parseDateInput } from "../../domain/dates";
import { MANAGE_PATH_PREFIX } from "../../domain/paths";
import {
  appointmentRequest,
  BOOKING_FIELDS,
  REFERRAL_FIELD,
  typedDateProblems,
  type BookingValues,
  type ReferralForm,
} from "../../domain/validation/appointment-form";
import { CONTACT_FIELDS, type ContactValues } from "../../domain/validation/contact-form";
import { fakeManageUrl } from "../appointments/manage-links";
import { storeAppointment } from "../appointments/submit";
import { validateAppointment } from "../appointments/validate";
import { bookingRulesNow, requestAnswerBy } from "../closures/closed-dates";
import type { Config } from "../config";
import type { Db } from "../db/index";
import { storeEnquiry, validateEnquiry } from "../enquiries/submit";
import type { ApiAnswer } from "./types";
import { ENVELOPE_BYTES, NO_FILE, tooLarge, uploadIntake, type Received } from "../uploads/intake";
import { removeQuietly } from "../uploads/storage";
import { BODY_TOO_LARGE, DISCARD_EXCEEDED, DISCARD_MAX_BYTES, FORM_BODY_MAX_BYTES } from "./body-limit";
import { FORM_URLENCODED, MULTIPART_FORM } from "./content-type";
import { isHoneypotFilled } from "./honeypot";
import { INVALID_MESSAGE, RATE_LIMIT_MESSAGE } from "./http";
import { canonicalJson } from "./idempotency";
import { clientDigest, countHit } from "./rate-limit-store";
import { fakeReference } from "./reference";
import { CROSS_SITE_MESSAGE, isCrossSite } from "./same-origin";
import { isDatabaseUnavailable, UNAVAILABLE_MESSAGE } from "./unavailable";

/**
 * The booking and contact forms posted as plain HTML (no JavaScript): the
 * page's React Router action hands the request here (through the load
 * context), and renders the answer. The same rules as the JSON API, through
 * the same functions: the same-origin check the staff console uses, a
 * per-minute rate limit per client address, the honeypot, the shared schema
 * and server-only rules (validateAppointment, validateEnquiry), the referral
 * file through the upload endpoint's own intake (caps, type by content, size
 * counted while it streams, PDF check, server-made names), and the same
 * transactions (storeAppointment, storeEnquiry). A plain form sends no
 * Idempotency-Key (its HTML is the same for every visitor), so its key is
 * made from what was posted and the client's address (contentKey): the same
 * form sent again (a reload, a second tap) gets the first answer and creates
 * nothing new.
 */

/** What the page shows after a plain form post. */
export interface PageFormAnswer {
  /** The page's HTTP status: 200 accepted, 400 invalid, 413/415 file refused, 429, 503. */
  status: number;
  /** The values as posted (the honeypot never), to fill the form again. */
  values: Record<string, string>;
  /** Field errors, under the API's keys (service.name, referralForms…, referral). */
  errors: Record<string, string>;
  /** A message for the form as a whole. */
  failure?: string;
  /** The accepted request's reference. */
  reference?: string;
  /** An accepted booking: what the confirmation shows. */
  confirmed?: {
    reference: string;
    date: string;
    service: string;
    manageUrl?: string;
    /** The day by whose end the clinic contacts the patient (requestAnswerBy), YYYY-MM-DD. */
    answerBy?: string;
    /** Whether a referral form came with the request. */
    referral: boolean;
  };
  /** A file was sent but not kept: it must be attached again. */
  reattach?: boolean;
  /** The body was not read to its end: close the connection after answering. */
  close?: boolean;
}

export interface PublicForms {
  booking(request: Request, clientIp: string): Promise<PageFormAnswer>;
  enquiry(request: Request, clientIp: string): Promise<PageFormAnswer>;
}

export const FORM_UNREADABLE = "The form could not be read. Please try again.";
export const SEND_AS_FORM = "Send the form from the page.";

const MINUTE_MS = 60_000;

/** The Idempotency-Key of a plain form post: a digest of the client's address and of what it posted. */
export function contentKey(kind: string, clientIp: string, posted: unknown): string {
  const digest = crypto.createHash("sha256").update(`${clientDigest(clientIp)}|${canonicalJson(posted)}`);
  return `page-${kind}:${digest.digest("base64url")}`;
}
/** Field limits of the booking's multipart body (the longest field, notes, is 2,000 characters). */
const FIELD_LIMITS = { fields: 30, parts: 32, files: 1, fieldSize: 16 * 1024, fieldNameSize: 100, headerPairs: 50 };

const contentType = (request: Request) =>
  (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();

function pick<K extends string>(names: readonly K[], from: (name: K) => string | undefined): Record<K, string> {
  return Object.fromEntries(names.map((n) => [n, from(n) ?? ""])) as Record<K, string>;
}

/** The posted values to show again: everything but the honeypot. */
function shown(values: Record<string, string>): Record<string, string> {
  const { website: _website, ...rest } = values;
  return rest;
}

export async function publicForms({
  config,
  db,
  log,
}: {
  config: Config;
  db: Db;
  log: FastifyBaseLogger;
}): Promise<PublicForms> {
  const intake = await uploadIntake({ config, db, log });

  /** An answer before anything was read: cross-site (403), rate limited (429), not a form (415); else null. */
  async function screen(
    request: Request,
    clientIp: string,
    kind: string,
    perMinute: number,
    type: string,
  ): Promise<PageFormAnswer | null> {
    if (isCrossSite(config, (name) => request.headers.get(name) ?? undefined)) {
      return { status: 403, values: {}, errors: {}, failure: CROSS_SITE_MESSAGE };
    }
    if (config.rateLimit.enabled) {
      const { current } = await countHit(db, `page-${kind}|${clientDigest(clientIp)}`, MINUTE_MS);
      if (current > perMinute) return { status: 429, values: {}, errors: {}, failure: RATE_LIMIT_MESSAGE };
    }
    if (contentType(request) !== type) return { status: 415, values: {}, errors: {}, failure: SEND_AS_FORM };
    return null;
  }

  /** A database outage becomes the public endpoints' 503 message, with the values kept. */
  async function guarded(values: Record<string, string>, work: () => Promise<PageFormAnswer>) {
    try {
      return await work();
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      return { status: 503, values: shown(values), errors: {}, failure: UNAVAILABLE_MESSAGE };
    }
  }

  async function enquiry(request: Request, clientIp: string): Promise<PageFormAnswer> {
    const refused = await screen(
      request,
      clientIp,
      "enquiry",
      config.rateLimit.enquiriesPerMinute,
      "application/x-www-form-urlencoded",
    );
    if (refused) return refused;
    const now = new Date();
    const year = clinicYear(now);
    const form = await request.formData();
    const values: ContactValues = pick(CONTACT_FIELDS, (n) => {
      const v = form.get(n);
      return typeof v === "string" ? v : undefined;
    });
    if (isHoneypotFilled(values)) {
      return { status: 200, values: {}, errors: {}, reference: fakeReference("ENQ", year) };
    }
    const checked = validateEnquiry(values);
    if (!checked.ok) return { status: 400, values: shown(values), errors: checked.errors, failure: INVALID_MESSAGE };
    return guarded(values, async () => {
      const key = contentKey("enquiry", clientIp, values);
      const answer = await storeEnquiry(db, config, checked.value, { body: values, key, now, year });
      return answered(answer, values);
    });
  }

  async function booking(request: Request, clientIp: string): Promise<PageFormAnswer> {
    const refused = await screen(
      request,
      clientIp,
      "booking",
      config.rateLimit.bookingsPerMinute,
      "multipart/form-data",
    );
    if (refused) return refused;
    const now = new Date();
    const year = clinicYear(now);

    let read: BookingPost;
    try {
      read = await readBookingPost(request, clientIp);
    } catch (error) {
      const code = (error as { code?: string }).code;
      // The file went far past its limit, or the body past the route's: the rest is not read.
      if (code === DISCARD_EXCEEDED || code === BODY_TOO_LARGE) {
        return { status: 413, values: {}, errors: { referral: tooLarge(intake.maxBytes) }, close: true };
      }
      if (isDatabaseUnavailable(error)) return { status: 503, values: {}, errors: {}, failure: UNAVAILABLE_MESSAGE };
      if (code === "FORM_UNREADABLE") return { status: 400, values: {}, errors: {}, failure: FORM_UNREADABLE };
      throw error;
    }
    const { values, file } = read;
    const temp = file && "temp" in file ? file : undefined;
    const discard = async () => {
      if (temp) await removeQuietly(temp.temp);
    };

    if (isHoneypotFilled(values)) {
      await discard();
      const date = parseDateInput(values.appointmentDate) ?? clinicToday(now);
      return guarded({}, async () => ({
        status: 200,
        values: {},
        errors: {},
        confirmed: {
          reference: fakeReference("APT", year),
          date,
          service: values.service.slice(0, 100),
          manageUrl: fakeManageUrl(config),
          answerBy: await requestAnswerBy(db, config, now),
          referral: !!temp,
        },
      }));
    }

    const body = appointmentRequest(values, clinicTime(now));
    const checked = validateAppointment(body, now, await bookingRulesNow(db, config, now));
    // What was typed, in the visitor's words (the date of birth's boxes, the date's format), over the schema's.
    const errors: Record<string, string> = { ...(checked.ok ? {} : checked.errors), ...typedDateProblems(values) };
    const fileRefused = file && "answer" in file ? file.answer : undefined;
    if (fileRefused) errors.referral = fileMessage(fileRefused);
    if (!checked.ok || Object.keys(errors).length) {
      await discard();
      return {
        status: fileRefused?.status ?? 400,
        values: shown(values),
        errors,
        failure: INVALID_MESSAGE,
        reattach: !!temp,
      };
    }

    const valid = checked.value;
    return guarded(values, async () => {
      let referralForms: ReferralForm[] = [];
      if (temp) {
        const pdfRefused = temp.mime === "application/pdf" ? await intake.refusePdf(temp.temp) : null;
        const stored = pdfRefused ?? (await intake.commit(temp.temp, temp.mime, read.fileName));
        if (stored.status !== 201) {
          await discard();
          const message = fileMessage(stored);
          return {
            status: stored.status,
            values: shown(values),
            errors: { referral: message },
            failure: INVALID_MESSAGE,
          };
        }
        const data = stored.body.data as { url: string; publicId: string; fileName: string };
        referralForms = [{ url: data.url, publicId: data.publicId, name: data.fileName }];
      }
      // What identifies a resent form: its values and the file's name and size (not the minute it was sent).
      const posted = { values, file: temp ? { name: read.fileName, bytes: read.fileBytes } : null };
      const key = contentKey("booking", clientIp, posted);
      const answer = await storeAppointment(db, config, { ...valid, referralForms }, { body: posted, key, now, year });
      const result = answered(answer, values);
      if (answer.status === 201) {
        const data = answer.body.data as {
          reference: string;
          appointmentDate: string;
          service: { name: string };
          manageUrl?: string;
        };
        result.confirmed = {
          reference: data.reference,
          date: data.appointmentDate,
          service: data.service.name,
          manageUrl: data.manageUrl,
          answerBy: answer.answerBy,
          referral: referralForms.length > 0,
        };
      }
      return result;
    });
  }

  interface BookingPost {
    values: BookingValues;
    /** The referral file: refused (with the answer), or complete in a temporary file; none when not sent. */
    file?: Received;
    fileName: string;
    fileBytes: number;
  }

  /**
   * Reads the booking's multipart body as it streams: the text fields, and
   * the referral file through the upload endpoint's intake (the caps before
   * it is read, the size limit while it streams). An empty file field (no
   * file chosen) is skipped.
   */
  function readBookingPost(request: Request, clientIp: string): Promise<BookingPost> {
    const unreadableError = () => Object.assign(new Error("form unreadable"), { code: "FORM_UNREADABLE" });
    if (!request.body) return Promise.reject(unreadableError());
    const source = Readable.fromWeb(request.body as NodeReadableStream);
    return new Promise((resolve, reject) => {
      const fields: Record<string, string> = {};
      let file: Promise<Received | undefined> = Promise.resolve(undefined);
      let fileName = "";
      let current: Readable | undefined;
      let failed = false;
      const fail = (error: unknown) => {
        if (failed) return;
        failed = true;
        source.unpipe();
        source.resume(); // the rest is discarded (server/requests/body-limit.ts bounds it)
        // A file still arriving ends with the error; the answer waits until its temporary file is gone.
        current?.destroy(error as Error);
        void file
          .then((f) => (f && "temp" in f ? removeQuietly(f.temp) : undefined))
          .catch(() => undefined)
          .finally(() => reject(error));
      };
      const unreadable = () => fail(unreadableError());

      let parser: BusboyInstance;
      try {
        parser = new Busboy({
          headers: { "content-type": request.headers.get("content-type") ?? "" },
          limits: { ...FIELD_LIMITS, fileSize: intake.maxBytes },
        });
      } catch {
        return unreadable(); // no boundary
      }
      parser.on("field", (name: string, value: string, _nameTruncated: boolean, valueTruncated: boolean) => {
        if (valueTruncated) return unreadable();
        if ((BOOKING_FIELDS as readonly string[]).includes(name) && !(name in fields)) fields[name] = value;
      });
      parser.on("file", (name: string, stream: Readable & { truncated?: boolean }, filename: string) => {
        if (name !== REFERRAL_FIELD || !filename) {
          stream.resume();
          return;
        }
        fileName = filename;
        current = stream;
        // A part cut short fails its stream: the form is unreadable, not a server error.
        let partError: unknown;
        stream.on("error", (error) => (partError ??= error));
        file = (async () => {
          // The caps come first, as at the upload endpoint (the unread file is then discarded).
          const capped = await intake.checkCaps(clientIp, Number(request.headers.get("content-length")) || 0);
          if (capped) {
            stream.resume();
            return { answer: capped };
          }
          const received = await intake.receive(stream).catch((error: unknown) => {
            const code = (error as { code?: string }).code;
            if (partError && code !== DISCARD_EXCEEDED && code !== BODY_TOO_LARGE) throw unreadableError();
            throw error;
          });
          return "temp" in received || received.answer.body.message !== NO_FILE ? received : undefined;
        })();
        file.catch(fail);
      });
      parser.on("partsLimit", unreadable);
      parser.on("filesLimit", unreadable);
      parser.on("fieldsLimit", unreadable);
      parser.on("error", unreadable);
      parser.on("finish", () => {
        file
          .then(async (received) => {
            if (failed) {
              if (received && "temp" in received) void removeQuietly(received.temp);
              return;
            }
            const fileBytes = received && "temp" in received ? (await fs.promises.stat(received.temp)).size : 0;
            resolve({ values: pick(BOOKING_FIELDS, (n) => fields[n]), file: received, fileName, fileBytes });
          })
          .catch(fail);
      });

      source.on("error", fail);
      source.pipe(parser);
    });
  }

  return { booking, enquiry };
}

/** The message of a file refusal (the upload endpoint's own words). */
function fileMessage(answer: ApiAnswer): string {
  const errors = answer.body.errors as Record<string, string> | undefined;
  return errors?.file ?? String(answer.body.message);
}

/** The stored (or refused) request as the page shows it. */
function answered(answer: ApiAnswer, values: Record<string, string>): PageFormAnswer {
  if (answer.status === 201) {
    const data = answer.body.data as { reference: string };
    return { status: 200, values: {}, errors: {}, reference: data.reference };
  }
  const errors = (answer.body.errors as Record<string, string> | undefined) ?? {};
  return { status: answer.status, values: shown(values), errors, failure: String(answer.body.message) };
}

/**
 * The options of a page whose forms post urlencoded bodies to React Router's
 * actions (the contact page, a patient's link, the staff console: every page
 * but the booking's): at most FORM_BODY_MAX_BYTES, urlencoded only (415
 * otherwise, before the body is read).
 */
export const PAGE_FORM_ROUTE = {
  bodyLimit: FORM_BODY_MAX_BYTES,
  config: { accepts: [FORM_URLENCODED], unsupportedType: { message: SEND_AS_FORM } },
};

/** The pages whose forms post to their own action without JavaScript. */
export const BOOKING_PAGE = "/book-appointment";
export const CONTACT_PAGE = "/contact-us";

/**
 * The routes of the pages' plain form posts (booking, contact, a patient's link), in front of React Router
 * (which answers a post whose Origin differs from its Host with its own 400):
 * a cross-site post is refused here with 403 before its body is read, by the
 * staff console's same-origin rule; the action checks again.
 *
 * The booking's multipart body reaches React Router unread, as the stream
 * that counts it against the route's limit (countBody): its action reads it
 * as a stream (publicForms().booking), so the file is counted while it
 * arrives. The route's body limit leaves room to read and discard a file over
 * the limit, so the page can say so (413) instead of cutting the browser off;
 * past that, the 413 comes before anything is read (declared) or as soon as
 * the count passes it (chunked). The contact form's and the patient's
 * urlencoded bodies are read by the app's form parser (FORM_BODY_MAX_BYTES).
 * The booking takes multipart only, the others urlencoded only: any other
 * type gets 415 before its body is read (server/requests/content-type.ts).
 */
export async function pageFormRoutes(
  app: FastifyInstance,
  { config, render }: { config: Config; render: RouteHandlerMethod },
) {
  await app.register(async (scope) => {
    // The booking's multipart body is handed on unread, as the counted stream (body-limit.ts: countBody).
    scope.addContentTypeParser(MULTIPART_FORM, (_request, payload, done) => done(null, payload));
    scope.addHook("onRequest", async (request, reply) => {
      const header = (name: string) => {
        const value = request.headers[name];
        return Array.isArray(value) ? value[0] : value;
      };
      if (isCrossSite(config, header)) {
        return reply.code(403).header("cache-control", "no-store").type("text/plain").send(CROSS_SITE_MESSAGE);
      }
    });
    scope.post(
      BOOKING_PAGE,
      {
        bodyLimit: config.uploads.maxBytes + ENVELOPE_BYTES + DISCARD_MAX_BYTES,
        config: {
          bodyTooLarge: { message: tooLarge(config.uploads.maxBytes) },
          accepts: [MULTIPART_FORM],
          unsupportedType: { message: SEND_AS_FORM },
        },
      },
      render,
    );
    scope.post(CONTACT_PAGE, PAGE_FORM_ROUTE, render);
    // A patient changing or cancelling through their private link (server/appointments/manage.ts).
    scope.post(`${MANAGE_PATH_PREFIX}:token`, PAGE_FORM_ROUTE, render);
  });
}
