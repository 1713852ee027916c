import { addDays, formatLongDate, isIsoDate, parseDateInput } from "./dates";
import { ROOMS, roomName, type RoomId } from "./rooms";

/**
 * The rules for a clinic closure a manager adds (decision 017): one day or a
 * range, in the future, with a reason patients see; of the whole clinic, or
 * of one room out of service (decision 034). Pure, so the page, the server
 * and the unit tests share them.
 */

export const CLOSURE_MAX_DAYS = 366;
export const CLOSURE_REASON_MAX = 120;

export interface ClosureInput {
  firstDate: string;
  lastDate: string;
  reason: string;
  /** The room out of service, or null: the whole clinic is closed. */
  room: RoomId | null;
}

export type ClosureField = "firstDate" | "lastDate" | "reason" | "room";

export const CLOSURE_MESSAGES = {
  firstDate: "Enter the first closed day as a date.",
  lastDate: "Enter the last closed day as a date, or leave it empty for one day.",
  past: "Choose today or a later day: a closure cannot start in the past.",
  order: "The last closed day cannot be before the first.",
  tooLong: `A closure can last at most ${CLOSURE_MAX_DAYS} days.`,
  reasonEmpty: "Enter the reason patients will see, such as “Closed for staff training”.",
  reasonLong: `Keep the reason to ${CLOSURE_REASON_MAX} characters or fewer.`,
  cannotRemove: "A closure that has started or is past cannot be removed.",
  notFound: "That closure does not exist.",
  room: "Choose the whole clinic or one of the rooms from the list.",
  twice: "This closure is already saved: the same days, for the same room or the whole clinic.",
} as const;

/** What a closure closes, for staff: "the whole clinic" or "the X-ray room" ("The …" to start a sentence). */
export function closureScope(room: string | null, { start = false }: { start?: boolean } = {}): string {
  const the = start ? "The" : "the";
  if (!room) return `${the} whole clinic`;
  const name = roomName(room);
  return `${the} ${/ room$/i.test(name) ? name : `${name} room`}`;
}

/** "Tuesday 1 December 2026", or "… to …" for a range. */
export function closureDates(closure: { firstDate: string; lastDate: string }): string {
  return closure.firstDate === closure.lastDate
    ? formatLongDate(closure.firstDate)
    : `${formatLongDate(closure.firstDate)} to ${formatLongDate(closure.lastDate)}`;
}

/** The refusal of a closure that overlaps one already saved for the same room or the whole clinic. */
export function closureOverlapMessage(existing: { firstDate: string; lastDate: string; room: string | null }): string {
  return `This overlaps the closure of ${closureScope(existing.room)} on ${closureDates(existing)}. Close only the days it does not cover, or remove it first.`;
}

const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

/** Checks a new closure against today (YYYY-MM-DD, the clinic's): the normalised closure, or one message per field. */
export function checkClosure(
  raw: { firstDate?: string; lastDate?: string; reason?: string; room?: string },
  today: string,
): { ok: true; value: ClosureInput } | { ok: false; errors: Partial<Record<ClosureField, string>> } {
  const errors: Partial<Record<ClosureField, string>> = {};
  // Typed day first (DD/MM/YYYY) or as YYYY-MM-DD: the console's date fields (decision 048).
  const firstDate = parseDateInput(raw.firstDate ?? "") ?? "";
  const lastGiven = (raw.lastDate ?? "").trim();
  const lastDate = (lastGiven ? parseDateInput(lastGiven) : firstDate) ?? "";
  const reason = (raw.reason ?? "").replace(/\s+/g, " ").trim();
  const roomId = (raw.room ?? "").trim();
  const room = roomId ? ROOMS.find((r) => r.id === roomId) : undefined;
  if (roomId && !room) errors.room = CLOSURE_MESSAGES.room;
  if (!isIsoDate(firstDate)) errors.firstDate = CLOSURE_MESSAGES.firstDate;
  else if (firstDate < today) errors.firstDate = CLOSURE_MESSAGES.past;
  // A last day left empty is the first day; the order and the length need a right first day.
  if (lastGiven && !lastDate) errors.lastDate = CLOSURE_MESSAGES.lastDate;
  else if (!errors.firstDate && lastDate < firstDate) errors.lastDate = CLOSURE_MESSAGES.order;
  else if (!errors.firstDate && daysBetween(firstDate, lastDate) + 1 > CLOSURE_MAX_DAYS)
    errors.lastDate = CLOSURE_MESSAGES.tooLong;
  if (!reason) errors.reason = CLOSURE_MESSAGES.reasonEmpty;
  else if (reason.length > CLOSURE_REASON_MAX) errors.reason = CLOSURE_MESSAGES.reasonLong;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value: { firstDate, lastDate, reason, room: room?.id ?? null } };
}

/** A closure may be removed only while it lies wholly in the future (it starts after today). */
export function canRemoveClosure(closure: { firstDate: string }, today: string): boolean {
  return closure.firstDate > today;
}

/** Every date of a closure, first to last. */
export function closureDays(firstDate: string, lastDate: string): string[] {
  const days: string[] = [];
  for (let d = firstDate; d <= lastDate; d = addDays(d, 1)) days.push(d);
  return days;
}
