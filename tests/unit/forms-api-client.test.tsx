import { afterEach, describe, expect, it, vi } from "vitest";
import { isDefiniteAnswer, newIdempotencyKey, postJson } from "~/lib/api-client";

afterEach(() => vi.unstubAllGlobals());

describe("api client", () => {
  it("sends JSON with the idempotency key and reads a 201", async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify({ message: "ok", data: { reference: "ENQ-2026-000001" } }), { status: 201 }),
    );
    vi.stubGlobal("fetch", fetchMock);
    const result = await postJson<{ reference: string }>("/api/x", { a: 1 }, "key-12345678");
    expect(result).toEqual({ ok: true, status: 201, data: { reference: "ENQ-2026-000001" }, message: "ok" });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect((init.headers as Record<string, string>)["idempotency-key"]).toBe("key-12345678");
    expect(init.body).toBe('{"a":1}');
  });

  it("keeps a 400's field errors and message, and turns a network failure into status 0", async () => {
    vi.stubGlobal(
      "fetch",
      async () =>
        new Response(
          JSON.stringify({ message: "Check", errors: { "service.paymentMethod": "Choose a payment method." } }),
          { status: 400 },
        ),
    );
    expect(await postJson("/api/x", {}, "key-12345678")).toEqual({
      ok: false,
      status: 400,
      message: "Check",
      errors: { "service.paymentMethod": "Choose a payment method." },
      details: { message: "Check", errors: { "service.paymentMethod": "Choose a payment method." } },
    });
    // A refusal that says more keeps it: a time taken meanwhile names the nearest free times (decision 064).
    const alternatives = [{ date: "2026-12-08", time: "09:45" }];
    vi.stubGlobal(
      "fetch",
      async () => new Response(JSON.stringify({ message: "Taken", alternatives }), { status: 409 }),
    );
    expect((await postJson("/api/x", {}, "key-12345678")) as { details?: unknown }).toMatchObject({
      status: 409,
      details: { alternatives },
    });
    vi.stubGlobal("fetch", async () => {
      throw new TypeError("Failed to fetch");
    });
    expect(await postJson("/api/x", {}, "key-12345678")).toEqual({
      ok: false,
      status: 0,
      message: undefined,
      errors: {},
    });
    vi.stubGlobal("fetch", async () => new Response("<html>Bad gateway</html>", { status: 502 }));
    expect(await postJson("/api/x", {}, "key-12345678")).toMatchObject({ ok: false, status: 502, message: undefined });
  });

  it("renews keys only after a definite answer", () => {
    expect(isDefiniteAnswer(201)).toBe(true);
    expect(isDefiniteAnswer(400)).toBe(true);
    expect(isDefiniteAnswer(429)).toBe(true);
    expect(isDefiniteAnswer(0)).toBe(false);
    expect(isDefiniteAnswer(503)).toBe(false);
    const a = newIdempotencyKey();
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newIdempotencyKey()).not.toBe(a);
  });
});
