import { data, Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { CLOSED_DAYS } from "@domain/clinic";
import { CLOSURE_MAX_DAYS, CLOSURE_REASON_MAX, type ClosureField } from "@domain/closures";
import { clinicDate, formatLongDate } from "@domain/dates";
import { staffMeta } from "~/components/staff/staff-format";
import { formText, parseForm } from "~/lib/form-data";
import { DataTable } from "~/components/staff/data-table";
import { requireStaff } from "~/lib/staff.server";
import { addClosure, removeClosure, upcomingClosures, type AffectedAppointment } from "~/lib/staff/closures.server";
import type { Route } from "./+types/closures";

/** "Sundays and public holidays", from the opening hours, to start a sentence. */
const CLOSED_DAYS_CAPITAL = `${CLOSED_DAYS.charAt(0).toUpperCase()}${CLOSED_DAYS.slice(1)}`;

export const meta = () => staffMeta("Closures");

export async function loader(args: Route.LoaderArgs) {
  const { rt } = await requireStaff(args, { role: "manager" });
  const now = rt.now();
  return { today: clinicDate(now), closures: await upcomingClosures(rt.db, now) };
}

type Result =
  | { ok: true; message: string; appointments: AffectedAppointment[] }
  | { ok: false; error: string; errors?: Partial<Record<ClosureField, string>> };

/** Add or remove: the dates and reason are checked by the core (domain/closures), which names each field. */
const closureForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("add"), firstDate: formText(300), lastDate: formText(300), reason: formText(1000) }),
  z.object({ intent: z.literal("remove"), id: formText(300) }),
]);

/** Add or remove, as a POST with an intent; the guard refuses anyone but a manager before the body is read. */
export async function action(args: Route.ActionArgs) {
  const { rt, staff } = await requireStaff(args, { role: "manager" });
  const form = parseForm(await args.request.formData(), closureForm);
  if (!form.ok) return data<Result>({ ok: false, error: "Unknown action." }, { status: 400 });
  const now = rt.now();
  if (form.value.intent === "add") {
    const result = await addClosure(
      rt.db,
      staff,
      { firstDate: form.value.firstDate, lastDate: form.value.lastDate, reason: form.value.reason },
      now,
    );
    if (!result.ok)
      return data<Result>(
        { ok: false, error: "Check the closure: nothing was saved.", errors: result.errors },
        { status: 400 },
      );
    const { firstDate, lastDate } = result.closure;
    const when =
      firstDate === lastDate
        ? formatLongDate(firstDate)
        : `${formatLongDate(firstDate)} to ${formatLongDate(lastDate)}`;
    return data<Result>({
      ok: true,
      message: `The clinic is now closed ${firstDate === lastDate ? "on" : "from"} ${when}. The booking page refuses ${firstDate === lastDate ? "that day" : "those days"} from now on.`,
      appointments: result.appointments,
    });
  }
  const result = await removeClosure(rt.db, staff, Number(form.value.id), now);
  if (!result.ok) return data<Result>({ ok: false, error: result.error }, { status: result.status });
  return data<Result>({
    ok: true,
    message: "The closure is removed: those days are open for booking again.",
    appointments: [],
  });
}

function AppointmentList({ appointments }: { appointments: AffectedAppointment[] }) {
  return (
    <ul className="staff-link-list">
      {appointments.map((a) => (
        <li key={a.id}>
          <Link to={`/staff/appointments/${a.id}`}>
            {a.reference}, {a.name}
          </Link>{" "}
          ({a.status === "confirmed" ? "confirmed" : "requested"} for {formatLongDate(a.date)})
        </li>
      ))}
    </ul>
  );
}

function FieldError({ name, errors }: { name: ClosureField; errors: Partial<Record<ClosureField, string>> }) {
  return errors[name] ? (
    <p id={`${name}-error`} className="staff-field__error">
      {errors[name]}
    </p>
  ) : null;
}

const range = (first: string, last: string) =>
  first === last ? formatLongDate(first) : `${formatLongDate(first)} to ${formatLongDate(last)}`;

export default function StaffClosures({ loaderData, actionData }: Route.ComponentProps) {
  const { closures, today } = loaderData;
  const busy = useNavigation().state !== "idle";
  const errors = actionData && !actionData.ok ? (actionData.errors ?? {}) : {};
  const field = (name: ClosureField) => ({
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `${name}-error` : undefined,
  });
  return (
    <>
      <div className="staff-page-head">
        <h1>Closures</h1>
        <p className="staff-muted">
          Close the clinic for a day or a range of days. The booking page, the booking rules and confirmations obey a
          closure at once; patients see its reason. {CLOSED_DAYS_CAPITAL} are closed already. Adding a closure does not
          cancel appointments: contact the patients listed. Every change is recorded in the audit log.
        </p>
      </div>

      <div role="status" className="staff-live">
        {actionData?.ok && <p className="staff-alert staff-alert--success">{actionData.message}</p>}
        {actionData && !actionData.ok && <p className="staff-alert staff-alert--error">{actionData.error}</p>}
      </div>

      {actionData?.ok && actionData.appointments.length > 0 && (
        <section className="staff-section" aria-labelledby="affected-heading">
          <h2 id="affected-heading">Appointments on the closed days</h2>
          <p className="staff-muted">These are still active: contact the patients to move them.</p>
          <AppointmentList appointments={actionData.appointments} />
        </section>
      )}

      <section className="staff-section" aria-labelledby="add-heading">
        <h2 id="add-heading">Add a closure</h2>
        <Form method="post" className="staff-filters" noValidate>
          <div className="staff-field">
            <label htmlFor="firstDate">First closed day</label>
            <input id="firstDate" name="firstDate" type="date" min={today} required {...field("firstDate")} />
            <FieldError name="firstDate" errors={errors} />
          </div>
          <div className="staff-field">
            <label htmlFor="lastDate">Last closed day (empty for one day)</label>
            <input id="lastDate" name="lastDate" type="date" min={today} {...field("lastDate")} />
            <FieldError name="lastDate" errors={errors} />
          </div>
          <div className="staff-field">
            <label htmlFor="reason">Reason patients see</label>
            <input
              id="reason"
              name="reason"
              required
              maxLength={CLOSURE_REASON_MAX}
              placeholder="Closed for staff training"
              autoComplete="off"
              {...field("reason")}
            />
            <FieldError name="reason" errors={errors} />
          </div>
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
          <DataTable
            region="Closures table"
            scroll
            caption="Closures coming up, soonest first"
            columns={["Days", "Reason", "Active appointments", "Actions"]}
          >
            <tbody>
              {closures.map((c) => (
                <tr key={c.id}>
                  <td>{range(c.firstDate, c.lastDate)}</td>
                  <td>{c.reason}</td>
                  <td>{c.appointments.length === 0 ? "None" : <AppointmentList appointments={c.appointments} />}</td>
                  <td>
                    {c.removable ? (
                      <Form method="post">
                        <input type="hidden" name="id" value={c.id} />
                        <button
                          type="submit"
                          name="intent"
                          value="remove"
                          className="button staff-button--danger staff-button--small"
                          disabled={busy}
                        >
                          Remove
                          <span className="visually-hidden"> the closure of {range(c.firstDate, c.lastDate)}</span>
                        </button>
                      </Form>
                    ) : (
                      <span className="staff-muted">Under way</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        )}
      </section>
    </>
  );
}
