/** The genders the booking form offers (and the server accepts). */
export const GENDERS = ["Male", "Female", "Other"] as const;
