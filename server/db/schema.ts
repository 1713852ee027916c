import type { ColumnType, Generated } from "kysely";
import type { PaymentMethod } from "../../domain/payments";
import type { AppointmentStatus, EnquiryStatus } from "../../domain/statuses";
import type { TextKind, TextStatus } from "../../domain/text-messages";
import type { ContactPreference, TextChannel } from "../../domain/contact-preference";
import type { Locale } from "../../domain/locale";
import type {
  StaffUserTable,
  StaffSessionTable,
  StaffLoginThrottleTable,
  StaffRecoveryCodeTable,
  StaffSignInChallengeTable,
  ServerKeyTable,
  StaffInvitationTable,
  StaffAuditTable,
} from "./staff-schema";
import type { EarlierOfferTable, FreedTimeTable } from "./earlier-schema";

/**
 * Table types for Kysely. Timestamps are ISO-8601 UTC strings and calendar
 * dates are YYYY-MM-DD strings, so the same code and migrations run on SQLite
 * and PostgreSQL.
 */

export type { AppointmentStatus, EnquiryStatus };
export type * from "./staff-schema";
export type * from "./earlier-schema";

export interface EnquiryTable {
  id: Generated<number>;
  reference: string;
  name: string;
  phone: string;
  email: string;
  description: string;
  status: EnquiryStatus;
  /** The language the enquiry was sent in (migration 0027; decision 037). */
  language: ColumnType<Locale, Locale | undefined, Locale>;
  created_at: string;
  updated_at: string;
}

export interface AppointmentTable {
  id: Generated<number>;
  reference: string;
  name: string;
  surname: string;
  dob: string;
  phone: string;
  alternate_phone: string;
  email: string;
  gender: "Male" | "Female" | "Other";
  /**
   * The service's catalogue slug ("x-ray"); show it with serviceTitle() from
   * domain/catalogue. Rows from before migration 0012 held the title, and a
   * title it did not know is still stored as it was.
   */
  service_name: string;
  payment_method: PaymentMethod;
  medical_aid_number: string | null;
  notes: string;
  id_passport_number: string;
  requested_date: string;
  /** The time of day the visitor submitted the form, HH:mm (the API's appointmentTime). */
  submitted_time: string;
  status: AppointmentStatus;
  confirmed_date: string | null;
  confirmed_time: string | null;
  cancel_reason: string | null;
  /** The confirmed "YYYY-MM-DD HH:MM" the reminder e-mail was sent for (migration 0020). */
  reminder_sent_for: string | null;
  /** The confirmed "YYYY-MM-DD HH:MM" the patient said they are coming to, from the reminder's link (migration 0035). */
  coming_confirmed_for: ColumnType<string | null, string | null | undefined, string | null>;
  /** The room a confirmed appointment holds (domain/rooms.ts id; migration 0016). Null: no room. */
  room: string | null;
  /** Clinic-local minutes since 1970-01-01 (domain/rooms.ts clinicMinutes), half-open [starts_at, ends_at). */
  starts_at: number | null;
  ends_at: number | null;
  /** The ultrasound examination staff chose on confirming (ULTRASOUND_TIMINGS name, optionally " (Double)"). */
  examination: string | null;
  /** The patient's pre-exam safety answers, JSON by question id (domain/safety-questions.ts; migration 0021). Health data. */
  safety_answers: string | null;
  /** When the patient last saved their safety answers (ISO). */
  safety_saved_at: string | null;
  /**
   * How the patient wants to hear from the clinic besides e-mail (migration
   * 0023); null when the patient did not choose: SMS for a mobile number.
   */
  contact_preference: ContactPreference | null;
  /** The language the patient booked in (migration 0027; decision 037): every message to them, and their page, use it. */
  language: ColumnType<Locale, Locale | undefined, Locale>;
  /** 1 when the patient booked this time online (migration 0030; decision 063), 0 otherwise. */
  booked_online: Generated<number>;
  /** The clinic patient ID (clinic_patients), given when the appointment is first confirmed (migration 0032; decision 065). */
  clinic_patient_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The Study Instance UID its worklist entry carries, 2.25.<uuid as an integer>, made once (migration 0032). */
  study_uid: ColumnType<string | null, string | null | undefined, string | null>;
  /** When reception marked the patient arrived (ISO; migration 0032). */
  arrived_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** When Orthanc first had a study with its accession number, or staff linked one (ISO; migration 0033; decision 066). */
  images_received_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** That study's Orthanc ID (migration 0033). */
  orthanc_study_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the patient asked to be told if an earlier time opens (ISO; migration 0040; decision 070); null: not on the list. */
  earlier_wanted_at: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
  updated_at: string;
}

export interface UploadTable {
  id: Generated<number>;
  /** Random, unguessable id given to the browser (the upload answer's publicId). */
  public_id: string;
  /** File name inside the storage area, made by the server. */
  storage_name: string;
  /** Sanitised original name, for display only. */
  display_name: string;
  mime_type: "application/pdf" | "image/jpeg" | "image/png";
  size_bytes: number;
  appointment_id: number | null;
  created_at: string;
}

export type MailStatus = "pending" | "sent" | "failed";

export interface MailQueueTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  /** JSON array of {filename, contentType, content (base64)}. */
  attachments_json: string;
  status: MailStatus;
  attempts: number;
  next_attempt_at: string;
  locked_until: string | null;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
  /** The appointment or enquiry reference the message is about; null for mail about no record (migration 0022). */
  about_reference: string | null;
  /**
   * 1 for a message that outlives the erasure of its recipient (the notice of
   * a cancelled appointment): an erasure leaves it queued, and it is blanked
   * as soon as it is sent (migration 0026, decision 035).
   */
  forget_after_send: Generated<number>;
}

/** An SMS or WhatsApp message to a patient (migration 0023, decision 030). */
export interface TextMessageTable {
  id: Generated<number>;
  /** The channel it goes (or went) by; a WhatsApp message sent as SMS for want of WhatsApp says sms. */
  channel: TextChannel;
  /** E.164; blanked ("") with the body after the retention period. */
  to_number: string;
  /** The appointment reference it is about: how the staff's history, export and erasure find it. */
  about_reference: string | null;
  kind: TextKind;
  /** The SMS text (GSM-7, one segment); blanked after the retention period. */
  body: string;
  /** WhatsApp: JSON {name, language, params}; null for an SMS. */
  template_json: string | null;
  status: TextStatus;
  /** Hand-overs tried (temporary refusals count). */
  attempts: number;
  next_attempt_at: string;
  /** While sending: the claim's end; a row still sending after it is unknown. */
  locked_until: string | null;
  /** The SMS centre's or WhatsApp's id, which receipts and status calls name. */
  provider_message_id: string | null;
  /** A code and a short reason, never a number or a body. */
  last_error: string | null;
  /** The message staff sent again, when this one is its resend. */
  resent_from: number | null;
  created_at: string;
  sent_at: string | null;
  /** When the status last changed. */
  status_at: string;
}

export interface IdempotencyKeyTable {
  /** Which endpoint the key was used on (keys are per endpoint). */
  endpoint: string;
  idempotency_key: string;
  /** SHA-256 of the canonical JSON body: the same key with another body is refused. */
  body_hash: string;
  status_code: number;
  /** The first answer, replayed to retries. */
  response_json: string;
  created_at: string;
  /** The reference the answer gave (`data.reference`), or null; how a patient's export finds it (migration 0022). */
  reference: string | null;
}

export interface ReferenceCounterTable {
  /** "APT" or "ENQ". */
  kind: string;
  year: number;
  last_value: number;
}

export interface AppointmentStatusHistoryTable {
  id: Generated<number>;
  appointment_id: number;
  from_status: AppointmentStatus | null;
  to_status: AppointmentStatus;
  /** Confirmed date and time, or the cancellation reason; a patient's change says so. */
  note: string | null;
  /** Who made the change; null when the patient did, through their private link (migration 0019). */
  staff_id: number | null;
  /** Who made a change no staff member or patient made: "images", the site on the images' arrival (migration 0033). */
  actor: ColumnType<"images" | null, "images" | null | undefined, "images" | null>;
  created_at: string;
}

/** A day or range of days the clinic is closed, with the reason patients see (migration 0015). */
export interface ClinicClosureTable {
  id: Generated<number>;
  /** YYYY-MM-DD, Africa/Gaborone. */
  first_date: string;
  /** YYYY-MM-DD, inclusive; equal to first_date for one day. */
  last_date: string;
  reason: string;
  /** The room out of service (domain/rooms.ts RoomId), or null: the whole clinic is closed (migration 0025). */
  room: string | null;
  created_by: number | null;
  created_at: string;
}

/** A patient's private link to an appointment (migration 0017). */
export interface AppointmentLinkTable {
  /** SHA-256 of the link's token; the token itself is only in the e-mail or the booking answer. */
  token_hash: string;
  appointment_id: number;
  created_at: string;
}

/** Rate-limit counter for one route, client and fixed window (migration 0003-rate-limits). */
export interface RateLimitTable {
  /** "<route>|<SHA-256 of the client address>|<window index>": no raw address is stored. */
  key: string;
  hits: number;
  /** End of the window (ISO); rows past it are deleted. */
  expires_at: string;
}

/** Lease on a background job, so one instance runs it per period (migration 0004-job-leases). */
export interface JobLeaseTable {
  name: string;
  /** Which process holds it (host:pid:random), for diagnosis. */
  holder: string;
  expires_at: string;
}

/** When a background job last finished successfully (migration 0024-operations; decision 033). */
export interface JobRunTable {
  /** The job's name, as its lease names it ("retention-purge"). */
  name: string;
  last_success_at: string;
}

/** A WhatsApp webhook event already acted on (migration 0029; decision 039): ids only. */
export interface WhatsappWebhookEventTable {
  /** "status:<message id>:<status>" or "message:<message id>". */
  event_key: string;
  received_at: string;
}

/** The doctor who referred an appointment's patient, as given (migration 0037; decision 071). */
export interface AppointmentReferrerTable {
  appointment_id: number;
  name: string;
  practice_number: string | null;
  /** The practice number upper-cased without spaces: how the same doctor is recognised. */
  practice_key: string | null;
  email: string | null;
  /** The e-mail address lower-cased: how the same doctor is recognised. */
  email_key: string | null;
  /** E.164. */
  phone: string | null;
  created_at: string;
  updated_at: string;
}

/**
 * One version of an appointment's signed report (migration 0038, decision 072): the highest
 * version is the current report, the older ones its history. id is random (the staff
 * download's address); file_name is the private file under DATA_DIR/reports.
 */
export interface AppointmentReportTable {
  id: string;
  appointment_id: number;
  version: number;
  file_name: string;
  size: number;
  sha256: string;
  uploaded_by: number | null;
  uploaded_at: string;
}

/** The referring doctor's link to an appointment's report (migration 0039, decision 075): only hashes of its token and code. */
export interface ReportLinkTable {
  id: Generated<number>;
  appointment_id: number;
  token_hash: string;
  /** The address the link and its codes go to; email_key finds the doctor's other referrals. */
  email: string;
  email_key: string;
  created_at: string;
  expires_at: string;
  /** SHA-256 of the link's token and the 6-digit code last sent; null before any. */
  code_hash: string | null;
  code_sent_at: string | null;
  /** Codes sent for this link: at most MAX_CODES_PER_LINK. */
  codes_sent: Generated<number>;
  /** Wrong codes so far: the 5th locks the link. */
  failures: Generated<number>;
}

/** When the patient may open the report, and their wrong dates of birth (migration 0039, decision 075). */
export interface ReportReleaseTable {
  appointment_id: number;
  release_at: string;
  dob_failures: Generated<number>;
}

/** A correct code or date of birth: the hash of a cookie that opens the report for a while (migration 0039). */
export interface ReportGrantTable {
  token_hash: string;
  appointment_id: number;
  holder: "doctor" | "patient";
  created_at: string;
  expires_at: string;
}

export interface Database {
  appointment_referrers: AppointmentReferrerTable;
  appointment_reports: AppointmentReportTable;
  report_links: ReportLinkTable;
  report_releases: ReportReleaseTable;
  report_grants: ReportGrantTable;
  enquiries: EnquiryTable;
  appointments: AppointmentTable;
  uploads: UploadTable;
  mail_queue: MailQueueTable;
  text_messages: TextMessageTable;
  idempotency_keys: IdempotencyKeyTable;
  reference_counters: ReferenceCounterTable;
  staff_users: StaffUserTable;
  staff_invitations: StaffInvitationTable;
  clinic_closures: ClinicClosureTable;
  staff_sessions: StaffSessionTable;
  staff_login_throttle: StaffLoginThrottleTable;
  appointment_status_history: AppointmentStatusHistoryTable;
  clinic_patients: ClinicPatientTable;
  worklist_outbox: WorklistOutboxTable;
  appointment_links: AppointmentLinkTable;
  staff_audit: StaffAuditTable;
  staff_recovery_codes: StaffRecoveryCodeTable;
  staff_sign_in_challenges: StaffSignInChallengeTable;
  server_keys: ServerKeyTable;
  rate_limits: RateLimitTable;
  job_leases: JobLeaseTable;
  job_runs: JobRunTable;
  whatsapp_webhook_events: WhatsappWebhookEventTable;
  orthanc_feed: OrthancFeedTable;
  unmatched_studies: UnmatchedStudyTable;
  freed_times: FreedTimeTable;
  earlier_offers: EarlierOfferTable;
}

/** Where the site is in Orthanc's /changes feed, and whether Orthanc answers (migration 0033; decision 066): one row, id 1. */
export interface OrthancFeedTable {
  id: number;
  /** The last change read and acted on (Orthanc's Seq); the next read asks for those after it. */
  position: ColumnType<number | string, number, number>;
  /** When Orthanc last answered (ISO). */
  last_reached_at: string | null;
  /** Since when Orthanc has not answered (ISO); null while it answers. */
  unreachable_since: string | null;
  /** Why, in one word (domain/images.ts OrthancProblem); null while it answers. */
  problem: string | null;
}

/**
 * A study whose accession number matched no appointment, for staff to link by
 * hand (migration 0033; decision 066). patient_name is the name as the machine
 * sent it: personal data, kept UNMATCHED_STUDY_DAYS (docs/privacy-retention.md).
 */
export interface UnmatchedStudyTable {
  id: Generated<number>;
  orthanc_id: string;
  accession: string | null;
  /** The study's date as YYYY-MM-DD (DICOM's YYYYMMDD read by dicomDate), or null. */
  study_date: string | null;
  patient_name: string | null;
  modality: string | null;
  received_at: string;
}

/**
 * One clinic patient ID per person (migration 0032; decision 065): found again by
 * match_key, a SHA-256 of the ID or passport number (upper case, no spaces) and the
 * date of birth, so the number itself is not kept here.
 */
export interface ClinicPatientTable {
  match_key: string;
  patient_id: string;
  created_at: string;
}

/** An appointment whose worklist file must be written again or removed (migration 0032): added in the changing transaction. */
export interface WorklistOutboxTable {
  id: Generated<number>;
  appointment_id: number;
  created_at: string;
}
