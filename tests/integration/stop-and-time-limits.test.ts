import fs from "node:fs";
import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { openDb } from "../../server/db/index";
import { createTestApp } from "../helpers/app";
import { createTestDatabase, type TestDatabase } from "../helpers/pg";
import { postJson, validAppointment } from "../helpers/requests";
import { startServer as start, type ServerProcess } from "../../scripts/server-process";

/**
 * Stopping and time limits (decision 033), on the compiled server (`npm run
 * build` first): on SIGTERM the requests in flight finish and nothing
 * acknowledged is lost; a stop that overruns SHUTDOWN_GRACE_MS cuts what is
 * left; a kept-alive connection that brings no next request is closed.
 * SQLite, or PostgreSQL when TEST_DATABASE_URL is set.
 */

const BOOK = "/api/appointment/public/appointments";

const started: ServerProcess[] = [];
const databases: TestDatabase[] = [];
async function startServer(env: Record<string, string> = {}): Promise<ServerProcess> {
  const admin = process.env.TEST_DATABASE_URL;
  const pg = admin ? await createTestDatabase(admin) : undefined;
  if (pg) databases.push(pg);
  const server = await start({ ...(pg ? { DATABASE_URL: pg.url } : {}), ...env });
  started.push(server);
  return server;
}
afterEach(async () => {
  for (const server of started.splice(0)) {
    if (server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill("SIGKILL");
      await server.exited;
    }
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  }
  for (const pg of databases.splice(0)) await pg.drop();
});

describe("SIGTERM", () => {
  it("during a booking load: every booking answered 201 is stored, in-flight bookings finish, exit 0", async () => {
    const server = await startServer({ RATE_LIMIT_ENABLED: "false", MAIL_POLL_MS: "50" });
    const acknowledged: string[] = [];
    const statuses = new Map<number, number>();
    let signalledAt = Infinity;
    let answeredAfterSignal = 0;
    let n = 0;
    const worker = async () => {
      for (;;) {
        const i = n++;
        try {
          const res = await postJson(`${server.url}${BOOK}`, validAppointment({ notes: `booking ${i}` }), {
            "idempotency-key": `stop-${i.toString().padStart(6, "0")}`,
          });
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          if (res.status === 201) {
            acknowledged.push((await res.json()).data.reference);
            if (performance.now() > signalledAt) answeredAfterSignal += 1;
          } else {
            await res.body?.cancel();
          }
        } catch {
          return; // the server no longer takes connections
        }
      }
    };
    const workers = Array.from({ length: 16 }, worker);
    while (acknowledged.length < 40) await new Promise((r) => setTimeout(r, 10));
    signalledAt = performance.now();
    server.child.kill("SIGTERM");
    await Promise.all(workers);
    expect(await server.exited, server.output()).toBe(0);

    // Bookings arriving during the stop are refused with 503 (Fastify while closing), never failed with a 500.
    expect([...statuses.keys()].filter((status) => status !== 201 && status !== 503)).toEqual([]);
    expect(answeredAfterSignal).toBeGreaterThan(0);
    // The jobs (the mail worker was sending the bookings' e-mails) stopped before the database closed: no error logged.
    expect(server.output()).not.toMatch(/"level":(50|60)/);

    const db = openDb({ dataDir: server.dataDir, databaseUrl: databases[0]?.url });
    try {
      const stored = new Set(
        (await db.selectFrom("appointments").select("reference").execute()).map((r) => r.reference),
      );
      const lost = acknowledged.filter((reference) => !stored.has(reference));
      expect(lost).toEqual([]);
      expect(stored.size).toBeGreaterThanOrEqual(acknowledged.length);
    } finally {
      await db.destroy();
    }
  }, 120_000);

  it("cuts a request still running after SHUTDOWN_GRACE_MS, and exits 1 soon after the limit", async () => {
    // At "info" the server logs each request it receives, by its id (x-request-id).
    const server = await startServer({ ENABLE_TEST_ROUTES: "true", SHUTDOWN_GRACE_MS: "700", LOG_LEVEL: "info" });
    const slow = fetch(`${server.url}/api/__test/slow?ms=10000`, {
      headers: { "x-request-id": "stop-slow-10000" },
    }).then(
      (res) => res.status,
      () => "cut",
    );
    // The request has reached the server before the signal.
    await expect.poll(() => server.output(), { timeout: 10_000, interval: 10 }).toContain('"id":"stop-slow-10000"');
    const signalledAt = performance.now();
    server.child.kill("SIGTERM");
    expect(await slow).toBe("cut");
    expect(await server.exited).toBe(1);
    const stoppedMs = performance.now() - signalledAt;
    expect(stoppedMs).toBeGreaterThanOrEqual(650);
    expect(stoppedMs).toBeLessThan(5_000);
    expect(server.output()).toMatch(/still stopping after the limit/);
  }, 60_000);
});

describe("a kept-alive connection", () => {
  it("is closed when no next request comes within HTTP_KEEP_ALIVE_TIMEOUT_MS", async () => {
    const t = await createTestApp({ HTTP_KEEP_ALIVE_TIMEOUT_MS: "400" });
    try {
      await t.app.listen({ port: 0, host: "127.0.0.1" });
      const { port } = t.app.server.address() as net.AddressInfo;
      const socket = net.connect(port, "127.0.0.1");
      let received = "";
      socket.on("data", (chunk: Buffer) => (received += chunk.toString()));
      const closed = new Promise<number>((resolve) => socket.on("close", () => resolve(performance.now())));
      await new Promise((resolve) => socket.on("connect", resolve));
      socket.write("GET /livez HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n");
      while (!received.includes('{"status":"live"}')) await new Promise((r) => setTimeout(r, 10));
      const answeredAt = performance.now();
      expect(received).toMatch(/^HTTP\/1\.1 200/);
      expect(received).toMatch(/keep-alive: timeout=0?\d/i);
      const idleMs = (await closed) - answeredAt;
      expect(idleMs).toBeGreaterThanOrEqual(300);
      expect(idleMs).toBeLessThan(2_000);
    } finally {
      await t.close();
    }
  });
});
