import { useEffect, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { addDays, clinicDate, formatClinicMoment, formatLongDate } from "@domain/dates";
import { IMAGES_RECEIVED_LABEL } from "@domain/images";
import { staffMeta } from "~/components/staff/staff-format";
import { scheduleHref } from "~/components/staff/schedule-nav";
import { DataTable } from "~/components/staff/data-table";
import { requireStaff } from "~/lib/staff.server";
import { AnswerSummary } from "~/components/staff/form-errors";
import { useAnswerFocus } from "~/components/staff/use-answer-focus";
import { done, refused, type StaffAnswer } from "~/lib/staff/answer";
import { formText, parseForm } from "~/lib/form-data";
import { dayList, isRefusal, markArrived, scheduleDate } from "~/lib/staff/appointments.server";
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
    rows: await dayList(rt.db, date, today),
  };
}

/** Done: the appointment just marked arrived (the list, loaded again, says who and when). */
type Answer = StaffAnswer<{ arrived?: number }>;

const arrivedForm = z.object({ intent: formText(20), id: formText(12) });

/**
 * Reception marks a patient arrived from the list (issue 36), as from the appointment's page
 * (markArrived: confirmed, on its day, once; audited). A plain form post, so it works without
 * JavaScript; the list is loaded again after it.
 */
export async function action(args: Route.ActionArgs) {
  const { rt, staff } = await requireStaff(args);
  const form = parseForm(await args.request.formData(), arrivedForm);
  const id = form.ok && /^[1-9]\d{0,11}$/.test(form.value.id) ? Number(form.value.id) : NaN;
  if (!form.ok || form.value.intent !== "arrived" || !Number.isSafeInteger(id))
    return refused<Answer>(400, { error: "Unknown action." });
  const arrived = await markArrived(rt, staff, id);
  if (isRefusal(arrived))
    return refused<Answer>(409, { error: arrived.kind === "refused" ? arrived.failure : "Not marked arrived." });
  return done<Answer>({ arrived: id });
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
export default function StaffDayList({ loaderData, actionData }: Route.ComponentProps) {
  const { today, date, clinic, printedAt, rows } = loaderData;
  const printed = usePrintedAt(printedAt);
  const busy = useNavigation().state !== "idle";
  const title = `Day list for ${formatLongDate(date)}`;
  const marked = actionData?.ok ? rows.find((r) => r.id === actionData.arrived) : undefined;
  const notice = marked?.arrivedAt ? `${marked.patient} marked arrived at ${marked.arrivedAt}.` : undefined;
  const { doneRef } = useAnswerFocus(actionData, { asking: false, notice });
  return (
    <div className="staff-day-list">
      <div className="staff-page-head staff-day-list__head">
        <p className="staff-day-list__clinic">{clinic}</p>
        <h1>{title}</h1>
        <p className="staff-muted">
          {rows.length} {rows.length === 1 ? "appointment" : "appointments"}, by time.{" "}
          <span className="staff-day-list__printed">Printed {formatClinicMoment(printed)}.</span>
        </p>
        <div role="status" className="staff-live staff-print-hide">
          {notice && (
            <p className="staff-alert staff-alert--success" tabIndex={-1} ref={doneRef} key={notice}>
              {notice}
            </p>
          )}
        </div>
      </div>
      <div className="staff-print-hide">
        <AnswerSummary answer={actionData} />
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
                  {r.canArrive && (
                    <Form method="post" className="staff-print-hide staff-day-list__arrive" noValidate>
                      <input type="hidden" name="intent" value="arrived" />
                      <input type="hidden" name="id" value={r.id} />
                      <button type="submit" className="button button--primary" disabled={busy}>
                        Mark arrived<span className="visually-hidden">: {r.patient}</span>
                      </button>
                    </Form>
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
