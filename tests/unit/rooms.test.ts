import { describe, expect, it } from "vitest";
import { BOOKABLE_SERVICES, SERVICES, type BookableSlug } from "../../domain/catalogue";
import {
  needsNoRoom,
  ROOM_FREE,
  roomNeed,
  ROOMS,
  roomsForService,
  SERVICE_ROOMS,
  type ServiceRooms,
} from "../../domain/rooms";
import { safetyQuestionsFor } from "../../domain/safety-questions";

// Decision 018: every bookable service has the rooms that serve it or is
// room-free on purpose, and one rule (roomNeed) says which, for the schedule
// and the safety questions alike. The integration test
// (tests/integration/schedule.test.ts) confirms each service into its rooms.

describe("the service-to-room map", () => {
  it("is checked by the type checker: a bookable service left out, an unknown slug or an empty room list does not compile", () => {
    const { mammography: _left, ...withoutMammography } = SERVICE_ROOMS;
    // @ts-expect-error: mammography is bookable, so the map must say where it goes.
    const missing: ServiceRooms = withoutMammography;
    // @ts-expect-error: the map names only bookable catalogue slugs.
    const unknown: ServiceRooms = { ...SERVICE_ROOMS, "cardiac-mri": ROOM_FREE };
    // @ts-expect-error: no rooms is not a way to say room-free.
    const empty: ServiceRooms = { ...SERVICE_ROOMS, mammography: [] };
    // @ts-expect-error: a room the clinic does not have.
    const noSuchRoom: ServiceRooms = { ...SERVICE_ROOMS, mammography: ["mri"] };
    // @ts-expect-error: advanced-technology has a page but is not booked, so it is no key of the map.
    const notBookable: BookableSlug = SERVICES.advancedTechnology.slug;
    expect([missing, unknown, empty, noSuchRoom, notBookable]).toHaveLength(5);
  });

  it("has one entry per bookable service, naming only rooms that exist", () => {
    expect(Object.keys(SERVICE_ROOMS).sort()).toEqual(BOOKABLE_SERVICES.map((s) => s.slug).sort());
    const ids = ROOMS.map((r) => r.id);
    for (const plan of Object.values(SERVICE_ROOMS))
      if (plan !== ROOM_FREE) for (const id of plan) expect(ids).toContain(id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("gives mammography its own room", () => {
    expect(roomsForService("mammography").map((r) => r.name)).toEqual(["Mammography"]);
    expect(roomNeed("Mammography")).toEqual({ kind: "rooms", rooms: roomsForService("mammography") });
  });

  it("never makes a service room-free because no room was found: one the clinic does not book is 'not booked'", () => {
    for (const stored of ["cardiac-mri", "", "advanced-technology", "Advanced Technology"]) {
      expect(roomNeed(stored), stored).toEqual({ kind: "not-booked" });
      expect(needsNoRoom(stored), stored).toBe(false);
    }
    expect(roomNeed("remote-reporting")).toEqual({ kind: "room-free" });
    // A row stored by title before migration 0012 reads the same as its slug.
    expect(roomNeed("Remote Reporting")).toEqual({ kind: "room-free" });
  });

  it("one rule for the schedule and the safety questions: only a room-free service skips the questions about the visit", () => {
    for (const { slug } of BOOKABLE_SERVICES) {
      const asksAboutTheVisit = safetyQuestionsFor(slug).some((q) => q.id === "mobility-help");
      expect(asksAboutTheVisit, slug).toBe(roomNeed(slug).kind !== "room-free");
    }
  });
});
