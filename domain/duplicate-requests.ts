import { isActiveStatus } from "./statuses";

/**
 * Possible duplicate requests (decision 049): two open requests from one
 * patient, the same first name, surname, date of birth and phone number,
 * for the same service on the same day. A patient who sent the form twice
 * (a retry, a second device, a double tap) gets one acknowledgement text,
 * and the console marks both so reception can close one.
 */

/** What the rule compares, as the appointments table stores it. */
export interface RequestIdentity {
  id: number;
  reference: string;
  name: string;
  surname: string;
  dob: string;
  phone: string;
  service_name: string;
  requested_date: string;
  status: string;
}

/** A request another one may duplicate: the other's id and reference, for a link. */
export interface DuplicateOf {
  id: number;
  reference: string;
}

/** A name compared as a person reads it: trimmed, spaces single, any letter case. */
export const sameName = (name: string) => name.trim().replace(/\s+/g, " ").toLowerCase();

/** The rule's key: two open requests with the same key are possible duplicates. */
export function duplicateKey(a: Omit<RequestIdentity, "id" | "reference" | "status">): string {
  return [sameName(a.name), sameName(a.surname), a.dob, a.phone, a.service_name, a.requested_date].join("\u0000");
}

/**
 * For each open request among `rows`, the other open requests of `rows` it
 * may duplicate (in id order); a request with none is not in the map.
 * `rows` must hold every open request of the days it covers.
 */
export function duplicatesAmong(rows: readonly RequestIdentity[]): Map<number, DuplicateOf[]> {
  const groups = new Map<string, RequestIdentity[]>();
  for (const row of rows) {
    if (!isActiveStatus(row.status)) continue;
    const key = duplicateKey(row);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  const found = new Map<number, DuplicateOf[]>();
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    const sorted = [...group].sort((a, b) => a.id - b.id);
    for (const row of sorted)
      found.set(
        row.id,
        sorted.filter((o) => o.id !== row.id).map((o) => ({ id: o.id, reference: o.reference })),
      );
  }
  return found;
}

/** The console's words. */
export const DUPLICATE_WORDS = {
  badge: "Possible duplicate",
  /** The cancellation's reason, which the patient's own page shows. */
  reason: (other: string) => `A second request for the same appointment as ${other}.`,
  /** The history's line. */
  note: (other: string) =>
    `Closed as a duplicate of ${other}; the patient was not e-mailed or texted (their request ${other} stands).`,
  closed: (other: string) =>
    `Closed as a duplicate of ${other}. The patient was not told: their request ${other} is still open.`,
  notDuplicate:
    "This request has no open twin (same name, date of birth, phone, service and day), so it cannot be closed as a duplicate. Cancel it instead if it must go.",
} as const;
