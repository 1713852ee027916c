// Rooms (issue 12): each room is one piece of equipment or space, with the
// services (catalogue slugs, domain/catalogue.ts) it serves. Configuration,
// not data: changing the clinic's rooms is a change to this list. Remote
// reporting needs no room. Room ids are stored on appointments: never rename
// one that has shipped.

export interface Room {
  /** Stored on the appointment (appointments.room). */
  id: string;
  /** Shown to staff. */
  name: string;
  /** Catalogue slugs this room serves. */
  serves: readonly string[];
}

export const ROOMS: readonly Room[] = [
  { id: "x-ray", name: "X-ray", serves: ["x-ray"] },
  { id: "fluoroscopy", name: "Fluoroscopy", serves: ["fluoroscopy"] },
  { id: "bone-densitometry", name: "Bone densitometry", serves: ["bone-densitometry-dexa-scan"] },
  {
    id: "ultrasound-1",
    name: "Ultrasound 1",
    serves: ["ultrasound", "breast-ultrasound", "3d-pregnancy-scan"],
  },
  {
    id: "ultrasound-2",
    name: "Ultrasound 2",
    serves: ["ultrasound", "breast-ultrasound", "3d-pregnancy-scan"],
  },
  {
    id: "procedure",
    name: "Procedure room",
    serves: ["pain-management", "minimally-invasive-procedure"],
  },
];

/** Services that are booked without a room (reporting on images sent in). */
export const ROOMLESS_SERVICES: readonly string[] = ["remote-reporting"];

/** The rooms that serve a service (by catalogue slug), in configuration order. */
export function roomsForService(slug: string): Room[] {
  return ROOMS.filter((room) => room.serves.includes(slug));
}

export function findRoom(id: string | null | undefined): Room | undefined {
  return ROOMS.find((room) => room.id === id);
}

/** What staff see for an appointment held in no room (remote reporting): the schedule's column and the day list's room. */
export const NO_ROOM_NAME = "No room";

/** A stored room id as staff read it: the room's name, "No room" for none, an unknown id as stored. */
export function roomName(id: string | null | undefined): string {
  if (!id) return NO_ROOM_NAME;
  return findRoom(id)?.name ?? id;
}

/** Whether a service is booked without a room. */
export function needsNoRoom(slug: string): boolean {
  return ROOMLESS_SERVICES.includes(slug);
}

/**
 * A clinic-local date and time as whole minutes since 1970-01-01 00:00 (no
 * time zone: Gaborone has no daylight saving). Stored as appointments.starts_at
 * and ends_at so both databases compare plain integers.
 */
export function clinicMinutes(date: string, time: string): number {
  const [y = 0, m = 1, d = 1] = date.split("-").map(Number);
  const [hh = 0, mm = 0] = time.split(":").map(Number);
  return Date.UTC(y, m - 1, d) / 60_000 + hh * 60 + mm;
}

/** Whether two half-open ranges [aStart, aEnd) and [bStart, bEnd) overlap. */
export function overlaps(aStart: number, aEnd: number, bStart: number, bEnd: number): boolean {
  return aStart < bEnd && bStart < aEnd;
}
