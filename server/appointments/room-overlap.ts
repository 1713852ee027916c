/**
 * The database's refusal of two confirmed appointments in one room at once
 * (migration 0016), as both sides meet it: staff confirming or moving
 * (front-desk/) and a patient booking a time online (booking/, decision 063).
 */

/** Whether an error is the database refusing two confirmed appointments in one room at once. */
export function isTimeTaken(error: unknown): boolean {
  if (!error || typeof error !== "object") return false;
  const e = error as { code?: unknown; constraint?: unknown; message?: unknown };
  if (e.code === "23P01") return true;
  return typeof e.message === "string" && e.message.includes("appointment_room_overlap");
}
