import { sameSecret } from "../base/tokens";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Config } from "../base/config";
import { poolUse, type Db } from "../db/index";
import { oneAtATime, settleWithin } from "./deadline";
import { readOperationalFigures, type OperationalFigures } from "./figures";
import type { Readiness } from "./readiness";

/**
 * GET /metrics, Prometheus's text format (decision 033), only for
 * `Authorization: Bearer $METRICS_TOKEN`; without it, with another token, or
 * with no METRICS_TOKEN set it answers 404, and with none set nothing is
 * measured at all. Request durations are labelled by the route's pattern
 * (`/api/staff/files/:publicId`, `/*` for every page), never by the path a
 * client sent, so a private link's token never becomes a label; a request no
 * route matched is labelled UNMATCHED.
 */

export const METRICS_PATH = "/metrics";
/** The route label of requests that matched no route. */
export const UNMATCHED = "unmatched";
/** Seconds; finer below 150 ms, where the booking path's goal sits. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.15, 0.25, 0.5, 1, 2.5, 5, 10];
/** How long a scrape waits for the database's figures (Prometheus gives a scrape 10 s by default). */
export const FIGURES_TIMEOUT_MS = 5_000;

export interface MetricsOptions {
  config: Pick<Config, "metricsToken" | "dataDir" | "orthanc">;
  db: Db;
  readiness: () => Promise<Readiness>;
  /** Files on a PDF check's thread now, and files waiting for one (server/uploads/pdf-pool.ts). */
  pdfChecks: () => { running: number; waiting: number };
}

/** True when the request carries `Authorization: Bearer <token>`, compared in constant time. */
export function bearerMatches(request: FastifyRequest, token: string): boolean {
  const match = /^Bearer +(\S+) *$/i.exec(request.headers.authorization ?? "");
  return !!match && sameSecret(match[1]!, token);
}

export async function registerMetrics(app: FastifyInstance, options: MetricsOptions): Promise<void> {
  const token = options.config.metricsToken;
  if (!token) return;
  // Loaded only when metrics are wanted. Both are CommonJS: under Node and in the compiled
  // bundle alike an import's `default` is the module's exports (and fastify.register takes
  // fastify-metrics' exports, whose `default` is the plugin, as it takes the plugin).
  const [{ default: fastifyMetrics }, { default: client }] = await Promise.all([
    import("fastify-metrics"),
    import("@platformatic/prom-client"),
  ]);
  // Each app its own registry (several apps can share a process: the tests).
  const registry = new client.Registry();
  type PluginOptions = Parameters<typeof fastifyMetrics>[1];
  await app.register(fastifyMetrics, {
    promClient: client as unknown as PluginOptions["promClient"],
    endpoint: null,
    defaultMetrics: { enabled: true, register: registry as never },
    routeMetrics: {
      enabled: { histogram: true, summary: false },
      registeredRoutesOnly: false,
      routeBlacklist: [METRICS_PATH],
      overrides: {
        labels: { getRouteLabel: (request) => request.routeOptions.url ?? UNMATCHED },
        histogram: { buckets: DURATION_BUCKETS, registers: [registry as never] },
        summary: { registers: [] },
      },
    },
  } satisfies Partial<PluginOptions>);

  // The figures read at each scrape have their own registry, left out of a scrape that could
  // not read them (a gauge without labels cannot be emptied, and 0 would be a false reading).
  const figuresRegistry = new client.Registry();
  const gauge = (name: string, help: string, labelNames: string[] = [], registers = [figuresRegistry]) =>
    new client.Gauge({ name, help, labelNames, registers });
  const ready = gauge("clinic_ready", "1 when this instance can serve (what /readyz answers), else 0.", [], [registry]);
  const figuresRead = gauge(
    "clinic_figures_read",
    "1 when this scrape read the clinic_ figures from the database and DATA_DIR, 0 when it could not (they are then left out).",
    [],
    [registry],
  );
  const g = {
    pending: gauge("clinic_messages_pending", "Messages waiting to be sent (due or waiting for another try).", [
      "channel",
    ]),
    oldestPendingAge: gauge(
      "clinic_messages_oldest_pending_age_seconds",
      "Seconds since the oldest message still waiting was queued; 0 when none waits.",
      ["channel"],
    ),
    failed: gauge("clinic_messages_failed", "Messages given up on, still on record.", ["channel"]),
    sent: gauge("clinic_messages_sent_last_day", "Messages sent in the last 24 hours.", ["channel"]),
    remindersQueued: gauge(
      "clinic_reminders_queued",
      "Reminders queued for today's and tomorrow's confirmed appointments (at their current time).",
    ),
    remindersOverdue: gauge(
      "clinic_reminders_overdue",
      "Reminders due by now but not yet queued (above 0 for long: reminders are not going out).",
    ),
    lastBackup: gauge(
      "clinic_last_backup_timestamp_seconds",
      "When the newest backup in DATA_DIR/backups was taken (Unix time); 0 when there is none.",
    ),
    lastPurge: gauge(
      "clinic_last_purge_timestamp_seconds",
      "When the retention purge last finished (Unix time); 0 when it never has.",
    ),
    lockouts: gauge("clinic_sign_in_lockouts", "Staff sign-in lockouts active now.", ["on"]),
    unclaimedUploads: gauge(
      "clinic_unclaimed_upload_bytes",
      "Bytes held by referral uploads that no booking has claimed yet.",
    ),
    diskFree: gauge("clinic_data_dir_free_bytes", "Bytes free on the file system holding DATA_DIR."),
    diskSize: gauge("clinic_data_dir_size_bytes", "Size of the file system holding DATA_DIR, in bytes."),
    orthancUp: gauge(
      "clinic_orthanc_reachable",
      "1 when Orthanc answered the site's last read of its /changes feed, 0 when it did not (or has not been read yet); absent without ORTHANC_URL.",
    ),
    orthancLastReached: gauge(
      "clinic_orthanc_last_reached_timestamp_seconds",
      "When Orthanc last answered the site (Unix time); 0 when it never has.",
    ),
    unmatchedStudies: gauge(
      "clinic_unmatched_studies",
      "Studies from Orthanc that matched no appointment, waiting for staff.",
    ),
  };

  const pool = poolUse(options.db);
  if (pool) {
    // PostgreSQL: this instance's own pool, read as it is at the scrape.
    const db = options.db;
    new client.Gauge({
      name: "clinic_db_pool_connections",
      help: "This instance's PostgreSQL connections: open (total) and idle among them.",
      labelNames: ["state"],
      registers: [registry],
      collect() {
        const use = poolUse(db)!;
        this.set({ state: "total" }, use.total);
        this.set({ state: "idle" }, use.idle);
      },
    });
    new client.Gauge({
      name: "clinic_db_pool_waiting",
      help: "Queries of this instance waiting for a PostgreSQL connection.",
      registers: [registry],
      collect() {
        this.set(poolUse(db)!.waiting);
      },
    });
    gauge("clinic_db_pool_max", "The most PostgreSQL connections this instance opens.", [], [registry]).set(pool.max);
  }

  // Read as they are at the scrape: a file checked on the event loop would hold the scrape, which
  // would then never see one running.
  const pdfChecks = options.pdfChecks;
  new client.Gauge({
    name: "clinic_pdf_checks",
    help: "Referral and report PDFs being checked on this instance's threads now (running), and waiting for one.",
    labelNames: ["state"],
    registers: [registry],
    collect() {
      const use = pdfChecks();
      this.set({ state: "running" }, use.running);
      this.set({ state: "waiting" }, use.waiting);
    },
  });

  const readFigures = oneAtATime(() => readOperationalFigures(options.db, options.config, new Date()));
  const set = (figures: OperationalFigures, now: Date) => {
    // Only the channels and lockout kinds read now.
    for (const labelled of [g.pending, g.oldestPendingAge, g.failed, g.sent, g.lockouts]) labelled.reset();
    for (const queue of figures.queues) {
      const channel = { channel: queue.channel };
      g.pending.set(channel, queue.pending);
      const oldest = queue.oldestPendingAt ? Date.parse(queue.oldestPendingAt) : now.getTime();
      g.oldestPendingAge.set(channel, Math.max(0, (now.getTime() - oldest) / 1000));
      g.failed.set(channel, queue.failed);
      g.sent.set(channel, queue.sentLastDay);
    }
    g.remindersQueued.set(figures.reminders.queued);
    g.remindersOverdue.set(figures.reminders.overdue);
    g.lastBackup.set(figures.lastBackupAt ? figures.lastBackupAt.getTime() / 1000 : 0);
    g.lastPurge.set(figures.lastPurgeAt ? figures.lastPurgeAt.getTime() / 1000 : 0);
    g.lockouts.set({ on: "account" }, figures.lockouts.account);
    g.lockouts.set({ on: "address" }, figures.lockouts.address);
    g.unclaimedUploads.set(figures.unclaimedUploadBytes);
    g.diskFree.set(figures.dataDir.freeBytes);
    g.diskSize.set(figures.dataDir.sizeBytes);
    g.unmatchedStudies.set(figures.images.unmatched);
    g.orthancLastReached.set(figures.images.lastReachedAt ? Date.parse(figures.images.lastReachedAt) / 1000 : 0);
    const { followed, lastReachedAt, unreachableSince } = figures.images;
    if (followed) g.orthancUp.set(lastReachedAt && !unreachableSince ? 1 : 0);
    else g.orthancUp.reset();
  };

  app.get(METRICS_PATH, { logLevel: "warn", exposeHeadRoute: false }, async (request, reply) => {
    reply.header("cache-control", "no-store");
    if (!bearerMatches(request, token)) return reply.code(404).send({ message: "Not found" });
    const [figures, readiness] = await Promise.all([
      settleWithin(
        readFigures().catch((error: unknown) => {
          request.log.error({ err: { message: (error as Error).message } }, "metrics: reading the figures failed");
          return undefined;
        }),
        FIGURES_TIMEOUT_MS,
        () => undefined,
      ),
      options.readiness(),
    ]);
    ready.set(readiness.ready ? 1 : 0);
    figuresRead.set(figures ? 1 : 0);
    if (figures) set(figures, new Date());
    const text = (await registry.metrics()) + (figures ? await figuresRegistry.metrics() : "");
    return reply.type(registry.contentType).send(text);
  });
}
