import { describe, expect, it } from "vitest";
import { runServerExpectingExit, startServer } from "../../scripts/server-process";

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
    // At "info" the server logs each request it receives, by its id (x-request-id).
    const server = await startServer({ ENABLE_TEST_ROUTES: "true", LOG_LEVEL: "info" });
    const ids = ["lifecycle-slow-1200", "lifecycle-slow-1500"];
    let finished = 0;
    const inFlight = [1200, 1500].map((ms, i) =>
      fetch(`${server.url}/api/__test/slow?ms=${ms}`, { headers: { "x-request-id": ids[i]! } }).finally(
        () => (finished += 1),
      ),
    );
    // Both requests have reached the server before the signal.
    await expect
      .poll(() => ids.every((id) => server.output().includes(`"id":"${id}"`)), { timeout: 10_000, interval: 10 })
      .toBe(true);
    server.child.kill("SIGTERM");
    // Once the signal is handled, a new connection is refused (polled: the signal takes a moment to arrive)...
    const health = () =>
      fetch(`${server.url}/api/health`).then(
        async (res) => {
          await res.body?.cancel();
          return "answered";
        },
        () => "refused",
      );
    await expect.poll(health, { timeout: 5_000, interval: 10 }).toBe("refused");
    // ...while both requests are still running (they take 1.2 and 1.5 s from their arrival).
    expect(finished).toBe(0);

    const responses = await Promise.all(inFlight);
    expect(responses.map((r) => r.status)).toEqual([200, 200]);
    expect(await responses[1]!.json()).toEqual({ waited: 1500 });
    expect(await server.exited).toBe(0);
  });
});
