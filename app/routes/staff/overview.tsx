import { Link } from "react-router";
import { formatAbbreviatedDate, formatClinicDateTime, formatDayMonth } from "@domain/dates";
import { staffMeta } from "~/components/staff/staff-format";
import { serviceTitle } from "@domain/catalogue";
import { requireStaff } from "~/lib/staff.server";
import {
  earlierForStaff,
  failingTexts,
  freedThisMonth,
  openEnquiries,
  overdueRequests,
  overview,
} from "~/lib/staff/appointments.server";
import { closuresComingUp } from "~/lib/staff/closures.server";
import { ClosuresComingUp } from "~/components/staff/closures-coming-up";
import { scheduleHref } from "~/components/staff/schedule-nav";
import { DataTable } from "~/components/staff/data-table";
import { ROOMS, roomName } from "@domain/rooms";
import { troubleKey, troubleWords } from "@domain/system-health";
import { overviewTroubles } from "~/lib/staff/operations.server";
import { activeManagerNames } from "~/lib/staff/accounts.server";
import type { Route } from "./+types/overview";

export const meta = () => staffMeta("Overview");

export async function loader(args: Route.LoaderArgs) {
  const { rt, staff } = await requireStaff(args);
  const now = rt.now();
  // Closures coming up (decision 017): its own query and panel.
  const closures = { list: await closuresComingUp(rt.db, now), canManage: staff.role === "manager" };
  const [summary, overdue, enquiries, texts, troubles, earlier, freed] = await Promise.all([
    overview(rt.db, now),
    overdueRequests(rt.db, rt.config, now),
    openEnquiries(rt.db),
    failingTexts(rt.db, now),
    overviewTroubles(rt.db, rt.config, now),
    earlierForStaff(rt.db, now),
    freedThisMonth(rt.db, now),
  ]);
  const canOpen = staff.role === "manager";
  // Reception cannot act on these: they are told whom to ask, by name.
  const managers = troubles.length > 0 && !canOpen ? await activeManagerNames(rt.db) : [];
  const system = { troubles, canOpen, managers };
  return { ...summary, overdue, enquiries, closures, texts, system, earlier, freed, generatedAt: now.toISOString() };
}

type Upcoming = Route.ComponentProps["loaderData"]["todays"];

function AppointmentTable({ rows, caption, showDate }: { rows: Upcoming; caption: string; showDate: boolean }) {
  return (
    <DataTable
      region={caption}
      caption={caption}
      columns={[...(showDate ? ["Date"] : []), "Time", "Patient", "Service", "Reference"]}
    >
      <tbody>
        {rows.map((a) => (
          <tr key={a.id}>
            {showDate && <td>{a.confirmed_date ? formatAbbreviatedDate(a.confirmed_date) : ""}</td>}
            <AppointmentCells a={a} />
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}

/** One confirmed appointment's cells: time, patient (a link to it), service, reference. */
function AppointmentCells({ a }: { a: Upcoming[number] }) {
  return (
    <>
      <td className="staff-mono">{a.confirmed_time}</td>
      <td>
        <Link to={`/staff/appointments/${a.id}`}>
          {a.name} {a.surname}
        </Link>
      </td>
      <td>{serviceTitle(a.service_name)}</td>
      <td className="staff-mono">{a.reference}</td>
    </>
  );
}

/** Today's confirmed appointments, one group of rows per room (in ROOMS order, "No room" last). */
function TodayByRoom({ rows }: { rows: Upcoming }) {
  const order = [...ROOMS.map((r) => r.id), ...new Set(rows.map((a) => a.room ?? ""))];
  const rooms = [...new Set(order)].filter((id) => rows.some((a) => (a.room ?? "") === id));
  const caption = "Confirmed appointments today, by room";
  return (
    <DataTable region={caption} caption={caption} columns={["Time", "Patient", "Service", "Reference"]}>
      {rooms.map((room) => (
        <tbody key={room}>
          <tr className="staff-table__group">
            <th scope="rowgroup" colSpan={4}>
              {roomName(room)}
            </th>
          </tr>
          {rows
            .filter((a) => (a.room ?? "") === room)
            .map((a) => (
              <tr key={a.id}>
                <AppointmentCells a={a} />
              </tr>
            ))}
        </tbody>
      ))}
    </DataTable>
  );
}

function RequestsChart({ days }: { days: { date: string; count: number }[] }) {
  const max = Math.max(1, ...days.map((d) => d.count));
  const total = days.reduce((sum, d) => sum + d.count, 0);
  const busiest = days.reduce((best, d) => (d.count > best.count ? d : best), days[0] ?? { date: "", count: 0 });
  const barWidth = 18;
  const gap = 6;
  const height = 120;
  const width = days.length * (barWidth + gap);
  const summary =
    total === 0
      ? "No appointment requests in the last 30 days."
      : `${total} appointment ${total === 1 ? "request" : "requests"} in the last 30 days; the busiest day was ${formatAbbreviatedDate(busiest.date)} with ${busiest.count}.`;
  return (
    <figure className="staff-chart">
      <svg
        viewBox={`0 0 ${width} ${height + 20}`}
        width={width}
        height={height + 20}
        role="img"
        aria-labelledby="chart-title chart-desc"
      >
        <title id="chart-title">Appointment requests per day, last 30 days</title>
        <desc id="chart-desc">{summary}</desc>
        <line x1="0" y1={height} x2={width} y2={height} className="staff-chart__axis" />
        {days.map((d, i) => {
          const h = Math.round((d.count / max) * (height - 16));
          return (
            <g key={d.date}>
              <rect
                x={i * (barWidth + gap)}
                y={height - h}
                width={barWidth}
                height={h}
                rx="2"
                className="staff-chart__bar"
              />
              {d.count > 0 && (
                <text
                  x={i * (barWidth + gap) + barWidth / 2}
                  y={height - h - 4}
                  textAnchor="middle"
                  className="staff-chart__value"
                >
                  {d.count}
                </text>
              )}
              {i % 7 === 0 && (
                <text x={i * (barWidth + gap)} y={height + 15} className="staff-chart__label">
                  {formatDayMonth(d.date)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <figcaption>{summary}</figcaption>
      <details className="staff-details">
        <summary>Show the numbers as a table</summary>
        <DataTable
          caption="Appointment requests per day"
          className="staff-table--compact"
          columns={["Date", "Requests"]}
        >
          <tbody>
            {days.map((d) => (
              <tr key={d.date}>
                <td>{formatAbbreviatedDate(d.date)}</td>
                <td>{d.count}</td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      </details>
    </figure>
  );
}

/** The warning that text messages to patients are failing, with the appointments they were about. */
function FailingTexts({ count, about, lookbackDays }: Route.ComponentProps["loaderData"]["texts"]) {
  return (
    <section className="staff-alert staff-alert--error" aria-labelledby="failing-texts-title">
      <h2 id="failing-texts-title">
        {count} text {count === 1 ? "message" : "messages"} to patients failed in the last {lookbackDays} days
      </h2>
      <p>
        Open each appointment to see its messages, send a failed one again, or phone the patient. Every patient also
        gets e-mail.
      </p>
      <ul>
        {about.map((a) => (
          <li key={a.id}>
            <Link to={`/staff/appointments/${a.id}#messages`}>{a.reference}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** "Thato", "Thato or Kabo", "Thato, Kabo or Neo". */
const orList = (names: string[]) =>
  names.length < 2 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} or ${names.at(-1)}`;

/**
 * The system's troubles (backups, queues, disk, e-mail). A manager, who can
 * act on them, gets the red warning and the way to the system page;
 * reception, who cannot, a neutral note that says so and names whom to ask.
 */
function SystemTroubles({
  troubles,
  canOpen,
  managers,
  now,
}: Route.ComponentProps["loaderData"]["system"] & { now: Date }) {
  const list = (
    <ul>
      {troubles.map((t) => (
        <li key={troubleKey(t)}>{troubleWords(t, now)}</li>
      ))}
    </ul>
  );
  if (canOpen)
    return (
      <section className="staff-alert staff-alert--error" aria-labelledby="system-troubles-title">
        <h2 id="system-troubles-title">The system needs attention</h2>
        {list}
        <p>
          <Link to="/staff/system">Open the system page</Link>
        </p>
      </section>
    );
  return (
    <section className="staff-alert staff-alert--note" aria-labelledby="system-troubles-title">
      <h2 id="system-troubles-title">For a manager: the system needs attention</h2>
      {list}
      <p>
        Nothing for you to do about this: a manager puts it right. If they may not know yet, tell{" "}
        {managers.length ? orList(managers) : "a manager"}.
      </p>
    </section>
  );
}

export default function StaffOverview({ loaderData }: Route.ComponentProps) {
  const d = loaderData;
  return (
    <>
      <div className="staff-page-head">
        <h1>Overview</h1>
        <p className="staff-muted">
          Today is {formatAbbreviatedDate(d.today)}. Updated {formatClinicDateTime(d.generatedAt)}.
        </p>
      </div>
      {d.system.troubles.length > 0 && <SystemTroubles {...d.system} now={new Date(d.generatedAt)} />}
      {d.texts.count > 0 && <FailingTexts {...d.texts} />}
      <ul className="staff-stats">
        <li className="staff-stat">
          <Link to="/staff/appointments?status=requested">
            <span className="staff-stat__number">{d.newRequests}</span>
            <span className="staff-stat__label">
              appointment {d.newRequests === 1 ? "request" : "requests"} to confirm
            </span>
          </Link>
        </li>
        <li className="staff-stat">
          <Link to="/staff/enquiries?status=new">
            <span className="staff-stat__number">{d.newEnquiries}</span>
            <span className="staff-stat__label">new {d.newEnquiries === 1 ? "enquiry" : "enquiries"}</span>
          </Link>
        </li>
        <li className="staff-stat">
          <Link to="/staff/appointments?status=confirmed">
            <span className="staff-stat__number">{d.todays.length}</span>
            <span className="staff-stat__label">confirmed for today</span>
          </Link>
        </li>
        <li className="staff-stat">
          {/* This month's row of the figures' freed times (a manager's page); others see who waits, below. */}
          <Link
            to={
              d.system.canOpen
                ? `/staff/figures?${new URLSearchParams({ from: d.freed.month, to: d.freed.month })}#filled-title`
                : "#earlier-heading"
            }
          >
            <span className="staff-stat__number">{d.freed.filled}</span>
            <span className="staff-stat__label">
              of {d.freed.freed} freed {d.freed.freed === 1 ? "time" : "times"} this month filled from the list,{" "}
              {d.freed.daysGained} {d.freed.daysGained === 1 ? "day" : "days"} gained
            </span>
          </Link>
        </li>
      </ul>

      <section aria-labelledby="today-heading" className="staff-section">
        <h2 id="today-heading">Today</h2>
        {d.todays.length ? <TodayByRoom rows={d.todays} /> : <p>No confirmed appointments today.</p>}
        <p>
          <Link to={scheduleHref("day")}>Open today’s schedule</Link>
        </p>
      </section>

      <section aria-labelledby="overdue-heading" className="staff-section">
        <h2 id="overdue-heading">Waiting more than one working day</h2>
        {d.overdue.length ? (
          <>
            <p className="staff-muted">Requests not yet confirmed, oldest first.</p>
            <ul className="staff-link-list">
              {d.overdue.map((a) => (
                <li key={a.id}>
                  <Link to={`/staff/appointments/${a.id}`}>
                    {a.name} {a.surname}, {serviceTitle(a.service_name)}
                  </Link>{" "}
                  <span className="staff-muted">
                    (<span className="staff-mono">{a.reference}</span>, made {formatClinicDateTime(a.created_at)}, asked
                    for {formatAbbreviatedDate(a.requested_date)})
                  </span>
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p>Every request made before the last working day has been dealt with.</p>
        )}
      </section>

      <section aria-labelledby="enquiries-heading" className="staff-section">
        <h2 id="enquiries-heading">Enquiries still open</h2>
        {d.enquiries.length ? (
          <ul className="staff-link-list">
            {d.enquiries.map((e) => (
              <li key={e.id}>
                <Link to="/staff/enquiries?status=new">
                  {e.name}
                  <span className="visually-hidden"> ({e.reference})</span>
                </Link>{" "}
                <span className="staff-muted">
                  (<span className="staff-mono">{e.reference}</span>, received {formatClinicDateTime(e.created_at)})
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p>No enquiries waiting.</p>
        )}
      </section>

      <section aria-labelledby="earlier-heading" className="staff-section">
        <h2 id="earlier-heading">Waiting for an earlier time</h2>
        {d.earlier.waiting.length ? (
          <>
            <p className="staff-muted">
              Patients who asked to be told if an earlier time opens, listed by the time of their own appointment. A
              freed time is offered first to the {d.earlier.batchSize} whose own appointment is soonest, then to the
              next {d.earlier.batchSize} every {d.earlier.batchMinutes} minutes while it is still free.
            </p>
            <ul className="staff-link-list">
              {d.earlier.waiting.map((w) => (
                <li key={w.id}>
                  <Link to={`/staff/appointments/${w.id}`}>
                    {w.name}, {w.service}
                  </Link>{" "}
                  <span className="staff-muted">
                    (<span className="staff-mono">{w.reference}</span>, booked for {formatAbbreviatedDate(w.date)} at{" "}
                    {w.time}, asked {formatClinicDateTime(w.since)})
                  </span>
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p>No patient is waiting for an earlier time.</p>
        )}
        {d.system.canOpen && (
          <p>
            <Link to="/staff/figures">Open the figures</Link> (missed visits, reminders confirmed, freed times filled)
          </p>
        )}
      </section>

      <section aria-labelledby="upcoming-heading" className="staff-section">
        <h2 id="upcoming-heading">Upcoming</h2>
        {d.upcoming.length ? (
          <AppointmentTable rows={d.upcoming} caption="Upcoming confirmed appointments" showDate />
        ) : (
          <p>No upcoming confirmed appointments.</p>
        )}
      </section>

      <ClosuresComingUp closures={d.closures.list} canManage={d.closures.canManage} />

      <section aria-labelledby="chart-heading" className="staff-section">
        <h2 id="chart-heading">Requests per day</h2>
        <RequestsChart days={d.requestsPerDay} />
      </section>
    </>
  );
}
