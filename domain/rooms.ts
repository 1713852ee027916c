import { findStoredService, isBookableSlug, type BookableSlug } from "./catalogue";

// Rooms (decision 018): each room is one piece of equipment or space.
// Configuration, not data: changing the clinic's rooms is a change to these
// lists. Room ids are stored on appointments: never rename one that has
// shipped.

export interface Room {
  /** Stored on the appointment (appointments.room). */
  id: string;
  /** Shown to staff. */
  name: string;
}

/** The rooms, in the order the schedule's columns show them. */
export const ROOMS = [
  { id: "x-ray", name: "X-ray" },
  { id: "fluoroscopy", name: "Fluoroscopy" },
  { id: "bone-densitometry", name: "Bone densitometry" },
  { id: "ultrasound-1", name: "Ultrasound 1" },
  { id: "ultrasound-2", name: "Ultrasound 2" },
  { id: "procedure", name: "Procedure room" },
  { id: "mammography", name: "Mammography" },
] as const satisfies readonly Room[];

export type RoomId = (typeof ROOMS)[number]["id"];

/** The mark of a service booked without a room, on purpose. */
export const ROOM_FREE = "room-free";

/** Where a bookable service is held: the rooms that serve it (at least one), or ROOM_FREE. */
export type RoomPlan = readonly [RoomId, ...RoomId[]] | typeof ROOM_FREE;

/** One plan per bookable service: a service made bookable does not compile until it has one. */
export type ServiceRooms = Readonly<Record<BookableSlug, RoomPlan>>;

const ULTRASOUND_ROOMS = ["ultrasound-1", "ultrasound-2"] as const;

/**
 * The rooms that serve each bookable service (catalogue slug,
 * domain/catalogue.ts). Remote reporting is room-free: our radiologists
 * report on images taken elsewhere, and the patient does not come.
 */
export const SERVICE_ROOMS: ServiceRooms = {
  ultrasound: ULTRASOUND_ROOMS,
  "x-ray": ["x-ray"],
  fluoroscopy: ["fluoroscopy"],
  "bone-densitometry-dexa-scan": ["bone-densitometry"],
  "breast-ultrasound": ULTRASOUND_ROOMS,
  "3d-pregnancy-scan": ULTRASOUND_ROOMS,
  "minimally-invasive-procedure": ["procedure"],
  "pain-management": ["procedure"],
  "remote-reporting": ROOM_FREE,
  mammography: ["mammography"],
};

/** Where an appointment for a stored service is held: in one of its rooms, in none on purpose, or nowhere (the clinic does not book it). */
export type RoomNeed = { kind: "rooms"; rooms: Room[] } | { kind: "room-free" } | { kind: "not-booked" };

/**
 * The one rule for rooms, which the schedule and the safety questions both
 * ask: a stored service (slug, or title for rows older than migration 0012)
 * the clinic books has its rooms (in ROOMS order) or is room-free as
 * SERVICE_ROOMS says; any other value is "not-booked", never room-free.
 */
export function roomNeed(stored: string): RoomNeed {
  const slug = findStoredService(stored)?.slug;
  if (!slug || !isBookableSlug(slug)) return { kind: "not-booked" };
  const plan = SERVICE_ROOMS[slug];
  if (plan === ROOM_FREE) return { kind: "room-free" };
  return { kind: "rooms", rooms: ROOMS.filter((room) => plan.some((id) => id === room.id)) };
}

/** Whether a stored service is booked without a room, on purpose (remote reporting). */
export function needsNoRoom(stored: string): boolean {
  return roomNeed(stored).kind === "room-free";
}

/** The rooms that serve a stored service, in ROOMS order (none: room-free or not booked). */
export function roomsForService(stored: string): Room[] {
  const need = roomNeed(stored);
  return need.kind === "rooms" ? need.rooms : [];
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
