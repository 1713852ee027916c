import { describe, expect, it } from "vitest";
import { runServerExpectingExit, startServer } from "../helpers/server-process";

describe("server process", () => {
  it("refuses to start with an invalid PORT, naming the variable", async () => {
    const { code, output } = await runServerExpectingExit({ PORT: "eighty" });
    expect(code).not.toBe(0);
    expect(output).toMatch(/PORT/);
  });

  it("refuses to start with a malformed clinic e-mail, naming the variable", async () => {
    const { code, output } = await runServerExpectingExit({ CLINIC_EMAIL: "clinic-at-example" });
    expect(code).not.toBe(0);
    expect(output).toMatch(/CLINIC_EMAIL/);
  });

  it("on SIGTERM finishes requests in flight, refuses new ones, and exits 0", async () => {
    const server = await startServer({ ENABLE_TEST_ROUTES: "true" });
    const inFlight = [1200, 1500].map((ms) => fetch(`${server.url}/api/__test/slow?ms=${ms}`));
    await new Promise((r) => setTimeout(r, 300));
    server.child.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 200));
    await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();

    const responses = await Promise.all(inFlight);
    expect(responses.map((r) => r.status)).toEqual([200, 200]);
    expect(await responses[1]!.json()).toEqual({ waited: 1500 });
    expect(await server.exited).toBe(0);
  });
});
