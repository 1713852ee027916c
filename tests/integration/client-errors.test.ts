import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENT_ERRORS_PATH, CLIENT_ERRORS_PER_MINUTE } from "../../domain/islands";
import { createTestApp, type TestApp } from "../helpers/app";

/** What a patient might have typed: none of it may reach the log. */
const PERSONAL = ["Neo Sebego", "neo.sebego@example.net", "71234567", "123456789"];

const SAME_ORIGIN = { "sec-fetch-site": "same-origin", "content-type": "application/json" };

describe("POST /api/client-errors: a form island's failure in the server's log", () => {
  let t: TestApp;
  const logged: string[] = [];
  let address = 0;
  beforeAll(async () => {
    t = await createTestApp({ LOG_LEVEL: "info" }, { logStream: { write: (line) => logged.push(line) } });
  });
  afterAll(() => t.close());

  /** Each test its own client address, so the rate limit of one does not touch another. */
  const report = (payload: unknown, headers: Record<string, string> = SAME_ORIGIN, remoteAddress?: string) =>
    t.app.inject({
      method: "POST",
      url: CLIENT_ERRORS_PATH,
      headers,
      remoteAddress: remoteAddress ?? `10.0.0.${++address}`,
      payload: typeof payload === "string" ? payload : JSON.stringify(payload),
    });
  const warnings = () =>
    logged.map((line) => JSON.parse(line) as Record<string, unknown>).filter((entry) => entry.clientError);

  it("logs the island, the kind, a fixed phrase for the message and the script at warn, and answers 204 no-store", async () => {
    const before = warnings().length;
    const res = await report({
      island: "contact",
      kind: "props",
      message: `SyntaxError: Unexpected token 'N', "Neo Sebego, neo.sebego@example.net, 71234567" is not valid JSON`,
      script: "/islands/contact.js",
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers["cache-control"]).toBe("no-store");
    const [entry] = warnings().slice(before);
    expect(entry).toMatchObject({
      level: 40,
      msg: "a form island failed in the browser",
      clientError: {
        island: "contact",
        kind: "props",
        message: "data could not be read as JSON",
        script: "/islands/contact.js",
      },
    });
    for (const value of PERSONAL) expect(logged.join("\n")).not.toContain(value);
  });

  it("chooses the phrase again on the server: a browser that sent words leaks nothing", async () => {
    const before = warnings().length;
    const res = await report({
      island: "booking",
      kind: "hydration",
      message:
        "Error: Minified React error #31; visit https://react.dev/errors/31?args[]=neo.sebego%40example.net for the full message; ID 123456789, mail neo.sebego@example.net, phone 71 234 567",
    });
    expect(res.statusCode).toBe(204);
    const [entry] = warnings().slice(before);
    expect((entry!.clientError as { message: string }).message).toBe("React error");
    for (const value of [...PERSONAL, "71 234 567", "example.net"]) expect(logged.join("\n")).not.toContain(value);
  });

  it.each([
    ["a name, unquoted", "TypeError: Cannot read properties of Neo Sebego Mothibi", "TypeError", "Mothibi"],
    ["full-width digits", "Error: phone ７１２３４５６７ is invalid", "another error", "７１２３４５６７"],
    ["a dotted ID number", "RangeError: omang 123.456.789 out of range", "RangeError", "123.456.789"],
    ["a name in a network error", "TypeError: Failed to fetch for Kagiso", "a network request failed", "Kagiso"],
    ["a phrase of the list", "a module did not load", "a module did not load", undefined],
  ])("logs only a fixed phrase for a message with %s", async (_what, message, phrase, personal) => {
    const before = warnings().length;
    const res = await report({ island: "contact", kind: "hydration", message });
    expect(res.statusCode).toBe(204);
    const [entry] = warnings().slice(before);
    expect(entry!.clientError).toEqual({ island: "contact", kind: "hydration", message: phrase });
    if (personal) expect(logged.join("\n")).not.toContain(personal);
  });

  it.each([
    ["an unknown island", { island: "staff", kind: "script" }],
    ["an unknown kind", { island: "contact", kind: "whatever" }],
    ["a form value", { island: "contact", kind: "chunk", name: "Neo Sebego" }],
    ["a script on another host", { island: "contact", kind: "script", script: "https://evil.example/x.js" }],
    ["a script with a query", { island: "contact", kind: "script", script: "/islands/contact.js?email=neo" }],
    ["a message too long", { island: "contact", kind: "chunk", message: "x".repeat(300) }],
    ["no island", { kind: "script" }],
  ])("refuses %s with 400 and logs nothing", async (_what, payload) => {
    const before = warnings().length;
    const res = await report(payload);
    expect(res.statusCode).toBe(400);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(warnings().length).toBe(before);
    expect(logged.join("\n")).not.toContain("Neo Sebego");
  });

  it("refuses a body that is not JSON (415) or not valid JSON (400)", async () => {
    expect((await report("island=contact", { ...SAME_ORIGIN, "content-type": "text/plain" })).statusCode).toBe(415);
    expect((await report("{", SAME_ORIGIN)).statusCode).toBe(400);
  });

  it("refuses a body over 1 KiB with 413 before reading it", async () => {
    const before = warnings().length;
    const res = await report({ island: "contact", kind: "chunk", message: "x".repeat(2000) });
    expect(res.statusCode).toBe(413);
    expect(warnings().length).toBe(before);
  });

  it("refuses a report from another site with 403", async () => {
    const before = warnings().length;
    const res = await report(
      { island: "contact", kind: "script" },
      { "sec-fetch-site": "cross-site", "content-type": "application/json" },
    );
    expect(res.statusCode).toBe(403);
    expect(warnings().length).toBe(before);
  });

  it(`takes ${CLIENT_ERRORS_PER_MINUTE} reports a minute from one address, then 429`, async () => {
    const before = warnings().length;
    const from = "10.0.1.1";
    for (let i = 0; i < CLIENT_ERRORS_PER_MINUTE; i++) {
      expect((await report({ island: "contact", kind: "script" }, SAME_ORIGIN, from)).statusCode).toBe(204);
    }
    const limited = await report({ island: "contact", kind: "script" }, SAME_ORIGIN, from);
    expect(limited.statusCode).toBe(429);
    expect(warnings().length).toBe(before + CLIENT_ERRORS_PER_MINUTE);
    // Another address is not limited.
    expect((await report({ island: "contact", kind: "script" })).statusCode).toBe(204);
  });
});
