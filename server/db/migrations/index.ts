import type { Migration } from "kysely";
import * as requests from "./0001-requests";
import * as requestSafety from "./0002-request-safety";
import * as rateLimits from "./0003-rate-limits";
import * as jobLeases from "./0004-job-leases";
import * as staff from "./0010-staff";
import * as staffSecurity from "./0011-staff-security";
import * as appointmentServiceSlug from "./0012-appointment-service-slug";
import * as staffRoles from "./0013-staff-roles";
import * as staffInvitations from "./0014-staff-invitations";
import * as clinicClosures from "./0015-clinic-closures";
import * as appointmentSchedule from "./0016-appointment-schedule";
import * as appointmentLinks from "./0017-appointment-links";
import * as patientHistory from "./0019-patient-history";
import * as appointmentReminders from "./0020-appointment-reminders";
import * as appointmentSafetyAnswers from "./0021-appointment-safety-answers";
import * as exactPatientKeys from "./0022-exact-patient-keys";
import * as textMessages from "./0023-text-messages";
import * as operations from "./0024-operations";
import * as closureRooms from "./0025-closure-rooms";
import * as frontDeskRecords from "./0026-front-desk-records";
import * as patientLanguage from "./0027-patient-language";
import * as lighterWriteIndexes from "./0028-lighter-write-indexes";
import * as whatsappWebhookEvents from "./0029-whatsapp-webhook-events";
import * as bookedOnline from "./0030-booked-online";
import * as worklist from "./0032-worklist";
import * as images from "./0033-images";
import * as comingConfirmed from "./0035-coming-confirmed";
import * as referrers from "./0037-referrers";
import * as reports from "./0038-reports";
import * as reportAccess from "./0039-report-access";
import * as earlierTimes from "./0040-earlier-times";
import * as appointmentReferenceIndexes from "./0041-appointment-reference-indexes";
import * as roomHoldsIndex from "./0044-room-holds-index";

/**
 * Every migration, by name. Names sort in the order they run on a new
 * database (a database that already ran a later name runs new earlier ones
 * too: the migrator allows unordered migrations). Add a new file and list it
 * here; never edit one that has shipped.
 */
export const migrations: Record<string, Migration> = {
  "0001-requests": requests,
  "0002-request-safety": requestSafety,
  "0003-rate-limits": rateLimits,
  "0004-job-leases": jobLeases,
  "0010-staff": staff,
  "0011-staff-security": staffSecurity,
  "0012-appointment-service-slug": appointmentServiceSlug,
  "0013-staff-roles": staffRoles,
  "0014-staff-invitations": staffInvitations,
  "0015-clinic-closures": clinicClosures,
  "0016-appointment-schedule": appointmentSchedule,
  "0017-appointment-links": appointmentLinks,
  "0019-patient-history": patientHistory,
  "0020-appointment-reminders": appointmentReminders,
  "0021-appointment-safety-answers": appointmentSafetyAnswers,
  "0022-exact-patient-keys": exactPatientKeys,
  "0023-text-messages": textMessages,
  "0024-operations": operations,
  "0025-closure-rooms": closureRooms,
  "0026-front-desk-records": frontDeskRecords,
  "0027-patient-language": patientLanguage,
  "0028-lighter-write-indexes": lighterWriteIndexes,
  "0029-whatsapp-webhook-events": whatsappWebhookEvents,
  "0030-booked-online": bookedOnline,
  "0032-worklist": worklist,
  "0033-images": images,
  "0035-coming-confirmed": comingConfirmed,
  "0037-referrers": referrers,
  "0038-reports": reports,
  "0039-report-access": reportAccess,
  "0040-earlier-times": earlierTimes,
  "0041-appointment-reference-indexes": appointmentReferenceIndexes,
  "0044-room-holds-index": roomHoldsIndex,
};
