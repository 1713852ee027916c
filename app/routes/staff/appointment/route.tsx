import { useEffect, useMemo, useRef } from "react";
import { Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { clinicDate, clinicTime, formatClinicDateTime, parseDateInput } from "@domain/dates";
import { staffMeta } from "~/components/staff/staff-format";
import { formText, parseForm } from "~/lib/form-data";
import { refused } from "~/lib/staff/answer";
import { ArrivedBadge, StatusBadge } from "~/components/staff/status-badge";
import { StaffErrorSummary, type FieldErrors } from "~/components/staff/form-errors";
import { MessageHistory } from "~/components/staff/message-history";
import { DuplicateNotice } from "~/components/staff/duplicate-flag";
import { appointmentGuidance, examinationsFor } from "@domain/catalogue";
import { roomsForService } from "@domain/rooms";
import { isActiveStatus } from "@domain/statuses";
import { openingFor } from "@domain/opening-days";
import { idParam, requireStaff } from "~/lib/staff.server";
import {
  allowedNext,
  changeStatus,
  closeAsDuplicate,
  correctReferrer,
  freeStarts,
  contactChoiceOf,
  messagesFor,
  markArrived,
  mayMarkArrived,
  moveAppointment,
  outcomeFrom,
  textsAction,
  isRefusal,
  viewAppointment,
  reportCard,
  unlockReport,
  type Refusal as CoreRefusal,
  type StatusChange,
  type StatusChangeErrors,
  type StatusChangeField,
  type ReferrerField,
} from "~/lib/staff/appointments.server";
import { ActionsPanel } from "./actions-panel";
import { DONE_MESSAGES, MESSAGE_DONE, REFERRER_INPUTS, type Answer, type Sent } from "./outcomes";
import { FIELD_ORDER, fieldIds } from "./place-form";
import { AppointmentRecord, StatusHistory } from "./record";
import { ReferrerCard } from "./referrer";
import { ReportCard } from "./report";
import { REPORT_ATTACH_ERRORS } from "@domain/reports";
import { IMAGES_RECEIVED_LABEL } from "@domain/images";
import type { Route } from "./+types/route";
import { BOOKED_ONLINE_LABEL } from "@domain/booking-rules";

export const meta = ({ data: d }: Route.MetaArgs) =>
  staffMeta(d ? `Appointment ${d.appointment.reference}` : "Appointment");

/** What is wrong with the day form (a GET form: the loader reads it). */
const PICK_MESSAGES = {
  date: "Enter the date to see its free times.",
  examination: "Choose the examination to see the free times.",
} as const;

/** Why the last attachment was refused, by the key its redirect named; null for none or an unknown key. */
function reportErrorOf(key: string | null): string | null {
  return key && Object.hasOwn(REPORT_ATTACH_ERRORS, key)
    ? REPORT_ATTACH_ERRORS[key as keyof typeof REPORT_ATTACH_ERRORS]
    : null;
}

export async function loader(args: Route.LoaderArgs) {
  const { staff, rt } = await requireStaff(args);
  const id = idParam(args.params.id);
  const found = await viewAppointment(rt, staff, id);
  if (!found) throw new Response("Not found", { status: 404 });
  const a = found.appointment;
  const params = new URL(args.request.url).searchParams;
  const done = params.get("done");
  const examinations = examinationsFor(a.service_name);
  const wanted = params.get("examination") ?? a.examination ?? "";
  const examination = examinations.some((e) => e.name === wanted) ? wanted : null;
  const dateParam = params.get("date");
  const sentDate = dateParam === null ? null : parseDateInput(dateParam);
  const placeDate = sentDate ?? a.confirmed_date ?? a.requested_date;
  // The day form, once sent: each of its fields that is wrong, at once (no free times are shown then).
  const pickErrors: StatusChangeErrors = {};
  if (dateParam !== null && !sentDate) pickErrors.date = PICK_MESSAGES.date;
  // The form sends no examination while none is chosen (its placeholder option is disabled).
  if (dateParam !== null && examinations.length > 0 && !examination) pickErrors.examination = PICK_MESSAGES.examination;
  const placing = isActiveStatus(a.status);
  const free = placing ? await freeStarts(rt, a, placeDate, examination) : null;
  const now = rt.now();
  const next = allowedNext(a, now);
  // A confirmed appointment whose time has not come: when attended and no-show open.
  const from = a.status === "confirmed" && !next.includes("attended") ? outcomeFrom(a) : undefined;
  return {
    ...found,
    // The signed report (decision 075): its versions, who opened it; why the last attachment was refused.
    report: await reportCard(rt, id, a.status, staff.role),
    reportError: reportErrorOf(params.get("report_error")),
    // Each text as it was sent, number and words too, and how the patient gets them (decision 043).
    texts: await messagesFor(rt.db, a.reference),
    channel: contactChoiceOf(rt.config, a),
    next,
    // Reception marks the patient arrived on the appointment's day (issue 36), once.
    canArrive: mayMarkArrived(a, clinicDate(now)),
    arrivedAt: a.arrived_at ? clinicTime(new Date(a.arrived_at)) : null,
    outcomeFrom: from ? { date: clinicDate(from), time: clinicTime(from) } : null,
    // Staff choose among these when more than one room serves the service.
    rooms: roomsForService(a.service_name).map((r) => ({ id: r.id, name: r.name })),
    // The chosen examination's own preparation, as the confirmation e-mail gives it.
    preparation: appointmentGuidance(a.service_name, a.examination),
    opening: openingFor(a.requested_date) ?? null,
    done: done && DONE_MESSAGES[done] ? DONE_MESSAGES[done] : null,
    examinations,
    examination,
    placeDate,
    free,
    // The day form refused: its errors, and the date as sent, shown again.
    dayRefused: Object.keys(pickErrors).length ? { errors: pickErrors, date: dateParam ?? placeDate } : null,
  };
}

/**
 * One form per intent on the page; the core checks the date, time, room and
 * reason, every field at once (an invalid outcome's errors), so each field is
 * read as sent here.
 */
const appointmentForm = z.object({
  intent: z.enum([
    "move",
    "confirm",
    "arrived",
    "attended",
    "no_show",
    "not_prepared",
    "cancel",
    "resend",
    "channel",
    "duplicate",
    "referrer",
    "report-unlock",
  ]),
  date: formText(),
  time: formText(),
  typed_time: formText(),
  examination: formText(),
  room: formText(),
  reason: formText(),
  messageId: formText(),
  channel: formText(),
  referrer_name: formText(),
  referrer_practice_number: formText(),
  referrer_email: formText(),
  referrer_phone: formText(),
});

export async function action(args: Route.ActionArgs) {
  const { staff, rt } = await requireStaff(args);
  const id = idParam(args.params.id);
  const form = parseForm(await args.request.formData(), appointmentForm);
  if (!form.ok) return refused<Answer>(400, { error: "Unknown action.", values: { intent: form.values.intent ?? "" } });
  const { intent } = form.value;
  const sent: Sent = {
    time: form.value.time,
    typed_time: form.value.typed_time,
    room: form.value.room,
    reason: form.value.reason,
  };
  const refuse = (refusal: CoreRefusal<StatusChangeField>) =>
    refused<Answer>(
      422,
      refusal.kind === "invalid"
        ? { errors: refusal.errors, values: { intent, ...sent } }
        : { error: refusal.failure, values: { intent, ...sent } },
    );
  let change: StatusChange;
  const typed = form.value.typed_time.trim();
  const placement = {
    date: form.value.date,
    time: typed || form.value.time,
    examination: form.value.examination || null,
    room: form.value.room || null,
  };
  if (intent === "resend" || intent === "channel") {
    const done = await textsAction(rt, staff, id, intent, form.value);
    if (!done.ok) return refused<Answer>(done.status, { error: done.error, values: { intent } });
    return redirect(`/staff/appointments/${id}?done=${intent === "resend" ? "resent" : "channel"}#messages`);
  }
  if (intent === "referrer") {
    const values = Object.fromEntries(Object.values(REFERRER_INPUTS).map((input) => [input, form.value[input]]));
    const sentReferrer = Object.fromEntries(
      Object.entries(REFERRER_INPUTS).map(([field, input]) => [field, form.value[input]]),
    ) as Record<ReferrerField, string>;
    const corrected = await correctReferrer(rt, staff, id, sentReferrer);
    if (isRefusal(corrected)) {
      return refused<Answer>(
        422,
        corrected.kind === "invalid"
          ? {
              // By the inputs' ids, so the summary links to them.
              errors: Object.fromEntries(
                Object.entries(corrected.errors).map(([field, message]) => [
                  REFERRER_INPUTS[field as ReferrerField],
                  message,
                ]),
              ),
              values: { intent, ...values },
            }
          : { error: corrected.failure, values: { intent, ...values } },
      );
    }
    return redirect(`/staff/appointments/${id}?done=referrer`);
  }
  if (intent === "report-unlock") {
    if (!(await unlockReport(rt, staff, id)))
      return refused<Answer>(409, { error: "The patient's report is not locked.", values: { intent } });
    return redirect(`/staff/appointments/${id}?done=report-unlock#report`);
  }
  if (intent === "duplicate") {
    const closed = await closeAsDuplicate(rt, staff, id);
    if (isRefusal(closed)) return refuse(closed);
    return redirect(`/staff/appointments/${id}?done=duplicate`);
  }
  if (intent === "arrived") {
    const arrived = await markArrived(rt, staff, id);
    if (isRefusal(arrived)) return refuse(arrived);
    return redirect(`/staff/appointments/${id}?done=arrived`);
  }
  if (intent === "move") {
    const moved = await moveAppointment(rt, staff, id, placement);
    if (isRefusal(moved)) return refuse(moved);
    return redirect(`/staff/appointments/${id}?done=moved`);
  }
  if (intent === "confirm") change = { to: "confirmed", ...placement };
  else if (intent === "attended") change = { to: "attended" };
  else if (intent === "no_show") change = { to: "no_show" };
  else if (intent === "not_prepared") change = { to: "not_prepared" };
  else change = { to: "cancelled", reason: form.value.reason };
  const changed = await changeStatus(rt, staff, id, change);
  if (isRefusal(changed)) return refuse(changed);
  return redirect(`/staff/appointments/${id}?done=${change.to}`);
}

export default function StaffAppointment({ loaderData, actionData }: Route.ComponentProps) {
  const { appointment: a, files, history, done, free, dayRefused, duplicates, referrer, sameDoctor } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const placeIntent = a.status === "confirmed" ? "move" : "confirm";
  // The time's link goes to the first free time, or to the typed time when none is offered.
  const firstOffer = free && !free.problem ? free.offers[0]?.time : undefined;
  const timeTarget = firstOffer ? `${placeIntent}-slot-${firstOffer}` : `${placeIntent}-typed`;
  const ids = useMemo(() => fieldIds(placeIntent, timeTarget), [placeIntent, timeTarget]);
  // Each field's error of the form just refused, or else of the day form (read by the loader): by field, and by id for the summary.
  const refusal = actionData?.ok === false ? actionData : undefined;
  // The referring doctor's correction refused: its errors by input id (decision 071).
  const referrerRefused = refusal?.values.intent === "referrer" ? refusal : undefined;
  const errors: StatusChangeErrors = useMemo(
    () => (refusal && !referrerRefused ? refusal.errors : (dayRefused?.errors ?? {})),
    [dayRefused, refusal, referrerRefused],
  );
  const summary: FieldErrors | undefined = useMemo(() => {
    if (referrerRefused) return Object.keys(referrerRefused.errors).length ? referrerRefused.errors : undefined;
    const listed = FIELD_ORDER.filter((f) => errors[f]);
    return listed.length ? Object.fromEntries(listed.map((f) => [ids[f], errors[f]])) : undefined;
  }, [errors, ids, referrerRefused]);
  // What a refused form of this intent sent, shown again.
  const sent = (intent: string): Sent | undefined => {
    const values = refusal?.values;
    if (values?.intent !== intent || values.time === undefined) return undefined;
    return {
      time: values.time,
      typed_time: values.typed_time ?? "",
      room: values.room ?? "",
      reason: values.reason ?? "",
    };
  };
  const doneRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (done && !actionData) doneRef.current?.focus();
  }, [actionData, done]);
  const doneAlert = done && !actionData && (
    <div ref={doneRef} tabIndex={-1} role="status" className="staff-alert staff-alert--success">
      {done}
    </div>
  );
  // A message sent again, the channel saved: said beside the messages, where the page comes back (#messages).
  const resent = [...MESSAGE_DONE].some((key) => done === DONE_MESSAGES[key]);
  return (
    <>
      <p className="staff-back">
        <Link to="/staff/appointments">Back to appointments</Link>
      </p>
      <div className="staff-page-head staff-page-head--row">
        <h1>
          {a.name} {a.surname}
        </h1>
        <StatusBadge status={a.status} />
        {a.booked_online === 1 && <span className="staff-badge staff-badge--online">{BOOKED_ONLINE_LABEL}</span>}
        {loaderData.arrivedAt && <ArrivedBadge time={loaderData.arrivedAt} />}
        {a.images_received_at && <span className="staff-badge staff-badge--images">{IMAGES_RECEIVED_LABEL}</span>}
      </div>
      <p className="staff-muted">
        Reference <span className="staff-mono">{a.reference}</span>, received {formatClinicDateTime(a.created_at)}
      </p>

      {(summary || refusal?.error) && <StaffErrorSummary errors={summary} description={refusal?.error} />}
      {!resent && doneAlert}
      <DuplicateNotice of={duplicates} canClose={a.status === "requested"} busy={busy} />

      <div className="staff-detail">
        <AppointmentRecord appointment={a} files={files}>
          <ReferrerCard
            referrer={referrer}
            sameDoctor={sameDoctor}
            errors={referrerRefused?.errors ?? {}}
            sent={referrerRefused?.values}
            busy={busy}
          />
          <ReportCard id={a.id} report={loaderData.report} error={loaderData.reportError} busy={busy} />
        </AppointmentRecord>
        <ActionsPanel
          loaderData={loaderData}
          busy={busy}
          placeIntent={placeIntent}
          errors={errors}
          ids={ids}
          sent={sent}
        />
      </div>

      <MessageHistory
        messages={loaderData.texts}
        channel={loaderData.channel}
        notice={resent && doneAlert}
        busy={busy}
      />

      <StatusHistory history={history} />
    </>
  );
}
