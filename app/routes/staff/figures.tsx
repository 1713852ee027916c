import type { ReactNode } from "react";
import { Link } from "react-router";
import { formatMonth } from "@domain/dates";
import { staffMeta } from "~/components/staff/staff-format";
import { DataTable } from "~/components/staff/data-table";
import { StaffErrorSummary, StaffField, type FieldErrors } from "~/components/staff/form-errors";
import { requireStaff } from "~/lib/staff.server";
import {
  figureTables,
  figuresRange,
  FIGURES_MAX_MONTHS,
  type FigureCell,
  type FigureName,
  type FigureTable,
} from "~/lib/staff/figures.server";
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
    return { values, errors, tables: null, maxMonths: FIGURES_MAX_MONTHS };
  }
  const tables = await figureTables(rt.db, asked.range);
  return { values: asked.range, errors: null, tables, maxMonths: FIGURES_MAX_MONTHS };
}

/** A figure's cell on the page: the month in words, a per cent with its sign, "–" for none to count. */
function cellOf(value: string | number | null, kind: FigureCell): ReactNode {
  if (value === null) return "–";
  if (kind === "month") return formatMonth(`${value}-01`);
  return kind === "percent" ? `${value}%` : value;
}

/** Each figure on the page: its heading, download link's words, table caption and words for none. */
const FIGURE_WORDS: Record<FigureName, { title: string; download: string; caption: string; empty?: string }> = {
  missed: {
    title: "Missed visits by examination",
    download: "Download missed visits (CSV)",
    caption: "Missed visits by month and examination",
    empty: "No visits with an outcome in these months.",
  },
  reminders: {
    title: "Confirmed from the reminder",
    download: "Download reminders confirmed (CSV)",
    caption: "Reminded appointments and the share whose patient confirmed from the reminder, by month",
  },
  filled: {
    title: "Freed times filled",
    download: "Download freed times filled (CSV)",
    caption:
      "Times given back (cancelled or moved) and times taken in a reopened day, how many were filled from the earlier-time list and the days patients gained, by month",
  },
};

export default function StaffFigures({ loaderData }: Route.ComponentProps) {
  const { values, errors, tables, maxMonths } = loaderData;
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
      {!tables ? (
        <p>Correct the months to see the figures.</p>
      ) : (
        tables.map(({ name, table }) => (
          <Figure
            key={name}
            id={name}
            words={FIGURE_WORDS[name]}
            href={`/api/staff/figures/export?${new URLSearchParams({ figure: name, ...values })}`}
            table={table}
          />
        ))
      )}
    </>
  );
}

/** One figure: its heading, its CSV file, and its table (the month first, kept on one line). */
function Figure({
  id,
  words: { title, download, caption, empty },
  href,
  table,
}: {
  id: string;
  words: (typeof FIGURE_WORDS)[FigureName];
  href: string;
  table: FigureTable;
}) {
  return (
    <section aria-labelledby={`${id}-title`} className="staff-section">
      <h2 id={`${id}-title`}>{title}</h2>
      <p>
        <a href={href} download>
          {download}
        </a>
      </p>
      {table.rows.length === 0 && empty ? (
        <p role="status">{empty}</p>
      ) : (
        <DataTable region={`${title} table`} caption={caption} columns={table.columns.map((c) => c.label)}>
          <tbody>
            {table.rows.map((cells, i) => (
              <tr key={i}>
                {cells.map((cell, j) => (
                  <td key={j} className={j === 0 ? "staff-nowrap" : undefined}>
                    {cellOf(cell, table.columns[j]!.kind)}
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
