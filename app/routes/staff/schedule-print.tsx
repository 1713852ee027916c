import { useEffect, useState } from "react";
import { Link } from "react-router";
import { addDays, clinicDate, formatClinicMoment, formatLongDate } from "@domain/dates";
import { IMAGES_RECEIVED_LABEL } from "@domain/images";
import { staffMeta } from "~/components/staff/staff-format";
import { scheduleHref } from "~/components/staff/schedule-nav";
import { DataTable } from "~/components/staff/data-table";
import { requireStaff } from "~/lib/staff.server";
import { dayList, scheduleDate } from "~/lib/staff/appointments.server";
import type { Route } from "./+types/schedule-print";
import { BOOKED_ONLINE_LABEL } from "@domain/booking-rules";

export const meta = () => staffMeta("Day list");

/** Both roles. Patient data: the staff plugin sends it no-store, like every staff page. */
export async function loader(args: Route.LoaderArgs) {
  const { rt } = await requireStaff(args);
  const now = rt.now();
  const today = clinicDate(now);
  const date = scheduleDate(new URL(args.request.url).searchParams.get("date"), today);
  return {
    today,
    date,
    clinic: rt.config.clinic.name,
    printedAt: now.toISOString(),
    rows: await dayList(rt.db, date),
  };
}

/**
 * When the list was printed, in the clinic's time: the moment the page was
 * made, brought up to date just before the browser prints it (a list opened
 * in the morning and printed at noon says noon).
 */
function usePrintedAt(loaded: string): string {
  const [printing, setPrinting] = useState<string | null>(null);
  useEffect(() => {
    const update = () => setPrinting(new Date().toISOString());
    window.addEventListener("beforeprint", update);
    return () => window.removeEventListener("beforeprint", update);
  }, []);
  return printing ?? loaded;
}

/**
 * Reception's day list (decisions 022 and 034): the clinic, the day and when
 * it was printed; one table by time with what the desk needs (the date of
 * birth for the ID check, the examination, whether a referral form is on
 * file) and a column to tick arrivals. It prints on its own on A4
 * (app/styles/staff.css, @media print), from a desk or a phone.
 */
export default function StaffDayList({ loaderData }: Route.ComponentProps) {
  const { today, date, clinic, printedAt, rows } = loaderData;
  const printed = usePrintedAt(printedAt);
  const title = `Day list for ${formatLongDate(date)}`;
  return (
    <div className="staff-day-list">
      <div className="staff-page-head staff-day-list__head">
        <p className="staff-day-list__clinic">{clinic}</p>
        <h1>{title}</h1>
        <p className="staff-muted">
          {rows.length} {rows.length === 1 ? "appointment" : "appointments"}, by time.{" "}
          <span className="staff-day-list__printed">Printed {formatClinicMoment(printed)}.</span>
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
            "Date of birth",
            "Phone",
            "Examination",
            "Payment",
            "Referral form on file",
            "Safety answers",
            "Arrived",
          ]}
        >
          <tbody>
            {rows.map((r) => (
              <tr key={r.id}>
                <td>
                  <span className="staff-mono">{r.time}</span>
                  {r.bookedOnline && (
                    <>
                      <br />
                      <span className="staff-badge staff-badge--online">{BOOKED_ONLINE_LABEL}</span>
                    </>
                  )}
                </td>
                <td>{r.room}</td>
                <th scope="row">{r.patient}</th>
                <td className="staff-nowrap">{r.dob}</td>
                <td className="staff-nowrap">{r.phone}</td>
                <td>{r.examination}</td>
                <td>
                  {r.payment}
                  {r.medicalAid && (
                    <>
                      <br />
                      <span className="staff-mono">{r.medicalAid}</span>
                    </>
                  )}
                </td>
                <td>{r.referral ? "Yes" : "No"}</td>
                <td>{r.safety}</td>
                <td className="staff-day-list__tick">
                  {r.arrivedAt ? (
                    <span className="staff-mono">{r.arrivedAt}</span>
                  ) : (
                    <>
                      <span className="staff-tickbox" aria-hidden="true" />
                      <span className="visually-hidden">Tick on arrival</span>
                    </>
                  )}
                  {r.imagesAt && (
                    <>
                      <br />
                      <span className="staff-badge staff-badge--images">{`${IMAGES_RECEIVED_LABEL} ${r.imagesAt}`}</span>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
    </div>
  );
}
