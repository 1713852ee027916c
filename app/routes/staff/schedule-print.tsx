import { Link } from "react-router";
import { addDays, clinicDate, formatLongDate } from "@domain/dates";
import { staffMeta } from "~/components/staff/staff-format";
import { scheduleHref } from "~/components/staff/schedule-nav";
import { DataTable } from "~/components/staff/data-table";
import { requireStaff } from "~/lib/staff.server";
import { dayList, scheduleDate } from "~/lib/staff/appointments.server";
import type { Route } from "./+types/schedule-print";

export const meta = () => staffMeta("Day list");

/** Both roles. Patient data: the staff plugin sends it no-store, like every staff page. */
export async function loader(args: Route.LoaderArgs) {
  const { rt } = await requireStaff(args);
  const today = clinicDate(rt.now());
  const date = scheduleDate(new URL(args.request.url).searchParams.get("date"), today);
  return { today, date, rows: await dayList(rt.db, date) };
}

/** Reception's day list: one table, by time, that prints on its own (app/styles/staff.css, @media print). */
export default function StaffDayList({ loaderData }: Route.ComponentProps) {
  const { today, date, rows } = loaderData;
  const title = `Day list for ${formatLongDate(date)}`;
  return (
    <div className="staff-day-list">
      <div className="staff-page-head">
        <h1>{title}</h1>
        <p className="staff-muted">
          {rows.length} {rows.length === 1 ? "appointment" : "appointments"}, by time.
        </p>
      </div>
      <div className="staff-button-row staff-button-row--centred staff-print-hide">
        <button type="button" className="button button--primary staff-button--small" onClick={() => window.print()}>
          Print the day list
        </button>
        <Link to={scheduleHref("day", date)}>Back to the schedule</Link>
        <Link to={scheduleHref("print", addDays(date, -1))}>Previous day</Link>
        {date !== today && <Link to={scheduleHref("print")}>Today</Link>}
        <Link to={scheduleHref("print", addDays(date, 1))}>Next day</Link>
      </div>
      {rows.length === 0 ? (
        <p>No appointments on this day.</p>
      ) : (
        <DataTable
          region={title}
          caption={`${title}, by time`}
          className="staff-day-list__table"
          columns={[
            "Time",
            "Room",
            "Name",
            "Phone",
            "Service",
            "Payment method",
            "Medical aid number",
            "Safety answers",
          ]}
        >
          <tbody>
            {rows.map((r) => (
              <tr key={r.id}>
                <td className="staff-mono">{r.time}</td>
                <td>{r.room}</td>
                <th scope="row">{r.patient}</th>
                <td className="staff-nowrap">{r.phone}</td>
                <td>{r.service}</td>
                <td>{r.payment}</td>
                <td className="staff-mono">{r.medicalAid}</td>
                <td>{r.safety}</td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
    </div>
  );
}
