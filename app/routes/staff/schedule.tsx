import { Link } from "react-router";
import { addDays, clinicDate, formatLongDate } from "@domain/dates";
import { dayGrid, timeOfDay } from "@domain/schedule";
import { staffMeta } from "~/components/staff/staff-format";
import { StaffErrorSummary } from "~/components/staff/form-errors";
import {
  goToDateErrors,
  ScheduleAppointment,
  ScheduleNav,
  scheduleHref,
  WaitingRequests,
} from "~/components/staff/schedule-nav";
import { DataTable } from "~/components/staff/data-table";
import { requireStaff } from "~/lib/staff.server";
import { daySchedule, scheduleDate } from "~/lib/staff/appointments.server";
import type { Route } from "./+types/schedule";

export const meta = () => staffMeta("Schedule");

/** Both roles: reception works from this page all day. */
export async function loader(args: Route.LoaderArgs) {
  const { rt } = await requireStaff(args);
  const today = clinicDate(rt.now());
  const sent = new URL(args.request.url).searchParams.get("date");
  const date = scheduleDate(sent, today);
  return { today, date, errors: goToDateErrors(sent), ...(await daySchedule(rt.db, rt.config, date)) };
}

export default function StaffSchedule({ loaderData }: Route.ComponentProps) {
  const { today, date, day, columns, entries, waiting, errors } = loaderData;
  const count = `${entries.length} ${entries.length === 1 ? "appointment" : "appointments"}`;
  const waitingCount = `${waiting.length} ${waiting.length === 1 ? "request" : "requests"} waiting`;
  const ids = columns.map((c) => c.id);
  // A day the clinic never opens (Sunday) shows a grid only to hold appointments dated then.
  const first = entries[0]?.starts_at;
  const rows =
    day.opens !== null && day.closes !== null
      ? dayGrid(ids, entries, day.opens, day.closes)
      : first !== undefined
        ? dayGrid(ids, entries, first, first)
        : [];
  return (
    <>
      <div className="staff-page-head">
        <h1>Schedule</h1>
        <p className="staff-muted">
          {formatLongDate(date)}
          {date === today ? " (today)" : ""}: {count}, {waitingCount}.
        </p>
      </div>
      {errors && <StaffErrorSummary errors={errors} />}
      <ScheduleNav
        errors={errors}
        view="day"
        date={date}
        previous={addDays(date, -1)}
        next={addDays(date, 1)}
        isCurrent={date === today}
      />
      <p className="staff-print-hide">
        <Link to={scheduleHref("print", date)}>Print the day list</Link>
      </p>
      {day.closed && (
        <p className="staff-alert staff-schedule__closed-note">The clinic is closed on this day ({day.closed}).</p>
      )}
      <div className="staff-schedule-layout">
        <WaitingRequests requests={waiting} />
        {rows.length === 0 ? (
          <p className="staff-schedule-layout__main">No appointments on this day.</p>
        ) : (
          <DataTable
            region={`Schedule for ${formatLongDate(date)}`}
            scroll
            caption={`Appointments on ${formatLongDate(date)} by room (columns) and start time (rows): ${count}`}
            className="staff-schedule"
            columns={[
              "Time",
              ...columns.map((c) => ({
                key: c.id,
                label: c.out ? (
                  <>
                    {c.name}
                    <span className="staff-sub">Out of service ({c.out})</span>
                  </>
                ) : (
                  c.name
                ),
              })),
            ]}
          >
            <tbody>
              {rows.map((row) => (
                <tr key={row.start} className={row.start % 60 === 0 ? "staff-schedule__hour" : undefined}>
                  <th scope="row" className="staff-mono">
                    {timeOfDay(row.start)}
                  </th>
                  {row.cells.map((cell, c) =>
                    cell === "covered" ? null : cell === null ? (
                      <td key={columns[c]!.id} />
                    ) : (
                      <td key={columns[c]!.id} rowSpan={cell.span} className="staff-schedule__booked">
                        {cell.items.map((a) => (
                          <ScheduleAppointment key={a.id} a={a} />
                        ))}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </DataTable>
        )}
      </div>
    </>
  );
}
