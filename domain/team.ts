/** The clinic's team as the staff pages present it. */

/** Years of experience in medical imaging of the radiologist and the lead radiographer. */
export const STAFF_EXPERIENCE_YEARS = 25;

/** The key staff roles, in the order the Our Key Staff page lists them (names: CLINIC STAFF_NAMES). */
export const STAFF_ROLES = ["Head of Administration", "Front Desk Officer", "Biller", "Facility Custodian"] as const;
