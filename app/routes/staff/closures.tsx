import { Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { CLOSED_DAYS } from "@domain/clinic";
import {
  canRemoveClosure,
  CLOSURE_MAX_DAYS,
  CLOSURE_REASON_MAX,
  closureDates,
  closureScope,
  type ClosureField,
  type ClosureInput,
} from "@domain/closures";
import { clinicDate, formatAbbreviatedDate } from "@domain/dates";
import { ROOMS } from "@domain/rooms";
import { AnswerSummary, StaffField } from "~/components/staff/form-errors";
import { useAnswerFocus } from "~/components/staff/use-answer-focus";
import { done, refused, type StaffAnswer } from "~/lib/staff/answer";
import { DATE_FIELD_HINT, DateInput } from "~/components/staff/date-field";
import { staffMeta } from "~/components/staff/staff-format";
import { StatusBadge } from "~/components/staff/status-badge";
import { formText, parseForm } from "~/lib/form-data";
import { requireStaff } from "~/lib/staff.server";
import {
  closeAndTell,
  closuresWithAppointments,
  removableClosure,
  reopenAndOffer,
  type AffectedAppointment,
} from "~/lib/staff/closures.server";
import type { Route } from "./+types/closures";

/** "Sundays and public holidays", from the opening hours, to start a sentence. */
const CLOSED_DAYS_CAPITAL = `${CLOSED_DAYS.charAt(0).toUpperCase()}${CLOSED_DAYS.slice(1)}`;

export const meta = () => staffMeta("Closures");

export async function loader(args: Route.LoaderArgs) {
  const { rt } = await requireStaff(args, { role: "manager" });
  const now = rt.now();
  return { today: clinicDate(now), closures: await closuresWithAppointments(rt) };
}

/** The closure form's values as sent, kept so a refused or previewed form shows them again. */
type Values = { firstDate: string; lastDate: string; reason: string; room: string };

/**
 * Done: the notice of a closure saved or removed, with the patients told
 * (`told`); or nothing done yet, a question: the patients a closure would
 * reach, with a button to save it and tell them (`confirmAdd`, with the
 * values to send again), or the closure to remove (`confirmRemove`).
 * Refused: each field's message (the page's field ids are the fields'
 * names), or a sentence about none, with the values as sent.
 */
type Answer = StaffAnswer<
  {
    told?: AffectedAppointment[];
    confirmAdd?: { closure: ClosureInput; appointments: AffectedAppointment[]; values: Values };
    confirmRemove?: { id: number; firstDate: string; lastDate: string; room: string | null };
  },
  Values
>;

/** Add or remove: the dates, room and reason are checked by the core (domain/closures), which names each field. */
const closureForm = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("add"),
    firstDate: formText(300),
    lastDate: formText(300),
    reason: formText(1000),
    room: formText(100),
    confirm: formText(10),
  }),
  z.object({ intent: z.literal("remove"), id: formText(300), confirm: formText(10) }),
]);

/** The closure form's fields in its order: the error summary lists them so. */
const FIELDS: readonly ClosureField[] = ["firstDate", "lastDate", "room", "reason"];

const patients = (n: number) => `${n} ${n === 1 ? "patient" : "patients"}`;

/** "The X-ray room out of service on …", "The whole clinic closed from … to …". */
const closureWords = (c: { firstDate: string; lastDate: string; room: string | null }) =>
  `${c.room ? `${closureScope(c.room, { start: true })} out of service` : "The whole clinic closed"} ${
    c.firstDate === c.lastDate ? "on" : "from"
  } ${closureDates(c)}`;

/**
 * Add or remove, as a POST with an intent; each asks first (a page that
 * answers with what would happen and a button that posts again with
 * `confirm=yes`), so it works without JavaScript. Adding asks only when the
 * closure reaches booked patients. The guard refuses anyone but a manager
 * before the body is read.
 */
export async function action(args: Route.ActionArgs) {
  const { rt, staff } = await requireStaff(args, { role: "manager" });
  const form = parseForm(await args.request.formData(), closureForm);
  if (!form.ok) return refused<Answer>(400, { error: "Unknown action." });
  const confirmed = form.value.confirm === "yes";
  if (form.value.intent === "add") {
    const { firstDate, lastDate, reason, room } = form.value;
    const values = { firstDate, lastDate, reason, room };
    const result = await closeAndTell(rt, staff, values, { confirmed });
    if (!result.ok && "failure" in result) return refused<Answer>(409, { error: result.failure, values });
    if (!result.ok)
      return refused<Answer>(400, { errors: Object.fromEntries(FIELDS.map((f) => [f, result.errors[f]])), values });
    if (!result.saved)
      return done<Answer>({ confirmAdd: { closure: result.closure, appointments: result.appointments, values } });
    const c = result.closure;
    const when = `${c.firstDate === c.lastDate ? "on" : "from"} ${closureDates(c)}`;
    const closed = c.room
      ? `${closureScope(c.room, { start: true })} is now out of service ${when}: the free times no longer offer it.`
      : `The clinic is now closed ${when}. The booking page refuses ${c.firstDate === c.lastDate ? "that day" : "those days"} from now on.`;
    const told = result.told.length
      ? ` ${patients(result.told.length)} e-mailed with the reason and a link to choose another date; those who chose text messages were texted too.`
      : "";
    return done<Answer>({ notice: `${closed}${told}`, told: result.told });
  }
  const id = Number(form.value.id);
  if (!confirmed) {
    const found = await removableClosure(rt.db, id, rt.now());
    if (!found.ok) return refused<Answer>(found.status, { error: found.error });
    return done<Answer>({ confirmRemove: found.closure });
  }
  const result = await reopenAndOffer(rt, staff, id);
  if (!result.ok) return refused<Answer>(result.status, { error: result.error });
  const c = result.closure;
  return done<Answer>({
    notice: c.room
      ? `The closure is removed: ${closureScope(c.room)} is in service again on ${closureDates(c)}.`
      : "The closure is removed: those days are open for booking again.",
    told: [],
  });
}

/** An appointment a closure reaches: a link to its page, its date (and time and room) and its status. */
function AppointmentList({ appointments }: { appointments: AffectedAppointment[] }) {
  return (
    <ul className="staff-link-list staff-closure-patients">
      {appointments.map((a) => (
        <li key={a.id}>
          <Link to={`/staff/appointments/${a.id}`}>
            <span className="staff-mono">{a.reference}</span>, {a.name}
          </Link>
          <span className="staff-closure-patients__when">
            {[`${formatAbbreviatedDate(a.date)}${a.time ? ` at ${a.time}` : ""}`, a.room, a.service]
              .filter(Boolean)
              .join(", ")}{" "}
            <StatusBadge status={a.status} />
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The closure's fields, sent again with `confirm=yes`. */
function HiddenClosure({ values }: { values: Values }) {
  return (
    <>
      <input type="hidden" name="firstDate" value={values.firstDate} />
      <input type="hidden" name="lastDate" value={values.lastDate} />
      <input type="hidden" name="room" value={values.room} />
      <input type="hidden" name="reason" value={values.reason} />
      <input type="hidden" name="confirm" value="yes" />
    </>
  );
}

export default function StaffClosures({ loaderData, actionData }: Route.ComponentProps) {
  const { closures, today } = loaderData;
  const busy = useNavigation().state !== "idle";
  const errors = actionData?.ok === false ? actionData.errors : {};
  const confirmAdd = actionData?.ok ? actionData.confirmAdd : undefined;
  const confirmRemove = actionData?.ok ? actionData.confirmRemove : undefined;
  // What was typed, kept after a refusal or a question.
  const values = actionData?.ok === false ? actionData.values : confirmAdd?.values;
  // A closure saved or removed: its notice.
  const notice = actionData?.ok ? actionData.notice : undefined;
  const { confirmRef, doneRef } = useAnswerFocus(actionData, { asking: !!(confirmAdd || confirmRemove), notice });
  // A saved closure clears the form; a refused or previewed one keeps what was typed.
  const formKey = notice ?? "closure-form";
  return (
    <>
      <div className="staff-page-head">
        <h1>Closures</h1>
        {/* The outcome right under the heading, focused (so in view) as it loads: autofocus without JavaScript, the effect with. */}
        <div role="status" className="staff-live">
          {notice && (
            <p className="staff-alert staff-alert--success" tabIndex={-1} autoFocus ref={doneRef} key={notice}>
              {notice}
            </p>
          )}
        </div>
        <p className="staff-muted">
          Close the clinic, or take one room out of service, for a day or a range of days. The booking page, the booking
          rules and the free times obey a closure at once; patients see its reason. {CLOSED_DAYS_CAPITAL} are closed
          already. When a closure reaches booked patients, this page lists them and asks you to confirm; each is then
          e-mailed the reason and a link to choose another date, and texted if they chose text messages. Every change is
          recorded in the audit log.
        </p>
      </div>

      <AnswerSummary answer={actionData} />

      {confirmAdd && (
        <section className="staff-section staff-confirm" aria-labelledby="confirm-heading">
          <h2 id="confirm-heading" ref={confirmRef} tabIndex={-1}>
            {`This closure reaches ${patients(confirmAdd.appointments.length)}`}
          </h2>
          <p>{`${closureWords(confirmAdd.closure)}: “${confirmAdd.closure.reason}”. Nothing is saved yet.`}</p>
          <p>
            Saving it e-mails each of these patients the reason and their private link to choose another date, and texts
            those who chose text messages that the clinic is closed. Confirmed appointments go back to requested and
            give up their time; requests stay requested. Each appointment&apos;s history records that the patient was
            told.
          </p>
          <AppointmentList appointments={confirmAdd.appointments} />
          <div className="staff-button-row">
            <Form method="post" noValidate>
              <HiddenClosure values={confirmAdd.values} />
              <button type="submit" name="intent" value="add" className="button button--primary" disabled={busy}>
                {`Save the closure and tell ${patients(confirmAdd.appointments.length)}`}
              </button>
            </Form>
            <a href="#add-heading">Change the closure</a>
            <Link to="/staff/closures">Do not save it</Link>
          </div>
        </section>
      )}

      {confirmRemove && (
        <section className="staff-section staff-confirm" aria-labelledby="confirm-heading">
          <h2 id="confirm-heading" ref={confirmRef} tabIndex={-1}>
            {`Remove the closure of ${closureScope(confirmRemove.room)} on ${closureDates(confirmRemove)}?`}
          </h2>
          <p>
            {confirmRemove.room
              ? "The room is offered again in the free times on those days."
              : "Those days open for booking again."}{" "}
            Patients told of this closure are not told again, and their appointments stay requested.
          </p>
          <div className="staff-button-row">
            <Form method="post" noValidate>
              <input type="hidden" name="id" value={confirmRemove.id} />
              <input type="hidden" name="confirm" value="yes" />
              <button
                type="submit"
                name="intent"
                value="remove"
                className="button staff-button--danger"
                disabled={busy}
              >
                Remove the closure
              </button>
            </Form>
            <Link to="/staff/closures">Keep it</Link>
          </div>
        </section>
      )}

      {actionData?.ok && actionData.told && actionData.told.length > 0 && (
        <section className="staff-section" aria-labelledby="told-heading">
          <h2 id="told-heading">Patients told</h2>
          <p className="staff-muted">
            Each was e-mailed the reason and a link to choose another date, and texted if they chose text messages;
            their appointments are now requested.
          </p>
          <AppointmentList appointments={actionData.told} />
        </section>
      )}

      <section className="staff-section" aria-labelledby="add-heading">
        <h2 id="add-heading">Add a closure</h2>
        <Form method="post" className="staff-filters" noValidate key={formKey}>
          <StaffField id="firstDate" label="First closed day" hint={DATE_FIELD_HINT} error={errors.firstDate}>
            {(aria) => <DateInput aria={aria} name="firstDate" value={values?.firstDate} required />}
          </StaffField>
          <StaffField
            id="lastDate"
            label="Last closed day (empty for one day)"
            hint={DATE_FIELD_HINT}
            error={errors.lastDate}
          >
            {(aria) => <DateInput aria={aria} name="lastDate" value={values?.lastDate} />}
          </StaffField>
          <StaffField id="room" label="What closes" error={errors.room} className="staff-field--fit">
            {(aria) => (
              <select {...aria} name="room" defaultValue={values?.room ?? ""}>
                <option value="">The whole clinic</option>
                {ROOMS.map((r) => (
                  <option key={r.id} value={r.id}>
                    {closureScope(r.id, { start: true })} only
                  </option>
                ))}
              </select>
            )}
          </StaffField>
          <StaffField id="reason" label="Reason patients see" error={errors.reason}>
            {(aria) => (
              <input
                {...aria}
                name="reason"
                required
                maxLength={CLOSURE_REASON_MAX}
                placeholder="Closed for staff training"
                autoComplete="off"
                defaultValue={values?.reason}
              />
            )}
          </StaffField>
          <div className="staff-filters__actions">
            <button type="submit" name="intent" value="add" className="button button--primary" disabled={busy}>
              Add closure
            </button>
          </div>
        </Form>
        <p className="staff-muted">At most {CLOSURE_MAX_DAYS} days at a time.</p>
      </section>

      <section className="staff-section" aria-labelledby="closures-heading">
        <h2 id="closures-heading">Closures coming up</h2>
        {closures.length === 0 ? (
          <p className="staff-muted">No closures coming up.</p>
        ) : (
          <ul className="staff-closure-list">
            {closures.map((c) => (
              <li key={c.id} className="card staff-card staff-closure">
                <h3>{closureDates(c)}</h3>
                <dl className="staff-dl">
                  <div className="staff-dl__row">
                    <dt>What closes</dt>
                    <dd>{c.room ? `${closureScope(c.room, { start: true })} only` : "The whole clinic"}</dd>
                  </div>
                  <div className="staff-dl__row">
                    <dt>Reason</dt>
                    <dd>{c.reason}</dd>
                  </div>
                  <div className="staff-dl__row">
                    <dt>Still booked</dt>
                    <dd>{c.appointments.length === 0 ? "None" : <AppointmentList appointments={c.appointments} />}</dd>
                  </div>
                </dl>
                {canRemoveClosure(c, today) ? (
                  <Form method="post" noValidate>
                    <input type="hidden" name="id" value={c.id} />
                    <button
                      type="submit"
                      name="intent"
                      value="remove"
                      className="button staff-button--danger staff-button--small"
                      disabled={busy}
                    >
                      Remove
                      <span className="visually-hidden">
                        {" "}
                        the closure of {closureScope(c.room)} on {closureDates(c)}
                      </span>
                    </button>
                  </Form>
                ) : (
                  <p className="staff-muted">Under way: it cannot be removed.</p>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
