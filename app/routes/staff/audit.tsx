import { Link } from "react-router";
import { Pagination } from "~/components/staff/pagination";
import { formatClinicDateTime } from "@domain/dates";
import { staffMeta } from "~/components/staff/staff-format";
import { DataTable } from "~/components/staff/data-table";
import { requireStaff } from "~/lib/staff.server";
import { AUDIT_ACTION_LABELS, listAudit } from "~/lib/staff/audit.server";
import type { Route } from "./+types/audit";

export const meta = () => staffMeta("Audit log");

export async function loader(args: Route.LoaderArgs) {
  const { rt } = await requireStaff(args, { role: "manager" });
  const params = new URL(args.request.url).searchParams;
  const rawAction = params.get("action");
  const action =
    rawAction && rawAction in AUDIT_ACTION_LABELS ? (rawAction as keyof typeof AUDIT_ACTION_LABELS) : undefined;
  const page = Math.max(1, Number(params.get("page")) || 1);
  const log = await listAudit(rt.db, { page, action });
  return {
    action: action ?? "",
    actions: Object.entries(AUDIT_ACTION_LABELS).map(([value, label]) => ({ value, label })),
    log: { ...log, rows: log.rows.map((r) => ({ ...r, label: AUDIT_ACTION_LABELS[r.action] })) },
  };
}

function targetLink(type: string | null, id: string | null) {
  if (!type || !id) return null;
  if (type === "appointment") return <Link to={`/staff/appointments/${id}`}>Appointment {id}</Link>;
  if (type === "upload") return <span>File {id.slice(0, 8)}…</span>;
  if (type === "enquiry") return <span>Enquiry {id}</span>;
  return <span>{type}</span>;
}

export default function StaffAudit({ loaderData }: Route.ComponentProps) {
  const { log, actions, action } = loaderData;
  return (
    <>
      <div className="staff-page-head">
        <h1>Audit log</h1>
        <p className="staff-muted">
          Every sign-in, appointment view, file view or download, status change and export, newest first.
        </p>
      </div>
      <form method="get" className="staff-filters" aria-label="Filter the audit log">
        <div className="staff-field">
          <label htmlFor="action">Action</label>
          <select id="action" name="action" defaultValue={action}>
            <option value="">All actions</option>
            {actions.map((a) => (
              <option key={a.value} value={a.value}>
                {a.label}
              </option>
            ))}
          </select>
        </div>
        <div className="staff-filters__actions">
          <button type="submit" className="button button--primary">
            Show
          </button>
        </div>
      </form>
      {log.rows.length === 0 ? (
        <p>No entries.</p>
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
                <td>{targetLink(r.targetType, r.targetId)}</td>
                <td>{r.detail?.replace(" -> ", " → ")}</td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
      {log.pages > 1 && (
        <Pagination
          page={log.page}
          pages={log.pages}
          total={log.total}
          label="Audit log"
          href={(p) => `/staff/audit?${action ? `action=${action}&` : ""}page=${p}`}
        />
      )}
    </>
  );
}
