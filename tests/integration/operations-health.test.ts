import net from "node:net";
import Fastify, { type FastifyInstance } from "fastify";
import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { loadConfig } from "../../server/base/config";
import { openDb, type Db } from "../../server/db/index";
import { operationsPlugin } from "../../server/operations/plugin";
import { createTestApp, type TestApp } from "../helpers/app";

/**
 * /livez and /readyz (decision 033): liveness checks nothing; readiness
 * answers 200 only when the database answers and has run every migration,
 * else 503 with Retry-After, within a second even when the database hangs.
 */

describe("the probes on a working server", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_BOOKINGS_PER_MINUTE: "1" });
  });
  afterAll(() => t.close());

  it("/livez and /readyz answer 200, never cached; /api/health is unchanged", async () => {
    const live = await t.app.inject("/livez");
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: "live" });
    expect(live.headers["cache-control"]).toBe("no-store");
    const ready = await t.app.inject("/readyz");
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: "ready" });
    expect(ready.headers["cache-control"]).toBe("no-store");
    const health = await t.app.inject("/api/health");
    expect(health.json()).toEqual({ status: "ok", database: "up" });
  });

  it("are never rate-limited, however often they are asked", async () => {
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => t.app.inject(i % 2 ? "/livez" : "/readyz")));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(30).fill(200));
  });

  it("are answered at their one spelling: another is redirected there", async () => {
    const res = await t.app.inject("/READYZ");
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe("/readyz");
  });

  it("/readyz answers 503 while a migration this build knows has not run", async () => {
    const [last] = (await sql<{ name: string }>`select name from kysely_migration order by name desc`.execute(t.db))
      .rows;
    await sql`delete from kysely_migration where name = ${last!.name}`.execute(t.db);
    try {
      const res = await t.app.inject("/readyz");
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: "unavailable", reason: "migrations" });
      expect(res.headers["retry-after"]).toMatch(/^\d+$/);
      expect((await t.app.inject("/livez")).statusCode).toBe(200);
    } finally {
      await sql`insert into kysely_migration (name, timestamp) values (${last!.name}, ${new Date().toISOString()})`.execute(
        t.db,
      );
    }
    expect((await t.app.inject("/readyz")).statusCode).toBe(200);
  });

  it("/readyz answers 503 once the database is gone; /livez still 200", async () => {
    await t.db.destroy();
    const res = await t.app.inject("/readyz");
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: "unavailable", reason: "database" });
    expect(res.headers["retry-after"]).toMatch(/^\d+$/);
    expect((await t.app.inject("/livez")).statusCode).toBe(200);
  });
});

describe("the probes when the database hangs", () => {
  // A "database server" that accepts connections and never says a word: pg waits for its answer.
  let silent: net.Server;
  const sockets: net.Socket[] = [];
  let app: FastifyInstance;
  let db: Db;
  beforeAll(async () => {
    silent = net.createServer((socket) => {
      sockets.push(socket);
      socket.on("error", () => {});
    });
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const { port } = silent.address() as net.AddressInfo;
    const config = loadConfig({
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      DATABASE_URL: `postgres://clinic:secret@127.0.0.1:${port}/clinic`,
    });
    db = openDb(config);
    app = Fastify();
    await app.register(operationsPlugin, { config, db, pdfChecks: () => ({ running: 0, waiting: 0 }) });
    await app.ready();
  });
  afterEach(() => {
    for (const socket of sockets) socket.destroy();
  });
  afterAll(async () => {
    await app.close();
    await db.destroy().catch(() => {});
    await new Promise((resolve) => silent.close(resolve));
  });

  it("/readyz answers 503 within a second, and a probe meanwhile does not open another connection", async () => {
    // No wall clock: the readiness deadline runs on Vitest's fake setTimeout, and the hang is the silent
    // server above. Each answer must come once the fake clock has gone a second, while the database's one
    // connection is still open and has not said a word (so the deadline gave the 503, not a pg error).
    const closed: net.Socket[] = [];
    const connected = new Promise<net.Socket>((resolve) => silent.once("connection", resolve));
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      let first: Awaited<ReturnType<typeof app.inject>> | undefined;
      const asked = app.inject("/readyz").then((res) => (first = res));
      const socket = await connected; // the query is in flight: its deadline is set
      socket.on("close", () => closed.push(socket));
      await vi.advanceTimersByTimeAsync(1000);
      expect(first).toBeDefined();
      await asked;
      expect(first!.statusCode).toBe(503);
      expect(first!.json()).toEqual({ status: "unavailable", reason: "database" });
      expect(first!.headers["retry-after"]).toMatch(/^\d+$/);
      expect(closed).toEqual([]);

      // The first query still hangs: the next probes wait for it rather than queue more.
      let again: Awaited<ReturnType<typeof app.inject>>[] | undefined;
      const askedAgain = Promise.all([app.inject("/readyz"), app.inject("/readyz")]).then((res) => (again = res));
      await vi.advanceTimersByTimeAsync(1000);
      expect(again).toBeDefined();
      await askedAgain;
      expect(again!.map((r) => r.statusCode)).toEqual([503, 503]);
      expect(sockets).toHaveLength(1);
      expect(closed).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("/livez answers 200 while the database hangs: it asks nothing of the database", async () => {
    // A probe that asked the hung database would answer 503 at its deadline, or never: no timing is needed.
    const res = await app.inject("/livez");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "live" });
  });
});
