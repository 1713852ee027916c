import { Form, Link } from "react-router";
import { parseDateInput } from "@domain/dates";
import { IMAGES_RECEIVED_LABEL } from "@domain/images";
import { DATE_FIELD_HINT, DateInput } from "./date-field";
import { DuplicateFlag } from "./duplicate-flag";
import { StaffField, type FieldErrors } from "~/components/staff/form-errors";
import { ArrivedBadge, StatusBadge } from "~/components/staff/status-badge";

/** Where each schedule view lives; `date` (YYYY-MM-DD) picks the day, or the week holding it. */
export const SCHEDULE_PATHS = {
  day: "/staff/schedule",
  week: "/staff/schedule/week",
  print: "/staff/schedule/print",
} as const;

export type ScheduleView = keyof typeof SCHEDULE_PATHS;

export const scheduleHref = (view: ScheduleView, date?: string) =>
  date ? `${SCHEDULE_PATHS[view]}?date=${date}` : SCHEDULE_PATHS[view];

/** The views the schedule's tabs switch between, with their tabs' words. */
const VIEWS = [
  ["day", "Day"],
  ["week", "Week"],
] as const;

/** The "Go to date" field's id: the error summary links to it. */
const GO_TO_DATE = "schedule-date";

/**
 * The "Go to date" form's error, when the date sent is not a date (an empty
 * field): the view shows today, or this week, and says so by the field.
 */
export function goToDateErrors(sent: string | null): FieldErrors | null {
  return sent !== null && !parseDateInput(sent) ? { [GO_TO_DATE]: "Enter the date to go to." } : null;
}

/**
 * Above the day and week views: day or week, previous and next, today (one
 * click away) and a date to go to (a plain GET form: it works before the
 * page's script has loaded).
 */
export function ScheduleNav({
  view,
  date,
  previous,
  next,
  isCurrent,
  errors,
}: {
  view: "day" | "week";
  date: string;
  previous: string;
  next: string;
  isCurrent: boolean;
  /** The "Go to date" form's error (goToDateErrors). */
  errors: FieldErrors | null;
}) {
  const unit = view === "day" ? "day" : "week";
  return (
    <div className="staff-schedule-nav staff-print-hide">
      <nav aria-label="Schedule view" className="staff-tabs">
        <ul>
          {VIEWS.map(([tab, label]) => (
            <li key={tab}>
              <Link
                to={scheduleHref(tab, date)}
                className="staff-tabs__link"
                aria-current={view === tab ? "page" : undefined}
              >
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <nav aria-label={`Choose the ${unit}`} className="staff-schedule-nav__steps">
        <ul>
          <li>
            <Link to={scheduleHref(view, previous)} rel="prev">
              Previous {unit}
            </Link>
          </li>
          <li>
            <Link to={scheduleHref(view)} aria-current={isCurrent ? "date" : undefined}>
              {view === "day" ? "Today" : "This week"}
            </Link>
          </li>
          <li>
            <Link to={scheduleHref(view, next)} rel="next">
              Next {unit}
            </Link>
          </li>
        </ul>
      </nav>
      <Form method="get" action={SCHEDULE_PATHS[view]} className="staff-schedule-nav__go" noValidate>
        <StaffField id={GO_TO_DATE} label="Go to date" hint={DATE_FIELD_HINT} error={errors?.[GO_TO_DATE]}>
          {(aria) => <DateInput aria={aria} name="date" value={date} key={date} required />}
        </StaffField>
        <button type="submit" className="button button--outline staff-button--small">
          Show
        </button>
      </Form>
    </div>
  );
}

/** An appointment on the schedule: a link to its page with its time, patient, service, reference and status. */
export function ScheduleAppointment({
  a,
  place,
}: {
  a: {
    id: number;
    reference: string;
    patient: string;
    service: string;
    status: string;
    time: string;
    endTime: string;
    arrivedAt?: string | null;
    imagesAt?: string | null;
  };
  /** Said after the time when the column does not say it (the week view's room). */
  place?: string;
}) {
  return (
    <Link to={`/staff/appointments/${a.id}`} className="staff-appt">
      <span className="staff-appt__time staff-mono">
        {a.time}–{a.endTime}
        {place && <span className="visually-hidden">{", "}</span>}
      </span>
      {place && <span className="staff-appt__place">{place}</span>}
      <strong className="staff-appt__patient">{a.patient}</strong>
      <span className="staff-appt__service">{a.service}</span>
      <span className="staff-appt__meta">
        <span className="staff-mono">{a.reference}</span> <StatusBadge status={a.status} />
        {a.arrivedAt ? <ArrivedBadge time={a.arrivedAt} /> : null}
        {a.imagesAt ? (
          <span className="staff-badge staff-badge--images">{`${IMAGES_RECEIVED_LABEL} ${a.imagesAt}`}</span>
        ) : null}
      </span>
    </Link>
  );
}

/** A request waiting for a time on the schedule: a link to its page, marked as waiting (decision 034). */
export function ScheduleRequest({
  r,
}: {
  r: { id: number; reference: string; patient: string; service: string; duplicate: boolean };
}) {
  return (
    <Link to={`/staff/appointments/${r.id}`} className="staff-appt staff-appt--waiting">
      <strong className="staff-appt__patient">{r.patient}</strong>
      <span className="staff-appt__service">{r.service}</span>
      <span className="staff-appt__meta">
        <span className="staff-mono">{r.reference}</span>{" "}
        <span className="staff-badge staff-badge--waiting">Waiting</span> <DuplicateFlag of={r.duplicate} />
      </span>
    </Link>
  );
}

/** The day view's requests waiting for a time on that day, beside the rooms. */
export function WaitingRequests({
  requests,
}: {
  requests: readonly { id: number; reference: string; patient: string; service: string; duplicate: boolean }[];
}) {
  return (
    <section className="staff-waiting" aria-labelledby="waiting-heading">
      <h2 id="waiting-heading">Requests waiting ({requests.length})</h2>
      {requests.length === 0 ? (
        <p className="staff-muted">No request asks for this day.</p>
      ) : (
        <>
          <p className="staff-muted">Asked for this day, not yet given a time. Open one to confirm it.</p>
          <ul className="staff-schedule__list">
            {requests.map((r) => (
              <li key={r.id}>
                <ScheduleRequest r={r} />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
