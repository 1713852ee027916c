import { Link } from "react-router";
import { z } from "zod";
import { Pagination } from "~/components/staff/pagination";
import { addDays, clinicInstant, formatClinicDateTime, parseDateInput } from "@domain/dates";
import { ROLE_LABELS, isStaffRole } from "@domain/staff-roles";
import { statusLabel } from "@domain/statuses";
import { staffMeta } from "~/components/staff/staff-format";
import { DataTable } from "~/components/staff/data-table";
import { DATE_FIELD_HINT, DateInput } from "~/components/staff/date-field";
import { StaffErrorSummary, StaffField, type FieldErrors } from "~/components/staff/form-errors";
import { formText, parseForm } from "~/lib/form-data";
import { requireStaff } from "~/lib/staff.server";
import { AUDIT_ACTION_LABELS, listAudit, listStaffAccounts, type AuditRecord } from "~/lib/staff/audit.server";
import type { Route } from "./+types/audit";

export const meta = () => staffMeta("Audit log");

type Action = keyof typeof AUDIT_ACTION_LABELS;

/** A day of the filter: empty, or a date (the date picker's YYYY-MM-DD, or typed DD/MM/YYYY). */
const dayField = (message: string) =>
  formText(40).transform((raw, ctx) => {
    if (!raw.trim()) return undefined;
    const date = parseDateInput(raw);
    if (!date) ctx.addIssue({ code: "custom", message });
    return date ?? z.NEVER;
  });

/**
 * The filter, read from the address (nothing in it is personal: an account
 * id, an action, dates); every field is checked and every error reported.
 */
const auditFilterForm = (people: Set<number>) =>
  z
    .object({
      person: formText(20).transform((raw, ctx) => {
        if (!raw) return undefined;
        const id = Number(raw);
        if (!Number.isSafeInteger(id) || !people.has(id))
          ctx.addIssue({ code: "custom", message: "Choose a staff member from the list." });
        return id;
      }),
      action: formText(40).transform((raw, ctx) => {
        if (!raw) return undefined;
        if (!(raw in AUDIT_ACTION_LABELS)) ctx.addIssue({ code: "custom", message: "Choose an action from the list." });
        return raw as Action;
      }),
      from: dayField("Enter the first day as a date, for example 01/12/2026."),
      to: dayField("Enter the last day as a date, for example 31/12/2026."),
      page: formText(10).transform((raw) => Math.max(1, Math.floor(Number(raw)) || 1)),
    })
    .superRefine((v, ctx) => {
      if (v.from && v.to && v.from > v.to)
        ctx.addIssue({ code: "custom", message: "The last day must be on or after the first day.", path: ["to"] });
    });

/** The form's field ids, in its order: the summary's links and the inline messages use them. */
const FIELD_IDS = { person: "audit-person", action: "audit-action", from: "audit-from", to: "audit-to" } as const;

export async function loader(args: Route.LoaderArgs) {
  const { rt } = await requireStaff(args, { role: "manager" });
  const params = new URL(args.request.url).searchParams;
  const accounts = await listStaffAccounts(rt.db);
  const people = accounts.map((a) => ({ id: a.id, name: a.name, email: a.email }));
  const values = Object.fromEntries(
    (["person", "action", "from", "to"] as const).map((k) => [k, (params.get(k) ?? "").slice(0, 40)]),
  );
  const form = new FormData();
  for (const [k, v] of params) if (!form.has(k)) form.set(k, v);
  const parsed = parseForm(form, auditFilterForm(new Set(people.map((p) => p.id))));
  const actions = Object.entries(AUDIT_ACTION_LABELS)
    .map(([value, label]) => ({ value, label }))
    .sort((a, b) => a.label.localeCompare(b.label));
  if (!parsed.ok) {
    const errors: FieldErrors = {};
    for (const [field, id] of Object.entries(FIELD_IDS)) errors[id] = parsed.errors[field]?.[0];
    return { people, actions, values, errors, log: null };
  }
  const { person, action, from, to, page } = parsed.value;
  const log = await listAudit(rt.db, {
    page,
    filter: {
      staffId: person,
      action,
      fromIso: from ? clinicInstant(from, "00:00").toISOString() : undefined,
      toIso: to ? clinicInstant(addDays(to, 1), "00:00").toISOString() : undefined,
    },
  });
  return {
    people,
    actions,
    values: { person: person ? String(person) : "", action: action ?? "", from: from ?? "", to: to ?? "" },
    errors: null,
    log: { ...log, rows: log.rows.map((r) => ({ ...r, label: AUDIT_ACTION_LABELS[r.action] })) },
  };
}

/** What a line is about, in the console's words: an appointment by its reference, linked; a colleague by name. */
function RecordCell({ record }: { record: AuditRecord }) {
  if (!record) return null;
  switch (record.kind) {
    case "appointment":
      return record.reference ? (
        <Link to={`/staff/appointments/${record.id}`} className="staff-mono">
          {record.reference}
        </Link>
      ) : (
        <span className="staff-muted">An appointment no longer held</span>
      );
    case "file":
      return record.reference && record.appointmentId ? (
        <>
          Referral file of{" "}
          <Link to={`/staff/appointments/${record.appointmentId}`} className="staff-mono">
            {record.reference}
          </Link>
        </>
      ) : (
        <span className="staff-muted">A file no longer held</span>
      );
    case "enquiry":
      return record.reference ? (
        <span className="staff-mono">{record.reference}</span>
      ) : (
        <span className="staff-muted">An enquiry no longer held</span>
      );
    case "account":
      return <span className="staff-break">{record.name ? `Account of ${record.name}` : "A staff account"}</span>;
    case "invitation":
      return <span className="staff-break">{record.name ? `Invitation to ${record.name}` : "An invitation"}</span>;
    default:
      return <span>{OTHER_RECORDS[record.type] ?? record.type}</span>;
  }
}

const OTHER_RECORDS: Record<string, string> = {
  closure: "A closure",
  appointments: "Appointments",
  patient: "A patient (never named here)",
};

/** A line's detail in the console's words: statuses and roles by their labels. */
function detailWords(action: Action, detail: string | null): string {
  if (!detail) return "";
  if (action === "status_change" || action === "appointment_move")
    return detail
      .split(" -> ")
      .map((s) => statusLabel(s))
      .join(" → ");
  if (isStaffRole(detail)) return ROLE_LABELS[detail];
  return detail;
}

export default function StaffAudit({ loaderData }: Route.ComponentProps) {
  const { log, actions, people, values, errors } = loaderData;
  const href = (p: number) => {
    const q = new URLSearchParams(Object.entries(values).filter(([, v]) => v));
    q.set("page", String(p));
    return `/staff/audit?${q}`;
  };
  return (
    <>
      <div className="staff-page-head">
        <h1>Audit log</h1>
        <p className="staff-muted">
          Who did what, to which record, and when: sign-ins, appointment views (one line per person and appointment
          within 10 minutes), files viewed or downloaded, status changes, exports and changes to accounts, newest first.
        </p>
      </div>
      {errors && <StaffErrorSummary errors={errors} />}
      <form method="get" className="staff-filters" aria-label="Filter the audit log" noValidate>
        <StaffField id={FIELD_IDS.person} label="Staff member" error={errors?.[FIELD_IDS.person]}>
          {(aria) => (
            <select {...aria} name="person" defaultValue={values.person}>
              <option value="">Everyone</option>
              {people.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name} ({p.email})
                </option>
              ))}
            </select>
          )}
        </StaffField>
        <StaffField id={FIELD_IDS.action} label="Action" error={errors?.[FIELD_IDS.action]}>
          {(aria) => (
            <select {...aria} name="action" defaultValue={values.action}>
              <option value="">All actions</option>
              {actions.map((a) => (
                <option key={a.value} value={a.value}>
                  {a.label}
                </option>
              ))}
            </select>
          )}
        </StaffField>
        <StaffField id={FIELD_IDS.from} label="From" hint={DATE_FIELD_HINT} error={errors?.[FIELD_IDS.from]}>
          {(aria) => <DateInput aria={aria} name="from" value={values.from} />}
        </StaffField>
        <StaffField id={FIELD_IDS.to} label="To" hint={DATE_FIELD_HINT} error={errors?.[FIELD_IDS.to]}>
          {(aria) => <DateInput aria={aria} name="to" value={values.to} />}
        </StaffField>
        <div className="staff-filters__actions">
          <button type="submit" className="button button--primary">
            Show
          </button>
          <Link to="/staff/audit" className="button button--outline">
            Clear
          </Link>
        </div>
      </form>
      {!log ? (
        <p>Correct the filter to see the log.</p>
      ) : log.rows.length === 0 ? (
        <p role="status">No entries match.</p>
      ) : (
        <DataTable
          region="Audit log table"
          scroll
          caption="Audit log entries, newest first"
          columns={["When", "Staff member", "Action", "Record", "Details"]}
        >
          <tbody>
            {log.rows.map((r) => (
              <tr key={r.id}>
                <td className="staff-nowrap">{formatClinicDateTime(r.createdAt)}</td>
                <td>
                  {r.staffName ?? <span className="staff-muted">No account</span>}
                  {r.staffEmail.startsWith("hmac:") ? (
                    <span className="staff-sub" title={r.staffEmail}>
                      Address typed: not stored
                    </span>
                  ) : (
                    <span className="staff-sub staff-break">{r.staffEmail}</span>
                  )}
                </td>
                <td>{r.label}</td>
                <td>
                  <RecordCell record={r.record} />
                </td>
                <td>{detailWords(r.action, r.detail)}</td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
      {log && <Pagination list={log} label="Audit log" href={href} />}
    </>
  );
}
