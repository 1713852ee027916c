import { useCallback, useState } from "react";
import { m } from "@domain/paraglide/messages.js";
import { BOOKING_PATH, BOOKING_SERVICE_PARAM, bookingPath } from "@domain/paths";
import type { BookingConfirmation } from "@domain/request-words";
import { SUBMISSION_KEY_FIELD } from "@domain/validation/appointment-form";
import { useLocale, usePagePath } from "~/lib/locale";
import { BookingFormFooter } from "../booking-policy";
import { ContactOptions, type ClinicContact } from "../contact-options";
import { reattachFile } from "../file-upload";
import { FormLayout, FormPage } from "../form-page";
import { SubmissionForm, submissionSummary } from "../submission-form";
import { useBookingCalendar } from "./calendar";
import { BookingFields } from "./fields";
import { offeredTimes, useBookingSubmission, type BookingPosted, type OfferedTime, type TakenTime } from "./submission";
import { TakenNotice } from "./taken";
import {
  DAY_PARAM,
  DayChoice,
  FROM_PARAM,
  shownDay,
  TimeChoice,
  TIME_FIELD,
  type FreeTimesWindow,
} from "./time-choice";
import { useFreeTimes, type FreeTimesBounds } from "./free-times";
import { RadioGroup } from "../field";
import { formatLongDate, parseDateInput } from "@domain/dates";
import { safetyWords } from "@domain/patient-words";
import { ReferralUpload } from "./referral-upload";
import { uploading, useReferralUpload } from "./upload";
import { inPageOrder } from "./values";
import type { BookingValues } from "@domain/validation/appointment-form";

/** A screening question asked before a time is booked (decision 063), in the page's language. */
export interface ScreeningAsk {
  /** The form field of its answer (screening-<id>). */
  field: string;
  question: string;
  /** The answers that send the patient to a request instead, and why, in plain words. */
  toRequest: readonly string[];
  reason: string;
  /** What the question's field says while it is not answered. */
  unanswered: string;
}

/**
 * A time to book (decision 064): the page was opened for a self-bookable
 * service (`?service=<slug>`), so it asks for a day and a time. The server's
 * render gives the free times of the window asked for (`?from=`, `?day=`).
 */
export interface BookTimeProps {
  slug: string;
  /** The service's English title, the value the form posts. */
  service: string;
  /** Its title in the page's language. */
  title: string;
  /** The free times of the window asked for; null when they could not be read. */
  window: FreeTimesWindow | null;
  /** The day asked for (?day=), if any. */
  day?: string;
  /** The first and last day a time may be on (today; today plus the service's horizon). */
  bounds?: FreeTimesBounds;
  screening: readonly ScreeningAsk[];
}

/** The field that makes a booking post a time rather than a request (the API's `bookTime`). */
const BOOK_TIME_FIELD = "bookTime";

/** The address the time form posts to (and the day step's buttons load): the service, the window and the day. */
function timePath(slug: string, window: FreeTimesWindow | null, day?: string): string {
  const query = new URLSearchParams({ [BOOKING_SERVICE_PARAM]: slug });
  if (window) query.set(FROM_PARAM, window.from);
  if (day) query.set(DAY_PARAM, day);
  return `${BOOKING_PATH}?${query}`;
}

/**
 * Booking a time (decision 064): the day step (a GET form), then inside the
 * booking form the time, the screening questions and the patient's details,
 * the referral upload as on a request. The form posts to the page's address
 * with the service, the window and the day in it, so a refusal (a time taken
 * meanwhile, a screening answer) renders that day's free times again with
 * everything typed kept. "Ask the clinic for a date instead" is the request
 * form, unchanged.
 */
export function BookTimeForm({
  clinic,
  title,
  bookTime,
  onBooked,
  posted,
  onRequest,
}: {
  clinic: ClinicContact;
  title: string;
  bookTime: BookTimeProps;
  onBooked: (confirmed: BookingConfirmation) => void;
  posted?: BookingPosted;
  onRequest: (values: Partial<BookingValues>) => void;
}) {
  const locale = useLocale();
  const t = { locale };
  const pagePath = usePagePath();
  const { slug, service, screening } = bookTime;
  const free = useFreeTimes(slug, bookTime.window, bookTime.bounds);
  // A refused plain post's values hold the day as typed (dd/mm/yyyy): that day opens again, as an ISO date.
  const postedDay = parseDateInput(posted?.values?.appointmentDate ?? "") ?? undefined;
  const [day, setDay] = useState(() => shownDay(bookTime.window, postedDay ?? bookTime.day)?.date);
  const shown = shownDay(free.window, day);
  const [time, setTime] = useState(() =>
    posted?.alternatives ? "" : ((posted?.values as { appointmentTime?: string } | undefined)?.appointmentTime ?? ""),
  );
  const [answers, setAnswers] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      screening.map((q) => [q.field, (posted?.values as Record<string, string> | undefined)?.[q.field] ?? ""]),
    ),
  );
  // A plain post answered 409 (the time is not in its values any more, but named apart): the day and time, and the nearest free times.
  const [taken, setTaken] = useState<TakenTime | undefined>(() =>
    posted?.alternatives
      ? {
          date: postedDay ?? "",
          time: posted.takenTime ?? "",
          alternatives: offeredTimes(posted.alternatives),
        }
      : undefined,
  );
  const [takenFocus, setTakenFocus] = useState(0);
  const { calendar, offered } = useBookingCalendar(locale);
  const upload = useReferralUpload(locale);
  const onTaken = useCallback(
    (found: TakenTime) => {
      setTaken(found);
      setTime("");
      setTakenFocus((n) => n + 1);
      void free.load(free.window?.from ?? found.date);
    },
    [free],
  );
  const submission = useBookingSubmission({
    calendar,
    calendarFromServer: true,
    upload,
    onBooked,
    posted,
    service,
    time: {
      date: shown?.date,
      time,
      answers,
      unanswered: Object.fromEntries(screening.map((q) => [q.field, q.unanswered])),
      onTaken,
    },
  });
  const { progress } = upload;
  const reattach = !!posted?.reattach && !upload.file && !submission.errors.referral;
  const { hasErrors, summary } = submissionSummary(
    submission,
    reattach
      ? inPageOrder([...submission.summary, { target: "referral", message: reattachFile(locale) }])
      : submission.summary,
  );
  // A screening answer that sends the patient to a request: said beside the question, with the way there.
  const toRequest = screening.find((q) => q.toRequest.includes(answers[q.field] ?? ""));
  const chooseOffered = (offeredTime: OfferedTime) => {
    setDay(offeredTime.date);
    setTime(offeredTime.time);
    submission.clear(TIME_FIELD);
    requestAnimationFrame(() => document.getElementById("time-choice")?.scrollIntoView({ block: "start" }));
  };
  const choices = safetyWords(locale).choices;
  return (
    <FormPage
      title={title}
      hasErrors={hasErrors || !!taken}
      outcome={
        taken ? (
          <TakenNotice
            taken={taken}
            message={posted?.failure}
            focusToken={takenFocus}
            onChoose={chooseOffered}
            formDay={shown?.date}
            timesShown={shown?.times ?? []}
            dayAddress={(date) => pagePath(timePath(slug, null, date))}
          />
        ) : (
          summary
        )
      }
      heading={m.book_time_heading({ service: bookTime.title }, t)}
    >
      <FormLayout
        lead={m.book_time_lead({}, t)}
        note={
          <p className="book-time__ways">
            <a
              href={pagePath(`${bookingPath(slug)}&way=request`)}
              onClick={(event) => {
                event.preventDefault();
                onRequest({ ...submission.values, appointmentDate: shown?.date ?? "" });
              }}
            >
              {m.book_time_instead({}, t)}
            </a>
            <a href={pagePath(BOOKING_PATH)}>{m.book_time_other({}, t)}</a>
          </p>
        }
        aside={<ContactOptions clinic={clinic} title={m.booking_phone_title({}, t)} />}
        formFirst
        formHeadingId="booking-title"
        formHeading={m.book_time_days({}, t)}
      >
        {free.window ? (
          <DayChoice
            service={slug}
            window={free.window}
            chosen={shown?.date}
            onDay={(date) => {
              setDay(date);
              setTime("");
            }}
            onWindow={(from) => void free.load(from)}
            labelledBy="booking-title"
          />
        ) : (
          <div className="notice day-choice" role="status">
            {free.failed || bookTime.window === null ? (
              <>
                <p>{m.book_time_failed({}, t)}</p>
                <p>
                  {/* Without JavaScript the page reads them again; with it, the slots API does. */}
                  <a
                    className="button button--outline"
                    href={pagePath(timePath(slug, null, shown?.date ?? bookTime.day))}
                    onClick={(event) => {
                      if (!free.failed) return;
                      event.preventDefault();
                      free.retry();
                    }}
                  >
                    {m.book_time_retry({}, t)}
                  </a>
                </p>
              </>
            ) : (
              <p>{m.book_time_loading({}, t)}</p>
            )}
          </div>
        )}
        <SubmissionForm
          submission={submission}
          website={submission.values.website}
          onWebsite={(v) => submission.update("website", v)}
          submitLabel={m.book_time_submit({}, t)}
          progress={progress === null ? undefined : { label: uploading(locale), percent: Math.round(progress * 100) }}
          action={pagePath(timePath(slug, free.window, shown?.date))}
          encType="multipart/form-data"
          // Booking the time is the submit button's (and Enter's); the request button below sends no bookTime.
          submitField={{ name: BOOK_TIME_FIELD, value: "true" }}
          after={
            toRequest && (
              <div className="book-time__as-request" id="send-as-request">
                <p>{m.book_time_screen_keep({}, t)}</p>
                <button
                  type="submit"
                  className="button button--outline"
                  // With JavaScript: the request form, with what was typed; without: this form, sent as a request.
                  onClick={(event) => {
                    event.preventDefault();
                    onRequest({ ...submission.values, appointmentDate: shown?.date ?? "" });
                  }}
                >
                  {m.book_time_screen_action({}, t)}
                </button>
              </div>
            )
          }
        >
          {posted?.key ? <input type="hidden" name={SUBMISSION_KEY_FIELD} value={posted.key} /> : null}
          {shown && (
            <TimeChoice
              day={shown}
              value={time}
              onChange={(chosen) => {
                setTime(chosen);
                submission.clear(TIME_FIELD);
              }}
              error={submission.errors[TIME_FIELD]}
            />
          )}
          {screening.map((q) => (
            <RadioGroup
              key={q.field}
              name={q.field}
              legend={q.question}
              options={choices}
              value={answers[q.field]}
              onChange={(v) => {
                setAnswers((a) => ({ ...a, [q.field]: v }));
                submission.clear(q.field);
              }}
              error={submission.errors[q.field]}
              inline
            />
          ))}
          {toRequest && (
            <div className="notice book-time__screened" role="status">
              <p>
                <strong>{m.book_time_screen_title({}, t)}</strong>
              </p>
              <p>{toRequest.reason}</p>
              <p>
                <a href="#send-as-request">{m.book_time_screen_action({}, t)}</a>
              </p>
            </div>
          )}
          <BookingFields
            form={submission}
            calendar={calendar}
            offered={offered}
            bookingTime={{ service }}
            upload={<ReferralUpload submission={submission} upload={upload} reattach={reattach} />}
          />
          {shown && time && (
            <p className="book-time__chosen">
              <strong>
                {m.book_time_chosen({ when: m.mail_when({ date: formatLongDate(shown.date, locale), time }, t) }, t)}
              </strong>
            </p>
          )}
          <BookingFormFooter />
        </SubmissionForm>
      </FormLayout>
    </FormPage>
  );
}
