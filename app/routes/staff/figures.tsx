import type { ReactNode } from "react";
import { Link } from "react-router";
import { formatMonth } from "@domain/dates";
import { staffMeta } from "~/components/staff/staff-format";
import { DataTable } from "~/components/staff/data-table";
import { StaffErrorSummary, StaffField, type FieldErrors } from "~/components/staff/form-errors";
import { requireStaff } from "~/lib/staff.server";
import { figures, figuresRange, FIGURES_MAX_MONTHS } from "~/lib/staff/figures.server";
import type { Route } from "./+types/figures";

export const meta = () => staffMeta("Figures");

/** The form's field ids, by the range's field. */
const FIELD_IDS = { from: "figures-from", to: "figures-to" } as const;

/**
 * The manager's figures (decision 070), for the months of `?from=YYYY-MM&to=YYYY-MM`
 * (the twelve months up to this one by default): missed visits by examination and
 * month (no-show and not prepared count alike), the share of reminded patients who
 * confirmed from the reminder, and freed times filled from the earlier-time list;
 * each downloadable as CSV, from the same rows.
 */
export async function loader(args: Route.LoaderArgs) {
  const { rt } = await requireStaff(args, { role: "manager" });
  const params = new URL(args.request.url).searchParams;
  const values = { from: (params.get("from") ?? "").slice(0, 20), to: (params.get("to") ?? "").slice(0, 20) };
  const asked = figuresRange(values.from, values.to, rt.now());
  if (!asked.ok) {
    const errors: FieldErrors = {};
    for (const [field, id] of Object.entries(FIELD_IDS)) errors[id] = asked.errors[field as keyof typeof FIELD_IDS];
    return { values, errors, all: null, maxMonths: FIGURES_MAX_MONTHS };
  }
  return { values: asked.range, errors: null, all: await figures(rt.db, asked.range), maxMonths: FIGURES_MAX_MONTHS };
}

const month = (m: string) => formatMonth(`${m}-01`);

export default function StaffFigures({ loaderData }: Route.ComponentProps) {
  const { values, errors, all, maxMonths } = loaderData;
  const csv = (figure: string) =>
    all ? `/api/staff/figures/export?${new URLSearchParams({ figure, ...all.range })}` : "#";
  return (
    <>
      <div className="staff-page-head">
        <h1>Figures</h1>
        <p className="staff-muted">
          Visits missed, reminders confirmed and freed times filled, by month of the appointment&apos;s day. A no-show
          and a patient not prepared both lose the time, so both count as missed.
        </p>
      </div>
      {errors && <StaffErrorSummary errors={errors} />}
      <form method="get" className="staff-filters" aria-label="Months to show" noValidate>
        <StaffField id={FIELD_IDS.from} label="First month" hint="YYYY-MM" error={errors?.[FIELD_IDS.from]}>
          {(aria) => <input {...aria} type="month" name="from" defaultValue={values.from} />}
        </StaffField>
        <StaffField
          id={FIELD_IDS.to}
          label="Last month"
          hint={`YYYY-MM; at most ${maxMonths} months`}
          error={errors?.[FIELD_IDS.to]}
        >
          {(aria) => <input {...aria} type="month" name="to" defaultValue={values.to} />}
        </StaffField>
        <div className="staff-filters__actions">
          <button type="submit" className="button button--primary">
            Show
          </button>
          <Link to="/staff/figures" className="button button--outline">
            Last 12 months
          </Link>
        </div>
      </form>
      {!all ? (
        <p>Correct the months to see the figures.</p>
      ) : (
        <>
          <Figure
            id="missed"
            title="Missed visits by examination"
            download={[csv("missed"), "Download missed visits (CSV)"]}
            caption="Missed visits by month and examination"
            columns={["Month", "Examination", "Visits", "Attended", "No-show", "Not prepared", "Missed"]}
            empty="No visits with an outcome in these months."
            rows={all.missed.map((r) => [
              month(r.month),
              r.examination,
              r.visits,
              r.attended,
              r.noShow,
              r.notPrepared,
              <>
                <strong>{r.missed}</strong> ({Math.round((r.missed * 100) / r.visits)}%)
              </>,
            ])}
          />
          <Figure
            id="reminders"
            title="Confirmed from the reminder"
            download={[csv("reminders"), "Download reminders confirmed (CSV)"]}
            caption="Reminded appointments and the share whose patient confirmed from the reminder, by month"
            columns={["Month", "Reminded", "Confirmed", "Share"]}
            rows={all.reminders.map((r) => [
              month(r.month),
              r.reminded,
              r.confirmed,
              r.share === null ? "–" : `${r.share}%`,
            ])}
          />
          <Figure
            id="filled"
            title="Freed times filled"
            download={[csv("filled"), "Download freed times filled (CSV)"]}
            caption="Freed times offered to the earlier-time list, how many were filled and the days patients gained, by month"
            columns={["Month", "Freed", "Filled", "Days gained"]}
            rows={all.filled.map((r) => [month(r.month), r.freed, r.filled, r.daysGained])}
          />
        </>
      )}
    </>
  );
}

/** One figure: its heading, its CSV file, and its table (the month first, kept on one line). */
function Figure({
  id,
  title,
  download: [href, label],
  caption,
  columns,
  rows,
  empty,
}: {
  id: string;
  title: string;
  download: [string, string];
  caption: string;
  columns: string[];
  rows: ReactNode[][];
  empty?: string;
}) {
  return (
    <section aria-labelledby={`${id}-title`} className="staff-section">
      <h2 id={`${id}-title`}>{title}</h2>
      <p>
        <a href={href} download>
          {label}
        </a>
      </p>
      {rows.length === 0 && empty ? (
        <p role="status">{empty}</p>
      ) : (
        <DataTable region={`${title} table`} caption={caption} columns={columns}>
          <tbody>
            {rows.map((cells, i) => (
              <tr key={i}>
                {cells.map((cell, j) => (
                  <td key={j} className={j === 0 ? "staff-nowrap" : undefined}>
                    {cell}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
    </section>
  );
}
