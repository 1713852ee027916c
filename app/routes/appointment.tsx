import { useActionData, useLoaderData, useLocation, useSearchParams } from "react-router";
import { lateCancellationFee, NOTICE_HOURS } from "@domain/booking-policy";
import { mapsHref } from "@domain/contact-links";
import { CONTACT_PREFERENCES } from "@domain/contact-preference";
import { bookedTimeWords } from "@domain/booking-rules";
import { formatLongDate } from "@domain/dates";
import { localeOfPath } from "@domain/locale";
import { m } from "@domain/paraglide/messages.js";
import { BOOKING_PATH } from "@domain/paths";
import { patientLinkWords } from "@domain/patient-link";
import { contactPreferenceWords, requestWords } from "@domain/patient-words";
import { CANCEL_REASON_MAX, isActiveStatus } from "@domain/statuses";
import { BookingPolicy } from "~/components/forms/booking-policy";
import { ContactOptions } from "~/components/forms/contact-options";
import type { SummaryItem } from "~/components/forms/error-summary";
import { radioId, TextAreaField } from "~/components/forms/field";
import { ContactSettings } from "~/components/patient/contact-settings";
import { ComingChoice, PreparationClock } from "~/components/patient/coming";
import { EarlierChoice } from "~/components/patient/earlier";
import { DateChoice } from "~/components/patient/date-choice";
import { MoveTaken, MoveTime } from "~/components/patient/move-time";
import { PostOutcome } from "~/components/patient/post-outcome";
import { SafetyForm, safetyErrorTarget } from "~/components/patient/safety-form";
import { useLocale, useMessageOptions, usePagePath } from "~/lib/locale";
import { manageAction, manageLoader, type ManageAnswer, type ManageView } from "~/lib/manage.server";
import { privatePageHeaders } from "~/lib/private-page.server";
import { ReportSection } from "~/components/patient/report-section";
import { useClinic } from "~/lib/use-clinic";
import "~/styles/forms.css";
import "~/styles/patient.css";

/**
 * A patient's private link to their appointment (`/appointment/<token>`,
 * and in Setswana `/tn/appointment/<token>`: decision 037), ordered for the
 * patient (decision 026): the outcome of what they just posted, then the
 * status and date, where to go, how to prepare, how to change or cancel,
 * and the safety questions. Rendered per request with no script at all; the
 * rules are in server/appointments/private-link/manage.ts.
 */

export const loader = manageLoader;
export const action = manageAction;

export const headers = privatePageHeaders;

/** "Error: …" when the page answers a refused post (the GOV.UK pattern), so the title says it first. */
export function meta({ data, location }: { data?: unknown; location: { pathname: string } }) {
  const answer = data as ManageAnswer | undefined;
  const options = { locale: localeOfPath(location.pathname) };
  const title =
    answer?.status === 404
      ? m.private_link_not_valid({}, options)
      : answer && answer.status >= 400
        ? m.private_error_title({}, options)
        : m.private_title({}, options);
  return [{ title }, { name: "robots", content: "noindex, nofollow" }];
}

export default function Appointment() {
  const loaded = useLoaderData<typeof loader>() as ManageAnswer;
  const posted = useActionData<typeof action>() as ManageAnswer | undefined;
  const clinic = useClinic();
  const options = useMessageOptions();
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
            <h1>{answer.status === 404 ? m.private_link_not_valid({}, options) : m.private_title({}, options)}</h1>
            {answer.status === 404 && <p className="form-page__lead">{m.private_link_not_valid_lead({}, options)}</p>}
          </>
        )}
        <ContactOptions clinic={clinic} title={m.private_contact_title({}, options)} />
      </div>
    </main>
  );
}

function Manage({ view, answer }: { view: ManageView; answer: ManageAnswer }) {
  const [params] = useSearchParams();
  const clinic = useClinic();
  const locale = useLocale();
  const options = { locale };
  const pagePath = usePagePath();
  const words = patientLinkWords(locale);
  const request = requestWords(locale);
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
  // The report's date of birth refused (decision 075): linked to its first box, or to the section when locked.
  if (answer.reportError)
    problems.push({ target: answer.report?.kind === "ask" ? "dobDay" : "report", message: answer.reportError });
  const open = isActiveStatus(view.status);
  const confirmed = view.status === "confirmed" && view.confirmedDate && view.confirmedTime;
  const date = confirmed ? view.confirmedDate! : view.requestedDate;
  // After a cancellation, answers already given are still shown (decision 020); an empty form is not.
  const showSafety = view.status !== "cancelled" || view.safety.savedAt !== null;
  // "Change the date": right under the appointment when its day is closed (decision 044), else after the preparation.
  const changeSection = view.canChange && (
    <section className="form__section" id="change" aria-labelledby="change-title">
      <h2 id="change-title">{m.private_change_title({}, options)}</h2>
      <p>
        {view.status === "confirmed"
          ? m.private_change_lead_confirmed({}, options)
          : m.private_change_lead({}, options)}
      </p>
      <form method="post" action={here} className="form" noValidate>
        <input type="hidden" name="intent" value="change" />
        <input type="hidden" name="version" value={view.version} />
        <DateChoice
          name="date"
          legend={m.private_change_legend({}, options)}
          calendar={view.calendar}
          current={date}
          chosen={values.date}
          error={errors.date}
        />
        <button type="submit" className="button button--primary">
          {m.private_change_submit({}, options)}
        </button>
      </form>
    </section>
  );
  const taken = "taken" in answer && answer.taken ? answer : undefined;
  const bookedTime = confirmed ? bookedTimeWords(date, view.confirmedTime!, locale) : "";
  return (
    <>
      {taken && <MoveTaken answer={taken} view={view} current={bookedTime} pathname={location.pathname} />}
      <PostOutcome
        success={
          done === "contact"
            ? contactPreferenceWords(locale).chosen(view.contact)
            : done
              ? words.messages[done]
              : undefined
        }
        detail={done === "cancelled" || done === "changed" || done === "moved" ? words.changeMailed : undefined}
        failure={taken ? undefined : failure}
        problems={problems}
      />
      <h1>{m.private_title({}, options)}</h1>
      {view.closedDay && <ClosedDayNotice closed={view.closedDay} date={date} canChange={view.canChange} />}
      <dl className="confirmation__summary appointment-summary">
        <div>
          <dt>{m.private_label_status({}, options)}</dt>
          <dd>
            <strong>{view.statusWords}</strong>
          </dd>
        </div>
        <div>
          <dt>
            {confirmed
              ? m.private_label_date_time({}, options)
              : view.status === "requested"
                ? m.private_label_requested_date({}, options)
                : m.private_label_date({}, options)}
          </dt>
          <dd>
            {confirmed
              ? m.mail_when({ date: formatLongDate(date, locale), time: view.confirmedTime! }, options)
              : view.closedDay?.kind === "clinic"
                ? m.private_date_closed_mark({ date: formatLongDate(date, locale) }, options)
                : formatLongDate(date, locale)}
          </dd>
        </div>
        <div>
          <dt>{m.private_label_reference({}, options)}</dt>
          <dd>{view.reference}</dd>
        </div>
        <div>
          <dt>{m.private_label_service({}, options)}</dt>
          <dd>{view.service}</dd>
        </div>
        {view.examination && (
          <div>
            <dt>{m.private_label_examination({}, options)}</dt>
            <dd>{view.examination}</dd>
          </div>
        )}
      </dl>

      {answer.report && (
        <ReportSection report={answer.report} error={answer.reportError} values={answer.reportValues} action={here} />
      )}

      {/* Just said: the outcome at the top says it, so the page does not say it twice. */}
      {!view.closedDay && done !== "coming" && (
        <ComingChoice coming={view.coming} version={view.version} action={here} />
      )}

      {view.closedDay && view.canChange && changeSection}

      {view.status === "requested" && !view.closedDay && (
        <div className="notice">
          <p>
            <strong>{request.received}</strong>
          </p>
          <p>{request.nextStep(view.answerBy)}</p>
        </div>
      )}
      {view.status === "cancelled" && (
        <div className="notice appointment-final">
          <p>{words.cancelledFinal}</p>
          <p>
            <a href={pagePath(BOOKING_PATH)} className="button button--primary">
              {words.bookAgain}
            </a>
          </p>
        </div>
      )}

      {view.newTimePath && (
        <div className="notice appointment-final">
          <p>{m.private_not_prepared_final({}, options)}</p>
          <p>
            <a href={pagePath(view.newTimePath)} className="button button--primary">
              {m.private_book_new_time({}, options)}
            </a>
          </p>
        </div>
      )}

      {open && (
        <>
          <section className="form__section" aria-labelledby="where-title">
            <h2 id="where-title">{m.private_where_title({}, options)}</h2>
            <p>
              {clinic.name}
              <br />
              {clinic.address.street}, {clinic.address.city}
            </p>
            <p>
              <a href={mapsHref(clinic)} target="_blank" rel="noopener noreferrer">
                {m.private_maps_link({}, options)}
                <span className="visually-hidden">{m.private_new_tab({}, options)}</span>
              </a>
            </p>
          </section>
          <section className="form__section" aria-labelledby="prepare-title">
            <h2 id="prepare-title">{m.private_prepare_title({}, options)}</h2>
            <PreparationClock lines={view.clock} />
            {view.examination && (
              <p>
                <strong>{m.mail_prepare_heading_examination({ examination: view.examination }, options)}</strong>
              </p>
            )}
            <ul className="policy-list">
              {view.preparation.map((note) => (
                <li key={note}>{note}</li>
              ))}
            </ul>
          </section>
        </>
      )}

      {view.move ? (
        <MoveTime
          move={view.move}
          version={view.version}
          current={bookedTime}
          pathname={location.pathname}
          action={here}
          chosenTime={values.time}
          error={errors.appointmentTime}
        />
      ) : (
        view.canChange && !view.closedDay && changeSection
      )}
      <EarlierChoice earlier={view.earlier} action={here} />
      {view.changeByPhone && (
        <section className="form__section" aria-labelledby="change-title">
          <h2 id="change-title">{m.private_change_title({}, options)}</h2>
          <p>{words.messages.tooLate}</p>
        </section>
      )}

      {view.canCancel && (
        <section className="form__section" id="cancel" aria-labelledby="cancel-title">
          <h2 id="cancel-title">{m.private_cancel_title({}, options)}</h2>
          {confirmingCancel ? (
            <form method="post" action={here} className="form" noValidate>
              <input type="hidden" name="intent" value="cancel" />
              <input type="hidden" name="version" value={view.version} />
              {view.lateCancel && (
                <p className="notice">
                  <strong>{m.private_cancel_late({ hours: NOTICE_HOURS }, options)}</strong>{" "}
                  {lateCancellationFee(locale)}
                </p>
              )}
              <TextAreaField
                id="reason"
                label={m.private_cancel_reason_label({}, options)}
                hint={m.private_cancel_reason_hint({}, options)}
                optional
                rows={3}
                maxLength={CANCEL_REASON_MAX}
                defaultValue={values.reason}
                error={errors.reason}
              />
              <div className="form-submit">
                <button type="submit" className="button button--danger">
                  {m.private_cancel_confirm({}, options)}
                </button>{" "}
                <a href="?" className="button button--outline">
                  {m.private_cancel_keep({}, options)}
                </a>
              </div>
            </form>
          ) : (
            <p>
              <a href="?step=cancel#cancel" className="button button--outline">
                {m.private_cancel_open({}, options)}
              </a>
            </p>
          )}
        </section>
      )}

      {showSafety && <SafetyForm {...view.safety} errors={errors} action={here} />}
      {open && <ContactSettings {...view.contact} action={here} error={errors.contactPreference} />}
      {open && <BookingPolicy className="form__section" />}
    </>
  );
}

/**
 * The first thing a patient reads when their day cannot go ahead (decision 044): the clinic is
 * closed that day (or the equipment for their examination is out of service), the reason the
 * clinic gave, that a confirmed time is no longer held, and the one thing to do, with the
 * change-date form one tap away.
 */
function ClosedDayNotice({
  closed,
  date,
  canChange,
}: {
  closed: NonNullable<ManageView["closedDay"]>;
  date: string;
  canChange: boolean;
}) {
  const options = useMessageOptions();
  const day = formatLongDate(date, options.locale);
  const reason = closed.reason;
  return (
    <section className="notice notice--closed" aria-labelledby="closed-title">
      <h2 id="closed-title" className="notice__title">
        {closed.kind === "clinic"
          ? m.private_closed_clinic({ date: day }, options)
          : m.private_closed_room({ date: day }, options)}
      </h2>
      {closed.kind === "clinic" && reason && <p>{m.private_closed_reason_clinic({ reason }, options)}</p>}
      {closed.kind === "room" && (
        <p>{reason ? m.private_closed_reason_room({ reason }, options) : m.private_closed_room_plain({}, options)}</p>
      )}
      {closed.released && <p>{m.private_closed_released({}, options)}</p>}
      <p>
        <strong>{m.private_closed_choose({}, options)}</strong>
      </p>
      {canChange && (
        <p>
          <a href="#change" className="button button--primary">
            {m.private_closed_action({}, options)}
          </a>
        </p>
      )}
    </section>
  );
}
