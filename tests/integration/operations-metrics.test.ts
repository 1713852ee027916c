import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backupFileName, backupsDir } from "../../server/backup/backup-names";
import { isPostgres } from "../../server/db/index";
import { jobRunRepository } from "../../server/jobs/job-run-repository";
import { mailRepository } from "../../server/mail/mail-repository";
import { PURGE_JOB } from "../../server/privacy/purge";
import { loginThrottleRepository, THROTTLE_KEY_PREFIX } from "../../server/staff/login-throttle-repository";
import { newToken } from "../../server/base/tokens";
import { createTestApp, type TestApp } from "../helpers/app";
import { startServer } from "../../scripts/server-process";
import { seedUpload } from "../helpers/staff";

/**
 * GET /metrics (decision 033): Prometheus's text format, only for the bearer
 * token; request durations by route pattern, never by the path sent; the
 * operator's figures read from the database and DATA_DIR at each scrape.
 */

const TOKEN = "metrics-token-for-the-tests-0123456789";
const auth = { authorization: `Bearer ${TOKEN}` };

/** The value of one sample (`name` with its labels exactly as written), or undefined when absent. */
function sample(body: string, series: string): number | undefined {
  const line = body.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe("/metrics without METRICS_TOKEN", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("answers 404, even to a bearer token", async () => {
    expect((await t.app.inject("/metrics")).statusCode).toBe(404);
    expect((await t.app.inject({ url: "/metrics", headers: auth })).statusCode).toBe(404);
  });
});

describe("/metrics with METRICS_TOKEN", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN });
  });
  afterAll(() => t.close());

  const scrape = async () => {
    const res = await t.app.inject({ url: "/metrics", headers: auth });
    expect(res.statusCode).toBe(200);
    return res.body;
  };

  it("answers 404 without the token, with another one or another scheme, and never caches", async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(1)}`, `Basic ${TOKEN}`, TOKEN]) {
      const res = await t.app.inject({ url: "/metrics", headers: authorization ? { authorization } : {} });
      expect(res.statusCode, authorization ?? "no header").toBe(404);
      expect(res.body).not.toContain("process_");
      expect(res.headers["cache-control"]).toBe("no-store");
    }
  });

  it("answers the token in Prometheus's text format, with process and event-loop metrics", async () => {
    const res = await t.app.inject({ url: "/metrics", headers: { authorization: `bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers["cache-control"]).toBe("no-store");
    for (const name of [
      "process_cpu_seconds_total",
      "process_resident_memory_bytes",
      "nodejs_eventloop_lag_seconds",
      "nodejs_heap_size_used_bytes",
    ]) {
      expect(res.body).toMatch(new RegExp(`^${name} `, "m"));
    }
    expect(sample(res.body, "clinic_ready")).toBe(1);
    expect(sample(res.body, "clinic_figures_read")).toBe(1);
  });

  it("labels request durations by route pattern: a private link's token never becomes a label", async () => {
    const token = newToken();
    expect((await t.app.inject(`/appointment/${token}`)).statusCode).toBe(404); // no pages in this app
    expect((await t.app.inject(`/api/staff/uploads/${token}`)).statusCode).toBe(401);
    await t.app.inject("/livez");
    const body = await scrape();
    expect(body).not.toContain(token);
    expect(body).not.toContain("/appointment/");
    expect(body).toMatch(
      /^http_request_duration_seconds_count\{method="GET",route="unmatched",status_code="404"\} \d+$/m,
    );
    expect(body).toMatch(
      /^http_request_duration_seconds_count\{method="GET",route="\/api\/staff\/uploads\/:publicId",status_code="401"\} 1$/m,
    );
    expect(body).toMatch(
      /^http_request_duration_seconds_bucket\{le="0\.15",method="GET",route="\/livez",status_code="200"\} \d+$/m,
    );
    // The scrape does not time itself.
    expect(body).not.toContain('route="/metrics"');
  });

  it("reads the queue, lockouts, uploads, backups, purge and disk at each scrape", async () => {
    const now = Date.now();
    const ago = (ms: number) => new Date(now - ms);
    const mail = mailRepository(t.db);
    const message = {
      to_address: "x@example.org",
      about_reference: null,
      subject: "s",
      text_body: "b",
      html_body: null,
      attachments_json: "[]",
    };
    await mail.enqueue([message], ago(10 * 60_000));
    await mail.enqueue([message], ago(60_000));
    await mail.enqueue([message], ago(3 * 3_600_000));
    await mail.enqueue([message], ago(30 * 3_600_000));
    await mail.enqueue([message], ago(2 * 3_600_000));
    const [oldest, , sentRecently, sentLongAgo, givenUp] = await t.db
      .selectFrom("mail_queue")
      .select("id")
      .orderBy("id")
      .execute();
    void oldest;
    await mail.markSent(sentRecently!.id, ago(3 * 3_600_000).toISOString(), 1);
    await mail.markSent(sentLongAgo!.id, ago(30 * 3_600_000).toISOString(), 1);
    await mail.markAttemptFailed(givenUp!.id, {
      giveUp: true,
      attempts: 8,
      nextAttemptAt: ago(0).toISOString(),
      error: "550",
    });

    const throttle = loginThrottleRepository(t.db);
    const lock = {
      now: ago(0).toISOString(),
      windowStart: ago(60_000).toISOString(),
      lockUntil: ago(-15 * 60_000).toISOString(),
    };
    await throttle.countFailure(`${THROTTLE_KEY_PREFIX.account}a`, 1, lock);
    await throttle.countFailure(`${THROTTLE_KEY_PREFIX.address}127.0.0.1`, 1, lock);
    await throttle.countFailure(`${THROTTLE_KEY_PREFIX.address}127.0.0.2`, 1, lock);
    await throttle.countFailure(`${THROTTLE_KEY_PREFIX.account}b`, 5, lock); // one failure: not locked

    await seedUpload(t.db, t.dataDir, { appointmentId: null, bytes: Buffer.alloc(1500, 1) });
    await seedUpload(t.db, t.dataDir, { appointmentId: null, bytes: Buffer.alloc(500, 1) });

    const dir = backupsDir(t.config);
    fs.mkdirSync(dir, { recursive: true });
    const newest = new Date("2026-11-25T02:00:00.000Z");
    fs.writeFileSync(path.join(dir, backupFileName(new Date("2026-11-24T02:00:00.000Z"))), "");
    fs.writeFileSync(path.join(dir, backupFileName(newest)), "");
    // Unfinished or foreign files are not backups.
    fs.writeFileSync(path.join(dir, `${backupFileName(new Date("2026-11-26T02:00:00.000Z"))}.partial`), "");
    fs.writeFileSync(path.join(dir, "notes.txt"), "");

    const purgedAt = "2026-11-26T03:00:00.000Z";
    await jobRunRepository(t.db).recordSuccess(PURGE_JOB, purgedAt);

    const body = await scrape();
    expect(sample(body, 'clinic_messages_pending{channel="email"}')).toBe(2);
    const age = sample(body, 'clinic_messages_oldest_pending_age_seconds{channel="email"}')!;
    expect(age).toBeGreaterThanOrEqual(600);
    expect(age).toBeLessThan(660);
    expect(sample(body, 'clinic_messages_failed{channel="email"}')).toBe(1);
    expect(sample(body, 'clinic_messages_sent_last_day{channel="email"}')).toBe(1);
    expect(sample(body, 'clinic_sign_in_lockouts{on="account"}')).toBe(1);
    expect(sample(body, 'clinic_sign_in_lockouts{on="address"}')).toBe(2);
    expect(sample(body, "clinic_unclaimed_upload_bytes")).toBe(2000);
    expect(sample(body, "clinic_last_backup_timestamp_seconds")).toBe(newest.getTime() / 1000);
    expect(sample(body, "clinic_last_purge_timestamp_seconds")).toBe(Date.parse(purgedAt) / 1000);
    expect(sample(body, "clinic_reminders_queued")).toBe(0);
    expect(sample(body, "clinic_reminders_overdue")).toBe(0);
    const free = sample(body, "clinic_data_dir_free_bytes")!;
    const size = sample(body, "clinic_data_dir_size_bytes")!;
    expect(free).toBeGreaterThan(0);
    expect(size).toBeGreaterThan(free);
    // Metadata only: nothing of the messages' or accounts' content.
    expect(body).not.toContain("x@example.org");
    expect(body).not.toContain("127.0.0.1");

    // The next scrape reads again.
    await t.db
      .updateTable("mail_queue")
      .set({ status: "sent", sent_at: new Date().toISOString() })
      .where("status", "=", "pending")
      .execute();
    const again = await scrape();
    expect(sample(again, 'clinic_messages_pending{channel="email"}')).toBe(0);
    expect(sample(again, 'clinic_messages_oldest_pending_age_seconds{channel="email"}')).toBe(0);
    expect(sample(again, 'clinic_messages_sent_last_day{channel="email"}')).toBe(3);
  });

  it("reports this instance's PostgreSQL pool, and no pool on SQLite", async () => {
    const body = await scrape();
    if (isPostgres(t.db)) {
      expect(sample(body, 'clinic_db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
      expect(sample(body, 'clinic_db_pool_connections{state="idle"}')).toBeGreaterThanOrEqual(0);
      expect(sample(body, "clinic_db_pool_waiting")).toBe(0);
      expect(sample(body, "clinic_db_pool_max")).toBe(10);
    } else {
      expect(body).not.toContain("clinic_db_pool_");
    }
  });

  it("still answers when the database is gone: not ready, no figures, the process's metrics", async () => {
    await t.db.destroy();
    const body = await scrape();
    expect(sample(body, "clinic_ready")).toBe(0);
    expect(sample(body, "clinic_figures_read")).toBe(0);
    expect(body).not.toMatch(/^clinic_messages_pending\{/m);
    expect(body).not.toMatch(/^clinic_last_backup_timestamp_seconds /m);
    expect(body).toMatch(/^process_resident_memory_bytes /m);
  });
});

describe("/metrics on the built site", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN }, { servePages: true });
  });
  afterAll(() => t.close());

  it("labels every page, a patient's private link included, by the pages' one route", async () => {
    const token = newToken();
    expect((await t.app.inject(`/appointment/${token}`)).statusCode).toBe(404);
    expect((await t.app.inject("/about")).statusCode).toBe(200);
    const res = await t.app.inject({ url: "/metrics", headers: auth });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(token);
    expect(res.body).not.toContain("/about");
    expect(res.body).toMatch(/^http_request_duration_seconds_count\{method="GET",route="\/\*",status_code="404"\} 1$/m);
    expect(res.body).toMatch(/^http_request_duration_seconds_count\{method="GET",route="\/\*",status_code="200"\} 1$/m);
  });
});

describe("/metrics from the compiled server", () => {
  // The bundle loads fastify-metrics and prom-client on demand, as CommonJS in an ES module: checked as it runs.
  it("serves the token, with the probes timed by their routes", async () => {
    const server = await startServer({ METRICS_TOKEN: TOKEN, LOG_LEVEL: "info" });
    try {
      expect((await fetch(`${server.url}/livez`)).status).toBe(200);
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
      expect((await fetch(`${server.url}/metrics`)).status).toBe(404);
      const res = await fetch(`${server.url}/metrics`, { headers: auth });
      expect(res.status).toBe(200);
      const body = await res.text();
      expect(body).toMatch(
        /^http_request_duration_seconds_count\{method="GET",route="\/readyz",status_code="200"\} 1$/m,
      );
      expect(sample(body, "clinic_ready")).toBe(1);
      expect(sample(body, "clinic_figures_read")).toBe(1);
      expect(body).toMatch(/^nodejs_eventloop_lag_p99_seconds /m);
      // The probes' and the scrape's requests are not logged (info); the others are.
      expect(server.output()).not.toMatch(/"path":"\/(livez|readyz|metrics)"/);
      expect(server.output()).toContain('"path":"/api/health"');
    } finally {
      server.child.kill("SIGTERM");
      expect(await server.exited).toBe(0);
      fs.rmSync(server.dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
