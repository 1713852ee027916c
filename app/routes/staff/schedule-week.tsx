import { Link } from "react-router";
import { addDays, clinicDate, formatAbbreviatedDate, formatLongDate } from "@domain/dates";
import { clinicMinutes, roomName } from "@domain/rooms";
import { timeOfDay, weekHours } from "@domain/schedule";
import { staffMeta } from "~/components/staff/staff-format";
import { StaffErrorSummary } from "~/components/staff/form-errors";
import {
  goToDateErrors,
  ScheduleAppointment,
  ScheduleNav,
  scheduleHref,
  ScheduleRequest,
} from "~/components/staff/schedule-nav";
import { DataTable } from "~/components/staff/data-table";
import { requireStaff } from "~/lib/staff.server";
import { scheduleDate, weekSchedule, weekStart } from "~/lib/staff/appointments.server";
import type { Route } from "./+types/schedule-week";

export const meta = () => staffMeta("Schedule: week");

/** Both roles, like the day view. */
export async function loader(args: Route.LoaderArgs) {
  const { rt } = await requireStaff(args);
  const today = clinicDate(rt.now());
  const sent = new URL(args.request.url).searchParams.get("date");
  const date = scheduleDate(sent, today);
  return {
    today,
    thisWeek: weekStart(today),
    date,
    errors: goToDateErrors(sent),
    ...(await weekSchedule(rt.db, rt.config, date)),
  };
}

export default function StaffScheduleWeek({ loaderData }: Route.ComponentProps) {
  const { today, thisWeek, date, monday, days, entries, waiting, errors } = loaderData;
  const midnight = (date: string) => clinicMinutes(date, "00:00");
  const hours = weekHours(
    days.flatMap((d) =>
      d.opens !== null && d.closes !== null
        ? [{ opens: d.opens - midnight(d.date), closes: d.closes - midnight(d.date) }]
        : [],
    ),
    entries.map((e) => e.starts_at - midnight(e.date)),
  );
  const last = days.at(-1)!.date;
  const count = `${entries.length} ${entries.length === 1 ? "appointment" : "appointments"}`;
  const waitingCount = `${waiting.length} ${waiting.length === 1 ? "request" : "requests"} waiting`;
  const span = `${formatLongDate(monday)} to ${formatLongDate(last)}`;
  return (
    <>
      <div className="staff-page-head">
        <h1>Schedule: week</h1>
        <p className="staff-muted">
          {span}
          {monday === thisWeek ? " (this week)" : ""}: {count}, {waitingCount}.
        </p>
      </div>
      {errors && <StaffErrorSummary errors={errors} />}
      <ScheduleNav
        errors={errors}
        view="week"
        date={date}
        previous={addDays(monday, -7)}
        next={addDays(monday, 7)}
        isCurrent={monday === thisWeek}
      />
      <DataTable
        region={`Schedule for the week ${span}`}
        scroll
        caption={`Appointments from ${span} by day (columns) and hour (rows), with the requests waiting on each day in the first row: ${count}, ${waitingCount}`}
        className="staff-schedule staff-schedule--week"
        columns={[
          "Time",
          ...days.map((d) => ({
            key: d.date,
            current: d.date === today ? ("date" as const) : undefined,
            label: (
              <>
                <Link to={scheduleHref("day", d.date)}>{formatAbbreviatedDate(d.date)}</Link>
                {d.date === today && <span className="staff-sub">Today</span>}
                {d.closed && <span className="staff-sub">Closed ({d.closed})</span>}
              </>
            ),
          })),
        ]}
      >
        <tbody>
          <tr className="staff-schedule__waiting">
            <th scope="row">Requests</th>
            {days.map((d) => {
              const here = waiting.filter((w) => w.date === d.date);
              return (
                <td key={d.date}>
                  {here.length > 0 ? (
                    <ul className="staff-schedule__list">
                      {here.map((r) => (
                        <li key={r.id}>
                          <ScheduleRequest r={r} />
                        </li>
                      ))}
                    </ul>
                  ) : (
                    <span className="visually-hidden">No requests</span>
                  )}
                </td>
              );
            })}
          </tr>
          {hours.map((hour) => (
            <tr key={hour}>
              <th scope="row" className="staff-mono">
                {timeOfDay(hour)}
              </th>
              {days.map((d) => {
                const from = midnight(d.date) + hour;
                const here = entries.filter((e) => e.date === d.date && e.starts_at >= from && e.starts_at < from + 60);
                const open =
                  !d.closed && d.opens !== null && d.closes !== null && from < d.closes && from + 60 > d.opens;
                return (
                  <td key={d.date} className={open ? undefined : "staff-schedule__shut"}>
                    {here.length > 0 ? (
                      <ul className="staff-schedule__list">
                        {here.map((a) => (
                          <li key={a.id}>
                            <ScheduleAppointment a={a} place={roomName(a.column)} />
                          </li>
                        ))}
                      </ul>
                    ) : open ? null : (
                      <span className="visually-hidden">Closed</span>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </DataTable>
    </>
  );
}
