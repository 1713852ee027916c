import fs from "node:fs";
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { clinicTime, clinicToday, parseDateInput } from "../../../domain/dates";
import type { Locale } from "../../../domain/locale";
import {
  appointmentRequest,
  BOOKING_FIELDS,
  REFERRAL_FIELD,
  SUBMISSION_KEY_FIELD,
  TIME_BOOKING_FIELDS,
  timeBookingRequest,
  typedDateProblems,
  type BookingValues,
  type TimeBookingValues,
  type ReferralForm,
} from "../../../domain/validation/appointment-form";
import { bookingRulesNow, requestAnswerBy } from "../../closures/closed-dates";
import type { Config } from "../../base/config";
import type { Db } from "../../db/index";
import { BODY_TOO_LARGE, DISCARD_EXCEEDED } from "../../requests/body-limit";
import { MULTIPART_FORM } from "../../requests/content-type";
import { isHoneypotFilled } from "../../requests/honeypot";
import { invalidMessage } from "../../requests/http";
import { KEY_REUSED } from "../../requests/idempotency";
import { MULTIPART_UNREADABLE, readMultipart, unreadableBody } from "../../requests/multipart";
import {
  carriedKey,
  contentKey,
  formUnreadable,
  pickFields,
  screenedPageForm,
  shownValues,
  unlessUnavailable,
  type PageForm,
  type PageFormAnswer,
} from "../../requests/page-forms";
import { fakeReference } from "../../requests/reference";
import type { ApiAnswer } from "../../requests/types";
import { isDatabaseUnavailable, unavailableMessage } from "../../requests/unavailable";
import { uploadMessages, type Received, type uploadIntake } from "../../uploads/intake";
import { removeQuietly } from "../../uploads/storage";
import { fakeManageUrl } from "../manage-links";
import { isContactPreference } from "../../../domain/contact-preference";
import { textsAbroad } from "../../texts/index";
import { storeAppointment, type AppointmentOutcome } from "./submit";
import { validateAppointment } from "./validate";
import { screenTimeBooking } from "./book-time";

/**
 * The booking form posted as a plain HTML form (no JavaScript): the page's
 * action hands the request here, and renders the answer. The JSON API's
 * rules and core, behind the page posts' shared screen
 * (server/requests/page-forms.ts): the honeypot, the shared schema and
 * server-only rules (validateAppointment), the referral file through the
 * upload endpoint's own intake (caps, type by content, size counted while it
 * streams, PDF check, server-made names), and the same transaction
 * (storeAppointment), whose outcome is mapped to the page's answer
 * (decision 031). The page's language (/tn/book-appointment: Setswana) is the
 * patient's: it is stored with the request, and every answer is in it.
 */

type Intake = Awaited<ReturnType<typeof uploadIntake>>;

/** Field limits of the booking's multipart body (the longest field, notes, is 2,000 characters). */
const FIELD_LIMITS = { fields: 30, parts: 32, files: 1, fieldSize: 16 * 1024, fieldNameSize: 100, headerPairs: 50 };

interface BookingPost {
  values: BookingValues;
  /** The fields that book a free time (decision 063), when the form sent them. */
  time: TimeBookingValues;
  /** The referral file: refused (with the answer), or complete in a temporary file; none when not sent. */
  file?: Received;
  fileName: string;
  fileBytes: number;
  /** The key a form shown again carried back (SUBMISSION_KEY_FIELD), if any. */
  carried?: string;
}

export function bookingPageForm({
  config,
  db,
  intake,
  now: clock,
}: {
  config: Config;
  db: Db;
  intake: Intake;
  now: () => Date;
}): PageForm {
  const screen = { kind: "booking", perMinute: config.rateLimit.bookingsPerMinute, type: MULTIPART_FORM };
  return screenedPageForm({ config, db, now: clock }, screen, async (request, clientIp, { now, year, locale }) => {
    let read: BookingPost;
    try {
      read = await readBookingPost(request, clientIp, locale);
    } catch (error) {
      const code = (error as { code?: string }).code;
      // The file went far past its limit, or the body past the route's: the rest is not read.
      if (code === DISCARD_EXCEEDED || code === BODY_TOO_LARGE) {
        const referral = uploadMessages(locale).tooLarge(intake.maxBytes);
        return { status: 413, values: {}, errors: { referral }, close: true };
      }
      if (isDatabaseUnavailable(error))
        return { status: 503, values: {}, errors: {}, failure: unavailableMessage(locale) };
      if (code === MULTIPART_UNREADABLE)
        return { status: 400, values: {}, errors: {}, failure: formUnreadable(locale) };
      throw error;
    }
    // The key this post is made under: the one the form carried back, else a digest of the client's address and
    // the typed values (not the file, which a form shown again cannot keep). Every answer that shows the form
    // again carries it, so sending it again, changed or not, from any address, is a replay (decision 041).
    const key =
      carriedKey("booking", read.carried) ?? contentKey("booking", clientIp, { ...read.values, ...read.time });
    const answer = await answerBooking(read, key, now, year, locale);
    return answer.confirmed ? answer : { ...answer, key };
  });

  /** The answer to a booking post that was read whole, made under `key`. */
  async function answerBooking(
    read: BookingPost,
    key: string,
    now: Date,
    year: number,
    locale: Locale,
  ): Promise<PageFormAnswer> {
    const { file } = read;
    // What the form shows again: the typed values, with the time-booking choice and answers (decision 063).
    const values: Record<string, string> & BookingValues = { ...read.values, ...read.time };
    const temp = file && "temp" in file ? file : undefined;
    const discard = async () => {
      if (temp) await removeQuietly(temp.temp);
    };

    if (isHoneypotFilled(values)) {
      await discard();
      const date = parseDateInput(values.appointmentDate) ?? clinicToday(now);
      return unlessUnavailable(
        {},
        async () => ({
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
            // What a stored request with this number would say of texts.
            ...(textsAbroad(
              values.phoneNumber,
              isContactPreference(values.contactPreference) ? values.contactPreference : null,
              config.texts.countries,
            )
              ? { textCountries: config.texts.countries }
              : {}),
          },
        }),
        locale,
      );
    }

    // The page's language is the patient's (decision 037): the request carries it, and its messages are in it.
    const body = { ...appointmentRequest(read.values, clinicTime(now), [], locale), ...timeBookingRequest(read.time) };
    const rules = await bookingRulesNow(db, config, now);
    const checked = validateAppointment(body, now, rules);
    // A free time asked for (decision 063): refused here for its service or its screening, before any file is kept.
    const intent = checked.ok && checked.value.bookTime ? screenTimeBooking(checked.value) : undefined;
    if (intent?.kind === "refused") {
      await discard();
      return {
        status: 400,
        values: shownValues(values),
        errors: intent.errors,
        failure: intent.message,
        reattach: !!temp,
      };
    }
    // What was typed, in the visitor's words (the date of birth's boxes, the date's format), over the schema's.
    const errors: Record<string, string> = {
      ...(checked.ok ? {} : checked.errors),
      ...typedDateProblems(values, locale),
    };
    const fileRefused = file && "answer" in file ? file.answer : undefined;
    if (fileRefused) errors.referral = fileMessage(fileRefused);
    if (!checked.ok || Object.keys(errors).length) {
      await discard();
      return {
        status: fileRefused?.status ?? 400,
        values: shownValues(values),
        errors,
        failure: invalidMessage(locale),
        reattach: !!temp,
      };
    }

    const valid = checked.value;
    return unlessUnavailable(
      values,
      async () => {
        let referralForms: ReferralForm[] = [];
        if (temp) {
          const pdfRefused = temp.mime === "application/pdf" ? await intake.refusePdf(temp.temp, locale) : null;
          const stored = pdfRefused ?? (await intake.commit(temp.temp, temp.mime, read.fileName, locale));
          if (stored.status !== 201) {
            await discard();
            return {
              status: stored.status,
              values: shownValues(values),
              errors: { referral: fileMessage(stored) },
              failure: invalidMessage(locale),
            };
          }
          const data = stored.body.data as { url: string; publicId: string; fileName: string };
          referralForms = [{ url: data.url, publicId: data.publicId, name: data.fileName }];
        }
        // The key alone names the request (it is the content, or the form the server gave it to), so a resend
        // with something changed is a replay too, not a "key reused" refusal.
        const submission = { body: { key }, key, now, year };
        const booking = intent?.kind === "book" ? intent.booking : undefined;
        const outcome = await storeAppointment(
          db,
          config,
          { ...valid, referralForms },
          submission,
          rules.answerBy,
          booking,
        );
        return bookingPageAnswer(outcome, values, referralForms.length > 0, locale);
      },
      locale,
    );
  }

  /**
   * Reads the booking's multipart body as it streams
   * (server/requests/multipart.ts): the text fields, and the referral file
   * through the upload endpoint's intake (the caps before it is read, the
   * size limit while it streams). An empty file field (no file chosen) is
   * skipped. On failure the rest of the body is read and dropped
   * (server/requests/body-limit.ts bounds it). The file's refusals are in `locale`.
   */
  async function readBookingPost(request: Request, clientIp: string, locale: Locale): Promise<BookingPost> {
    if (!request.body) throw unreadableBody();
    const source = Readable.fromWeb(request.body as NodeReadableStream);
    const discard = async (received: Received | undefined) => {
      if (received && "temp" in received) await removeQuietly(received.temp);
    };
    try {
      const read = await readMultipart(source, request.headers.get("content-type") ?? "", {
        limits: { ...FIELD_LIMITS, fileSize: intake.maxBytes },
        fields: [...BOOKING_FIELDS, ...TIME_BOOKING_FIELDS, SUBMISSION_KEY_FIELD],
        wants: (field, fileName) => field === REFERRAL_FIELD && fileName !== "",
        receive: async (stream): Promise<Received | undefined> => {
          // The caps come first, as at the upload endpoint (the unread file is then discarded).
          const capped = await intake.checkCaps(clientIp, Number(request.headers.get("content-length")) || 0, locale);
          if (capped) {
            stream.resume();
            return { answer: capped };
          }
          const received = await intake.receive(stream, locale);
          const empty = !("temp" in received) && received.answer.body.message === uploadMessages(locale).noFile;
          return empty ? undefined : received;
        },
        discard,
      });
      const file = read.file;
      try {
        const fileBytes = file && "temp" in file ? (await fs.promises.stat(file.temp)).size : 0;
        return {
          values: pickFields(BOOKING_FIELDS, (n) => read.fields[n]),
          time: Object.fromEntries(
            TIME_BOOKING_FIELDS.flatMap((n) => (read.fields[n] === undefined ? [] : [[n, read.fields[n]!]])),
          ),
          file,
          fileName: read.fileName,
          fileBytes,
          carried: read.fields[SUBMISSION_KEY_FIELD],
        };
      } catch (error) {
        await discard(file);
        throw error;
      }
    } catch (error) {
      source.resume();
      throw error;
    }
  }
}

/** The message of a file refusal (the upload endpoint's own words). */
function fileMessage(answer: ApiAnswer): string {
  const errors = answer.body.errors as Record<string, string> | undefined;
  return errors?.file ?? String(answer.body.message);
}

/**
 * The page's answer to a request's outcome: stored (or replayed), the
 * confirmation; refused (its referral form no longer there), 400 with the
 * errors and the values kept; a key reused with another body, 422.
 */
function bookingPageAnswer(
  outcome: AppointmentOutcome,
  values: Record<string, string>,
  referral: boolean,
  locale: Locale,
): PageFormAnswer {
  switch (outcome.kind) {
    case "stored": {
      const { accepted } = outcome;
      return {
        status: 200,
        values: {},
        errors: {},
        reference: accepted.reference,
        confirmed: {
          reference: accepted.reference,
          date: accepted.appointmentDate,
          ...(accepted.booked ? { time: accepted.booked.appointmentTime } : {}),
          service: accepted.service.name,
          manageUrl: outcome.manageUrl,
          answerBy: outcome.answerBy,
          referral,
          ...(accepted.textMessages ? { textCountries: accepted.textMessages.countries } : {}),
        },
      };
    }
    case "refused":
      return { status: 400, values: shownValues(values), errors: outcome.errors, failure: invalidMessage(locale) };
    case "time-refused":
      return { status: 400, values: shownValues(values), errors: outcome.errors, failure: outcome.message };
    case "taken": {
      // The time is gone: the form comes back without it, with the nearest free times to choose from.
      const { appointmentTime: taken, ...kept } = values;
      return {
        status: 409,
        values: shownValues(kept),
        errors: { appointmentTime: outcome.message },
        failure: outcome.message,
        alternatives: outcome.alternatives,
        // Named at the top of the page, as the page with JavaScript names it (issue 35).
        ...(taken ? { takenTime: taken } : {}),
      };
    }
    case "key-reused":
      return { status: 422, values: shownValues(values), errors: {}, failure: KEY_REUSED };
  }
}
