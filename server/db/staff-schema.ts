import type { Generated } from "kysely";
import type { StaffRole } from "../../domain/staff-roles";

/**
 * The staff console's tables (migrations 0010-staff onwards): accounts, sessions, sign-in
 * throttles and challenges, recovery codes, the server's own keys, invitations and the audit
 * log. Part of the Database in schema.ts, which re-exports them.
 */

export interface StaffUserTable {
  id: Generated<number>;
  /** Lower-cased. */
  email: string;
  name: string;
  /** argon2id PHC string. */
  password_hash: string;
  /** 1 when the account may no longer sign in. */
  disabled: number;
  created_at: string;
  updated_at: string;
  last_sign_in_at: string | null;
  // --- migration 0011-staff-security ---
  /** Base32 TOTP secret once enrolment is confirmed; null until then (or after reset-mfa). */
  totp_secret: string | null;
  totp_enabled_at: string | null;
  /** The last TOTP time step accepted, so a code is never accepted twice. */
  totp_last_step: number | null;
  password_changed_at: string | null;
  // --- migration 0013-staff-roles ---
  /** What the account may do (domain/staff-roles.ts). */
  role: Generated<StaffRole>;
}

export interface StaffSessionTable {
  id: Generated<number>;
  /** SHA-256 of the cookie token (hex); the token itself is never stored. */
  token_hash: string;
  staff_id: number;
  created_at: string;
  last_seen_at: string;
}

/** Failed sign-in counters, keyed by "email:<address>" or "ip:<address>". */
export interface StaffLoginThrottleTable {
  key: string;
  failures: number;
  locked_until: string | null;
  updated_at: string;
}

/** Single-use recovery codes (migration 0011-staff-security): only a salted argon2id hash is stored. */
export interface StaffRecoveryCodeTable {
  id: Generated<number>;
  staff_id: number;
  /** argon2id hash of the normalised code. */
  code_hash: string;
  used_at: string | null;
  created_at: string;
}

/**
 * The half-signed-in state (password right, second factor pending). Never a
 * session: its cookie opens only the code and enrolment pages, and it expires
 * within minutes.
 */
export interface StaffSignInChallengeTable {
  id: Generated<number>;
  /** SHA-256 of the cookie token (hex). */
  token_hash: string;
  staff_id: number;
  /** The secret shown during enrolment, until one code confirms it. */
  enrol_secret: string | null;
  created_at: string;
  expires_at: string;
}

/** Keys the server makes for itself when none is configured (e.g. "staff-hmac"). */
export interface ServerKeyTable {
  name: string;
  value: string;
  created_at: string;
}

/** A pending invitation to join the staff console (migration 0014-staff-invitations). */
export interface StaffInvitationTable {
  id: Generated<number>;
  /** SHA-256 of the one-time link's token; the token itself is only in the e-mail. */
  token_hash: string;
  /** Lower-cased; one pending invitation per address. */
  email: string;
  name: string;
  role: StaffRole;
  /** The manager who sent it (null once that account is gone). */
  invited_by: number | null;
  created_at: string;
  expires_at: string;
}

export interface StaffAuditTable {
  id: Generated<number>;
  staff_id: number | null;
  /**
   * The account's e-mail for actions by a known account; for failed sign-ins
   * only "hmac:" and a keyed hash of the address typed (never the address).
   */
  staff_email: string;
  action: StaffAuditAction;
  /** e.g. "appointment", "upload", "enquiry". */
  target_type: string | null;
  target_id: string | null;
  /** Non-personal detail: a status change, a date range, a reason code. */
  detail: string | null;
  created_at: string;
  /**
   * Who a line about a colleague's account or an invitation is about, as
   * written then ("Name (address)"); null for every other line, and never a
   * patient (migration 0026, decision 035).
   */
  target_name: string | null;
}

export type StaffAuditAction =
  | "sign_in"
  | "sign_in_failed"
  | "sign_out"
  | "appointment_view"
  | "file_view"
  | "file_download"
  | "status_change"
  // --- migration 0032-worklist (values only): reception marked the patient arrived ---
  | "patient_arrived"
  | "enquiry_handled"
  | "export_csv"
  // Patients' rights (decision 011): no migration, the column is free text.
  | "patient_export"
  | "patient_erase"
  // --- migration 0011-staff-security (values only; the column is text) ---
  | "mfa_enrolled"
  | "mfa_reset"
  | "recovery_code_used"
  | "password_changed"
  // --- migration 0013-staff-roles (values only) ---
  | "staff_added"
  | "staff_disabled"
  | "role_changed"
  // --- migration 0014-staff-invitations (values only) ---
  | "staff_invited"
  | "invitation_accepted"
  // --- migration 0015-clinic-closures (values only) ---
  | "closure_added"
  | "closure_removed"
  // --- migration 0016-appointment-schedule (values only) ---
  | "appointment_move"
  // --- decision 016: withdrawing an invitation, enabling an account (no migration, values only) ---
  | "invitation_withdrawn"
  | "staff_enabled"
  // --- decision 030: staff send a failed text message again (values only) ---
  | "text_resent"
  // --- decision 043: reception changes or stops a patient's channel (values only) ---
  | "text_channel_set"
  // --- decision 035: sending an invitation again (values only) ---
  | "invitation_resent"
  // --- the undo of an enquiry's "Mark handled" (values only) ---
  | "enquiry_reopened"
  // --- decision 049: a request closed as a duplicate of the patient's other one (values only) ---
  | "duplicate_closed"
  // --- migration 0037-referrers: staff corrected the referring doctor (values only) ---
  | "referrer_corrected"
  // --- decision 066: a study's arrival marked an appointment; staff linked a study by hand (values only) ---
  | "images_received"
  | "study_linked"
  // --- migration 0039-report-access: the signed report attached, replaced, sent, opened, locked (values only; decision 075) ---
  | "report_attached"
  | "report_replaced"
  | "report_sent"
  | "report_opened"
  | "report_locked"
  | "report_unlocked";
