import { useActionData, useLoaderData, useSearchParams } from "react-router";
import { LATE_CANCELLATION_FEE, NOTICE_HOURS } from "@domain/booking-policy";
import { formatLongDate } from "@domain/dates";
import { LINK_NOT_VALID, PATIENT_MESSAGES, REASON_MAX } from "@domain/patient-link";
import { BookingPolicy } from "~/components/forms/booking-policy";
import { ContactOptions } from "~/components/forms/contact-options";
import { SafetyForm } from "~/components/patient/safety-form";
import { TextAreaField, TextField } from "~/components/forms/field";
import { manageAction, manageLoader, MANAGE_HEADERS, type ManageAnswer, type ManageView } from "~/lib/manage.server";
import { useClinic } from "~/root";
import "~/styles/forms.css";

/**
 * A patient's private link to their appointment (`/appointment/<token>`):
 * what was asked for and its status, how to prepare, and plain forms to ask
 * for another date or cancel. Rendered per request with no script at all;
 * the rules are in server/appointments/manage.ts.
 */

export const loader = manageLoader;
export const action = manageAction;

export function headers() {
  return MANAGE_HEADERS;
}

export function meta() {
  return [{ title: "Your appointment" }, { name: "robots", content: "noindex, nofollow" }];
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
            <h1>{answer.status === 404 ? LINK_NOT_VALID : "Your appointment"}</h1>
            <p className="form-page__lead">
              {answer.status === 404
                ? "The link may be mistyped or out of date: links stop working a week after the appointment. Please contact the clinic, and quote your reference if you have it."
                : answer.failure}
            </p>
          </>
        )}
        <ContactOptions clinic={clinic} title="Contact the clinic" />
      </div>
    </main>
  );
}

function Manage({ view, answer }: { view: ManageView; answer: ManageAnswer }) {
  const [params] = useSearchParams();
  const outcome = "done" in answer && answer.done ? PATIENT_MESSAGES[answer.done] : undefined;
  const failure = answer.status >= 400 ? answer.failure : undefined;
  // The safety form's outcome is shown beside it (its post returns to #safety).
  const aboutSafety = "about" in answer && answer.about === "safety";
  const errors = ("errors" in answer && answer.errors) || {};
  const values = ("values" in answer && answer.values) || {};
  const confirmingCancel = params.get("step") === "cancel" || Boolean(errors.reason);
  return (
    <>
      <h1>Your appointment</h1>
      {!aboutSafety && <Outcome outcome={outcome} failure={failure} />}
      <dl className="confirmation__summary">
        <div>
          <dt>Reference</dt>
          <dd>{view.reference}</dd>
        </div>
        <div>
          <dt>Service</dt>
          <dd>{view.service}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>{view.statusWords}</dd>
        </div>
        {view.status === "confirmed" && view.confirmedDate && view.confirmedTime ? (
          <div>
            <dt>Date and time</dt>
            <dd>
              {formatLongDate(view.confirmedDate)} at {view.confirmedTime}
            </dd>
          </div>
        ) : (
          <div>
            <dt>Requested date</dt>
            <dd>{formatLongDate(view.requestedDate)}</dd>
          </div>
        )}
      </dl>

      <SafetyForm {...view.safety} errors={errors}>
        {aboutSafety && <Outcome outcome={outcome} failure={failure} />}
      </SafetyForm>

      {view.canChange && (
        <section className="form__section" aria-labelledby="change-title">
          <h2 id="change-title">Change the date</h2>
          <p>
            Ask for another day. The clinic will contact you to confirm the time
            {view.status === "confirmed" ? ": your confirmed time is released." : "."}
          </p>
          <form method="post" className="form" noValidate>
            <input type="hidden" name="intent" value="change" />
            <input type="hidden" name="version" value={view.version} />
            <TextField
              id="date"
              type="date"
              label="New date"
              hint="The clinic is closed on Sundays and public holidays."
              min={view.firstDate}
              max={view.lastDate}
              defaultValue={values.date}
              error={errors.date}
              className="field__input--date"
              required
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
            <form method="post" className="form" noValidate>
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
                maxLength={REASON_MAX}
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

      <section className="form__section" aria-labelledby="prepare-title">
        <h2 id="prepare-title">Before your visit</h2>
        <ul className="policy-list">
          {view.preparation.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      </section>
      <BookingPolicy className="form__section" />
    </>
  );
}

/** What a post did: a success notice, or why nothing changed. */
function Outcome({ outcome, failure }: { outcome?: string; failure?: string }) {
  return (
    <>
      {outcome && (
        <div className="notice notice--success" role="status">
          <p className="notice__title">{outcome}</p>
        </div>
      )}
      {failure && (
        <div role="alert" className="form-alert">
          <p className="form-alert__message">{failure}</p>
        </div>
      )}
    </>
  );
}
