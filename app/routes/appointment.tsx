import { useActionData, useLoaderData, useLocation, useSearchParams } from "react-router";
import { LATE_CANCELLATION_FEE, NOTICE_HOURS } from "@domain/booking-policy";
import { mapsHref } from "@domain/contact-links";
import { CONTACT_PREFERENCES, contactChoiceWords } from "@domain/contact-preference";
import { formatLongDate } from "@domain/dates";
import { BOOKING_PATH } from "@domain/paths";
import { BOOK_AGAIN, CANCELLED_FINAL, CHANGE_MAILED, LINK_NOT_VALID, PATIENT_MESSAGES } from "@domain/patient-link";
import { REQUEST_RECEIVED, requestNextStep } from "@domain/request-words";
import { CANCEL_REASON_MAX, isActiveStatus } from "@domain/statuses";
import { BookingPolicy } from "~/components/forms/booking-policy";
import { ContactOptions } from "~/components/forms/contact-options";
import type { SummaryItem } from "~/components/forms/error-summary";
import { radioId, TextAreaField } from "~/components/forms/field";
import { ContactSettings } from "~/components/patient/contact-settings";
import { DateChoice } from "~/components/patient/date-choice";
import { PostOutcome } from "~/components/patient/post-outcome";
import { SafetyForm, safetyErrorTarget } from "~/components/patient/safety-form";
import { manageAction, manageLoader, MANAGE_HEADERS, type ManageAnswer, type ManageView } from "~/lib/manage.server";
import { useClinic } from "~/lib/use-clinic";
import "~/styles/forms.css";
import "~/styles/patient.css";

/**
 * A patient's private link to their appointment (`/appointment/<token>`),
 * ordered for the patient (decision 026): the outcome of what they
 * just posted, then the status and date, where to go, how to prepare, how
 * to change or cancel, and the safety questions. Rendered per request with
 * no script at all; the rules are in server/appointments/manage.ts.
 */

export const loader = manageLoader;
export const action = manageAction;

export function headers() {
  return MANAGE_HEADERS;
}

/** "Error: …" when the page answers a refused post (the GOV.UK pattern), so the title says it first. */
export function meta({ data }: { data?: unknown }) {
  const answer = data as ManageAnswer | undefined;
  const title =
    answer?.status === 404
      ? LINK_NOT_VALID
      : answer && answer.status >= 400
        ? "Error: Your appointment"
        : "Your appointment";
  return [{ title }, { name: "robots", content: "noindex, nofollow" }];
}

export default function Appointment() {
  const loaded = useLoaderData<typeof loader>() as ManageAnswer;
  const posted = useActionData<typeof action>() as ManageAnswer | undefined;
  const clinic = useClinic();
  const answer = posted ?? loaded;
  const view = "view" in answer ? answer.view : undefined;
  return (
    <main id="main" className="form-page">
      <div className="container">
        {view ? (
          <Manage view={view} answer={answer} />
        ) : (
          <>
            {answer.status !== 404 && <PostOutcome failure={answer.failure} problems={[]} />}
            <h1>{answer.status === 404 ? LINK_NOT_VALID : "Your appointment"}</h1>
            {answer.status === 404 && (
              <p className="form-page__lead">
                The link may be mistyped or out of date: links stop working a week after the appointment. Please contact
                the clinic, and quote your reference if you have it.
              </p>
            )}
          </>
        )}
        <ContactOptions clinic={clinic} title="Contact the clinic" />
      </div>
    </main>
  );
}

function Manage({ view, answer }: { view: ManageView; answer: ManageAnswer }) {
  const [params] = useSearchParams();
  const clinic = useClinic();
  // Every form posts to the page's address without its fragment (#date, #cancel), so the answer opens at the top.
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const done = "done" in answer ? answer.done : undefined;
  const failure = answer.status >= 400 ? answer.failure : undefined;
  const errors = ("errors" in answer && answer.errors) || {};
  const values = ("values" in answer && answer.values) || {};
  const confirmingCancel = params.get("step") === "cancel" || Boolean(errors.reason);
  const problems: SummaryItem[] = Object.entries(errors).map(([name, message]) => ({
    target:
      safetyErrorTarget(view.safety.questions, name) ??
      (name === "contactPreference" ? radioId(name, CONTACT_PREFERENCES[0]) : name),
    message,
  }));
  const open = isActiveStatus(view.status);
  const confirmed = view.status === "confirmed" && view.confirmedDate && view.confirmedTime;
  const date = confirmed ? view.confirmedDate! : view.requestedDate;
  // After a cancellation, answers already given are still shown (decision 020); an empty form is not.
  const showSafety = view.status !== "cancelled" || view.safety.savedAt !== null;
  return (
    <>
      <PostOutcome
        success={
          done === "contact"
            ? contactChoiceWords(view.contact.choice, view.contact.mobile)
            : done
              ? PATIENT_MESSAGES[done]
              : undefined
        }
        detail={done === "cancelled" || done === "changed" ? CHANGE_MAILED : undefined}
        failure={failure}
        problems={problems}
      />
      <h1>Your appointment</h1>
      <dl className="confirmation__summary appointment-summary">
        <div>
          <dt>Status</dt>
          <dd>
            <strong>{view.statusWords}</strong>
          </dd>
        </div>
        <div>
          <dt>{confirmed ? "Date and time" : view.status === "requested" ? "Requested date" : "Date"}</dt>
          <dd>{confirmed ? `${formatLongDate(date)} at ${view.confirmedTime}` : formatLongDate(date)}</dd>
        </div>
        <div>
          <dt>Reference</dt>
          <dd>{view.reference}</dd>
        </div>
        <div>
          <dt>Service</dt>
          <dd>{view.service}</dd>
        </div>
      </dl>

      {view.status === "requested" && (
        <div className="notice">
          <p>
            <strong>{REQUEST_RECEIVED}</strong>
          </p>
          <p>{requestNextStep(view.answerBy)}</p>
        </div>
      )}
      {view.status === "cancelled" && (
        <div className="notice appointment-final">
          <p>{CANCELLED_FINAL}</p>
          <p>
            <a href={BOOKING_PATH} className="button button--primary">
              {BOOK_AGAIN}
            </a>
          </p>
        </div>
      )}

      {open && (
        <>
          <section className="form__section" aria-labelledby="where-title">
            <h2 id="where-title">Where to go</h2>
            <p>
              {clinic.name}
              <br />
              {clinic.address.street}, {clinic.address.city}
            </p>
            <p>
              <a href={mapsHref(clinic)} target="_blank" rel="noopener noreferrer">
                Open the clinic in Google Maps<span className="visually-hidden"> (opens a new tab)</span>
              </a>
            </p>
          </section>
          <section className="form__section" aria-labelledby="prepare-title">
            <h2 id="prepare-title">Before your visit</h2>
            <ul className="policy-list">
              {view.preparation.map((note) => (
                <li key={note}>{note}</li>
              ))}
            </ul>
          </section>
        </>
      )}

      {view.canChange && (
        <section className="form__section" aria-labelledby="change-title">
          <h2 id="change-title">Change the date</h2>
          <p>
            Ask for another day. The clinic will contact you to confirm the time
            {view.status === "confirmed" ? ": your confirmed time is released." : "."}
          </p>
          <form method="post" action={here} className="form" noValidate>
            <input type="hidden" name="intent" value="change" />
            <input type="hidden" name="version" value={view.version} />
            <DateChoice
              name="date"
              legend="New date"
              calendar={view.calendar}
              current={date}
              chosen={values.date}
              error={errors.date}
            />
            <button type="submit" className="button button--primary">
              Ask for this date
            </button>
          </form>
        </section>
      )}
      {view.changeByPhone && (
        <section className="form__section" aria-labelledby="change-title">
          <h2 id="change-title">Change the date</h2>
          <p>{PATIENT_MESSAGES.tooLate}</p>
        </section>
      )}

      {view.canCancel && (
        <section className="form__section" id="cancel" aria-labelledby="cancel-title">
          <h2 id="cancel-title">Cancel the appointment</h2>
          {confirmingCancel ? (
            <form method="post" action={here} className="form" noValidate>
              <input type="hidden" name="intent" value="cancel" />
              <input type="hidden" name="version" value={view.version} />
              {view.lateCancel && (
                <p className="notice">
                  <strong>Your appointment is less than {NOTICE_HOURS} hours away.</strong> {LATE_CANCELLATION_FEE}
                </p>
              )}
              <TextAreaField
                id="reason"
                label="Why are you cancelling?"
                hint="This helps the clinic. Please do not include medical details."
                optional
                rows={3}
                maxLength={CANCEL_REASON_MAX}
                defaultValue={values.reason}
                error={errors.reason}
              />
              <div className="form-submit">
                <button type="submit" className="button button--danger">
                  Yes, cancel my appointment
                </button>{" "}
                <a href="?" className="button button--outline">
                  No, keep it
                </a>
              </div>
            </form>
          ) : (
            <p>
              <a href="?step=cancel#cancel" className="button button--outline">
                Cancel this appointment
              </a>
            </p>
          )}
        </section>
      )}

      {showSafety && <SafetyForm {...view.safety} errors={errors} action={here} />}
      {open && (
        <ContactSettings
          choice={view.contact.choice}
          mobile={view.contact.mobile}
          action={here}
          error={errors.contactPreference}
        />
      )}
      {open && <BookingPolicy className="form__section" />}
    </>
  );
}
