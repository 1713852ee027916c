import type { StaffIdentity } from "../../../domain/staff-roles";
import { isContactPreference } from "../../../domain/contact-preference";
import {
  CHANNEL_REFUSED,
  RESEND_REFUSED,
  resendAppointmentText,
  setAppointmentChannel,
} from "../../../server/appointments/notices/index";
import { recordView } from "../../../server/audit/audit";
import type { StaffRuntime } from "../../../server/db/runtime";
import { freeTimes, dayRules, getAppointment } from "../../../server/appointments/front-desk/index";
import { staffReportCard, unlockPatientReport } from "../../../server/appointments/reports/index";
import type { StaffRole } from "../../../domain/staff-roles";

/** The appointment's report card (decision 075): its versions, release, links and openings, and whether this role may attach. */
export function reportCard(
  rt: StaffRuntime,
  id: number,
  status: Parameters<typeof staffReportCard>[2],
  role: StaffRole,
) {
  return staffReportCard(rt.db, id, status, role, rt.now());
}

/** Staff unlock the patient's access to the report after wrong dates of birth (audited). */
export function unlockReport(rt: StaffRuntime, staff: StaffIdentity, id: number) {
  return unlockPatientReport(rt, staff, id);
}

/*
 * The console's appointment pages: the list, one appointment (its status
 * changes, confirming and moving into a room), the schedule's day, week and
 * printable views, and the overview.
 */

export {
  allowedNext,
  changeStatus,
  closeAsDuplicate,
  correctReferrer,
  type ReferrerField,
  listAppointments,
  markArrived,
  mayMarkArrived,
  moveAppointment,
  outcomeFrom,
  parseFilters,
  serviceNames,
  isRefusal,
  type Refusal,
  type StatusChange,
  type StatusChangeErrors,
  type StatusChangeField,
} from "../../../server/appointments/front-desk/index";
export {
  failingTexts,
  freedThisMonth,
  openEnquiries,
  overdueRequests,
  overview,
} from "../../../server/appointments/front-desk/index";
export { earlierForStaff } from "../../../server/appointments/earlier/index";
export { exportRange } from "../../../server/appointments/front-desk/index";
export {
  dayList,
  daySchedule,
  scheduleDate,
  weekSchedule,
  weekStart,
} from "../../../server/appointments/front-desk/index";

/**
 * One appointment as staff see it, or undefined. Every view is audited; one
 * person's views of it within VIEW_COLLAPSE_MINUTES are one line (decision 035).
 */
export async function viewAppointment(rt: StaffRuntime, staff: StaffIdentity, id: number) {
  const found = await getAppointment(rt.db, id);
  if (!found) return undefined;
  await recordView(
    { staffId: staff.id, staffEmail: staff.email, action: "appointment_view", targetType: "appointment", targetId: id },
    rt.now(),
    rt.db,
  );
  return found;
}

/** The start times free on `date` for an appointment being confirmed or moved, under that day's rules (closures included). */
export async function freeStarts(
  rt: StaffRuntime,
  appointment: Parameters<typeof freeTimes>[2],
  date: string,
  examination: string | null,
) {
  return freeTimes(rt.db, await dayRules(rt, date), appointment, date, examination, rt.now());
}
export { RESEND_REFUSED, resendAppointmentText } from "../../../server/appointments/notices/index";

/**
 * The appointment page's texts section (decision 043): send a text again
 * (`messageId`), or set how the patient gets texts (`channel`: sms,
 * whatsapp, email). Every signed-in staff member may (reception and
 * manager); the console's guard has checked the session and the origin.
 */
export async function textsAction(
  rt: StaffRuntime,
  staff: StaffIdentity,
  id: number,
  intent: "resend" | "channel",
  form: { messageId: string; channel: string },
): Promise<{ ok: true } | { ok: false; error: string; status: 400 | 422 }> {
  if (intent === "resend") {
    const messageId = Number(form.messageId);
    if (!Number.isSafeInteger(messageId) || messageId <= 0)
      return { ok: false, error: RESEND_REFUSED["not-found"], status: 422 };
    const resent = await resendAppointmentText(rt, staff, id, messageId);
    return resent.ok ? { ok: true } : { ok: false, error: RESEND_REFUSED[resent.reason], status: 422 };
  }
  if (!isContactPreference(form.channel))
    return { ok: false, error: "Choose how the patient gets texts: SMS, WhatsApp or e-mail only.", status: 400 };
  const set = await setAppointmentChannel(rt, staff, id, form.channel);
  return set.ok ? { ok: true } : { ok: false, error: CHANNEL_REFUSED[set.reason], status: 422 };
}

/** How the patient gets texts, as the desk sees it: the same as their private page shows. */
export { contactChoiceOf } from "../../../server/texts/index";
export { messagesFor } from "../../../server/texts/index";
