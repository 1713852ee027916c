import { Form, Link, redirect } from "react-router";
import { clinicDate, formatAbbreviatedDate, formatClinicDateTime } from "@domain/dates";
import { Pagination } from "~/components/staff/pagination";
import { staffMeta } from "~/components/staff/staff-format";
import { APPOINTMENT_STATUS_OPTIONS, StatusBadge } from "~/components/staff/status-badge";
import { SafetyFlag } from "~/components/staff/safety-answers";
import { DuplicateFlag } from "~/components/staff/duplicate-flag";
import { ACTIONS_COLUMN, DataTable } from "~/components/staff/data-table";
import { serviceTitle } from "@domain/catalogue";
import { LIST_PAGE_SIZE } from "@domain/staff-limits";
import { requireStaff } from "~/lib/staff.server";
import { exportRange, listAppointments, parseFilters, serviceNames } from "~/lib/staff/appointments.server";
import { StaffErrorSummary, StaffField, type FieldErrors } from "~/components/staff/form-errors";
import { DATE_FIELD_HINT, DateInput } from "~/components/staff/date-field";
import type { Route } from "./+types/appointments";

export const meta = () => staffMeta("Appointments");

// Status, service, dates and page may sit in the address (nothing personal);
// the free-text search (names, phone and ID numbers) is only ever POSTed.
async function load(
  args: Route.LoaderArgs | Route.ActionArgs,
  get: (name: string) => string | null,
  allowSearch: boolean,
) {
  const { rt, staff } = await requireStaff(args);
  const filters = parseFilters((name) => (name === "q" && !allowSearch ? null : get(name)));
  const [list, services] = await Promise.all([listAppointments(rt.db, filters), serviceNames(rt.db)]);
  const today = clinicDate(rt.now());
  const canExport = staff.role === "manager";
  return { list, services, filters: { ...filters, page: list.page }, today, searched: allowSearch, canExport };
}

/** The export form's fields: its ids on the page, by the range's field. */
const EXPORT_IDS = { from: "export-from", to: "export-to" } as const;

/**
 * GET /staff/appointments?export=1&export-from=…&export-to=…: the export
 * form, checked here so its errors show as every console form's do; a good
 * range goes on to the CSV download (the API route checks it again).
 */
export async function loader(args: Route.LoaderArgs) {
  const params = new URL(args.request.url).searchParams;
  if (params.has("export")) {
    await requireStaff(args, { role: "manager" });
    const range = exportRange(params.get("export-from") ?? "", params.get("export-to") ?? "");
    if (range.ok)
      throw redirect(`/api/staff/appointments/export?${new URLSearchParams({ from: range.from, to: range.to })}`);
    const errors: FieldErrors = { [EXPORT_IDS.from]: range.errors.from, [EXPORT_IDS.to]: range.errors.to };
    const exportValues = {
      from: (params.get("export-from") ?? "").slice(0, 40),
      to: (params.get("export-to") ?? "").slice(0, 40),
    };
    return { ...(await load(args, (n) => params.get(n), false)), exportErrors: errors, exportValues };
  }
  return load(args, (n) => params.get(n), false);
}

export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  return load(args, (n) => (typeof form.get(n) === "string" ? (form.get(n) as string) : null), true);
}

export default function StaffAppointments({ loaderData, actionData }: Route.ComponentProps) {
  const { list, services, filters, today, searched, canExport } = actionData ?? loaderData;
  const exportErrors = "exportErrors" in loaderData ? loaderData.exportErrors : undefined;
  const exportValues = "exportValues" in loaderData ? loaderData.exportValues : undefined;
  const first = (list.page - 1) * LIST_PAGE_SIZE + 1;
  const dayOffset = (days: number) =>
    new Date(new Date(`${today}T00:00:00Z`).getTime() + days * 86_400_000).toISOString().slice(0, 10);
  const queryFor = (page: number) => {
    const p = new URLSearchParams();
    if (filters.status) p.set("status", filters.status);
    if (filters.service) p.set("service", filters.service);
    if (filters.from) p.set("from", filters.from);
    if (filters.to) p.set("to", filters.to);
    p.set("page", String(page));
    return `/staff/appointments?${p}`;
  };
  return (
    <>
      <div className="staff-page-head">
        <h1>Appointments</h1>
        <p className="staff-muted">Newest requests first. Search by reference, name, phone or ID number.</p>
      </div>

      {exportErrors && <StaffErrorSummary errors={exportErrors} />}
      <Form method="post" className="staff-filters" id="filters" aria-label="Filter appointments" noValidate>
        <div className="staff-field staff-field--grow">
          <label htmlFor="q">Search</label>
          <input
            id="q"
            name="q"
            type="search"
            defaultValue={filters.q ?? ""}
            maxLength={100}
            autoComplete="off"
            spellCheck={false}
          />
        </div>
        <div className="staff-field">
          <label htmlFor="status">Status</label>
          <select id="status" name="status" defaultValue={filters.status ?? ""}>
            <option value="">Any status</option>
            {APPOINTMENT_STATUS_OPTIONS.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </div>
        <div className="staff-field">
          <label htmlFor="service">Service</label>
          <select id="service" name="service" defaultValue={filters.service ?? ""}>
            <option value="">Any service</option>
            {services.map((s) => (
              <option key={s} value={s}>
                {serviceTitle(s)}
              </option>
            ))}
          </select>
        </div>
        <StaffField id="from" label="Requested from" hint={DATE_FIELD_HINT}>
          {(aria) => <DateInput aria={aria} name="from" value={filters.from} />}
        </StaffField>
        <StaffField id="to" label="Requested to" hint={DATE_FIELD_HINT}>
          {(aria) => <DateInput aria={aria} name="to" value={filters.to} />}
        </StaffField>
        <div className="staff-filters__actions">
          <button type="submit" className="button button--primary">
            Apply
          </button>
          <Link to="/staff/appointments" className="button button--outline" reloadDocument>
            Clear
          </Link>
        </div>
      </Form>

      <p className="staff-result-count" role="status">
        {list.total === 0
          ? "No appointments match."
          : `Showing ${first}–${first + list.rows.length - 1} of ${list.total} ${list.total === 1 ? "appointment" : "appointments"}.`}
      </p>

      {list.rows.length > 0 && (
        <DataTable
          region="Appointments table"
          scroll
          caption="Appointment requests, newest first"
          columns={["Received", "Reference", "Patient", "Phone", "Service", "Requested date", "Status", ACTIONS_COLUMN]}
        >
          <tbody>
            {list.rows.map((a) => (
              <tr key={a.id}>
                <td className="staff-nowrap">{formatClinicDateTime(a.created_at)}</td>
                <td className="staff-mono">{a.reference}</td>
                <td>
                  <Link to={`/staff/appointments/${a.id}`}>
                    {a.name} {a.surname}
                  </Link>
                </td>
                <td className="staff-nowrap">{a.phone}</td>
                <td>{serviceTitle(a.service_name)}</td>
                <td className="staff-nowrap">
                  {formatAbbreviatedDate(a.requested_date)}
                  {a.status === "confirmed" && a.confirmed_date && (
                    <span className="staff-sub">
                      Confirmed {formatAbbreviatedDate(a.confirmed_date)} {a.confirmed_time}
                    </span>
                  )}
                </td>
                <td>
                  <StatusBadge status={a.status} /> <SafetyFlag count={a.safetyChecks} />{" "}
                  <DuplicateFlag of={a.duplicates} />
                </td>
                <td className="staff-nowrap">
                  {a.status === "requested" ? (
                    <Link
                      to={`/staff/appointments/${a.id}#confirm`}
                      className="button button--primary staff-button--small"
                    >
                      Confirm<span className="visually-hidden"> {a.reference}</span>
                    </Link>
                  ) : (
                    <Link to={`/staff/appointments/${a.id}`} className="button button--outline staff-button--small">
                      Open<span className="visually-hidden"> {a.reference}</span>
                    </Link>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}

      <Pagination
        list={list}
        label="Appointment"
        href={queryFor}
        control={
          searched
            ? (target, text) => (
                <button
                  type="submit"
                  form="filters"
                  name="page"
                  value={target}
                  className="button button--outline staff-button--small"
                >
                  {text}
                </button>
              )
            : undefined
        }
      />

      {canExport && (
        <section className="staff-section staff-export" aria-labelledby="export-heading">
          <h2 id="export-heading">Export to CSV</h2>
          <p className="staff-muted">
            Appointments whose requested date falls in the range, for a spreadsheet. The export is recorded in the audit
            log.
          </p>
          <form method="get" action="/staff/appointments" className="staff-filters" noValidate>
            <input type="hidden" name="export" value="1" />
            <StaffField
              id={EXPORT_IDS.from}
              label="From"
              hint={DATE_FIELD_HINT}
              error={exportErrors?.[EXPORT_IDS.from]}
            >
              {(aria) => <DateInput aria={aria} name="export-from" value={exportValues?.from ?? dayOffset(-30)} />}
            </StaffField>
            <StaffField id={EXPORT_IDS.to} label="To" hint={DATE_FIELD_HINT} error={exportErrors?.[EXPORT_IDS.to]}>
              {(aria) => <DateInput aria={aria} name="export-to" value={exportValues?.to ?? dayOffset(90)} />}
            </StaffField>
            <div className="staff-filters__actions">
              <button type="submit" className="button button--outline">
                Export CSV
              </button>
            </div>
          </form>
        </section>
      )}
    </>
  );
}
