// @vitest-environment jsdom
import { cleanup, renderHook, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useBookingCalendar } from "~/components/forms/booking/calendar";

/** What the booking form takes from the calendar endpoint (server/appointments/booking/calendar-routes.ts). */

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const calendar = { today: "2026-11-26", firstDate: "2026-11-26", lastDate: "2027-02-24", closedDates: ["2026-11-29"] };
const answering = (body: unknown, status = 200) =>
  vi.stubGlobal("fetch", async () => new Response(JSON.stringify(body), { status }));

describe("useBookingCalendar", () => {
  it("takes the calendar and whether WhatsApp is offered from one answer: not offered until the server says so", async () => {
    answering({ ...calendar, whatsapp: true });
    const { result } = renderHook(() => useBookingCalendar("en"));
    // As the page is sent (decision 046): the prerendered page cannot know the running server's settings.
    expect(result.current.offered.whatsapp).toBe(false);
    await waitFor(() => expect(result.current.calendar).toEqual(calendar));
    expect(result.current.offered.whatsapp).toBe(true);
    expect(result.current.note).toBeUndefined();
  });

  it("leaves WhatsApp out where the server says it is not set up", async () => {
    answering({ ...calendar, whatsapp: false });
    const { result } = renderHook(() => useBookingCalendar("en"));
    await waitFor(() => expect(result.current.calendar).toEqual(calendar));
    expect(result.current.offered.whatsapp).toBe(false);
  });

  it("keeps the calendar, without WhatsApp, when the answer does not say (a server from before the flag)", async () => {
    answering(calendar);
    const { result } = renderHook(() => useBookingCalendar("en"));
    await waitFor(() => expect(result.current.calendar).toEqual(calendar));
    expect(result.current.offered.whatsapp).toBe(false);
    expect(result.current.note).toBeUndefined();
  });

  it("falls back to the weekdays with a note when the calendar cannot be loaded, without WhatsApp", async () => {
    answering({ message: "unavailable" }, 503);
    const { result } = renderHook(() => useBookingCalendar("en"));
    await waitFor(() => expect(result.current.note).toBeDefined());
    expect(result.current.calendar).not.toBeNull();
    expect(result.current.offered.whatsapp).toBe(false);
  });
});
