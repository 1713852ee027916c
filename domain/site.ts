/** Site-wide text and business constants (specification, section 9). */

export const BOOKING_POLICY = [
  "Please arrive 15 minutes before your appointment.",
  "To change an appointment, let us know at least 24 hours ahead.",
  "A late cancellation may incur a fee.",
  "Bring a valid ID and your medical aid card.",
  "Payment is due at the time of service.",
  "We accept BPOMAS and PULA medical aid.",
] as const;

export const PAYMENT_METHODS = [
  { value: "cash", label: "Cash Payment" },
  { value: "bpomas", label: "Bpomas" },
  { value: "pula", label: "Pula Medical Aid" },
] as const;

export type PaymentMethod = (typeof PAYMENT_METHODS)[number]["value"];

export const GENDERS = ["Male", "Female", "Other"] as const;

export const STAFF_EXPERIENCE_YEARS = 25;

export const STAFF_ROLES = ["Head of Administration", "Front Desk Officer", "Biller", "Facility Custodian"] as const;

export const SCRIPT_LOAD_TIMEOUT_SECONDS = 120;

export const REFERRAL_FORM_PATH = "/files/referral-form.pdf";
