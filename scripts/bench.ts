/**
 * npm run bench: load test of the public request endpoints on the real
 * server (fresh DATA_DIR, RATE_LIMIT_ENABLED=false, LOG_LEVEL=warn, loopback).
 * Runs autocannon for BENCH_SECONDS (10) with BENCH_CONNECTIONS (50) against
 * GET /api/health (baseline), POST appointment and POST enquiry, then prints
 * requests/s, p50, p99, errors and non-2xx for each, the ratio to the
 * baseline, and the server's peak RSS (VmHWM from /proc/<pid>/status).
 * Needs a build (npm run build).
 */
import crypto from "node:crypto";
import fs from "node:fs";
// @ts-expect-error -- autocannon ships no types; the part used here is typed below.
import autocannonUntyped from "autocannon";
import { startServer } from "../tests/helpers/server-process";
import { addDays, clinicToday } from "../domain/dates";
import { isOpenDay } from "../domain/opening-days";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

function openDate(after: number): string {
  let d = addDays(clinicToday(), after);
  while (!isOpenDay(d, [])) d = addDays(d, 1);
  return d;
}

const appointment = JSON.stringify({
  name: "Bench",
  surname: "Patient",
  dob: "1980-01-01",
  phoneNumber: "71234567",
  alternateNumber: "72345678",
  email: "bench.patient@example.net",
  gender: "Other",
  service: { name: "Ultrasound Imaging", paymentMethod: "cash" },
  notes: "",
  appointmentDate: openDate(3),
  appointmentTime: "09:00",
  referralForms: [],
  idPassportNumber: "000000000",
});
const enquiry = JSON.stringify({
  name: "Bench Visitor",
  phoneNumber: "3163012",
  email: "bench.visitor@example.net",
  description: "Benchmark enquiry.",
});

interface CannonRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  setupRequest?: (req: CannonRequest) => CannonRequest;
}
interface CannonOptions {
  url: string;
  connections: number;
  duration: number;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  requests?: CannonRequest[];
}
interface CannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}
const autocannon = autocannonUntyped as (opts: CannonOptions) => Promise<CannonResult>;

function peakRssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  total: number;
}

async function run(name: string, url: string, opts: Partial<CannonOptions>): Promise<Row> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, ...opts });
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    total: result.requests.total,
  };
}

async function main() {
  const server = await startServer({ RATE_LIMIT_ENABLED: "false", LOG_LEVEL: "warn", MAIL_POLL_MS: "1000" });
  const pid = server.child.pid!;
  let peak = peakRssMb(pid);
  const sampler = setInterval(() => {
    try {
      peak = Math.max(peak, peakRssMb(pid));
    } catch {
      // process gone
    }
  }, 250);
  try {
    const rows: Row[] = [];
    rows.push(await run("GET /api/health (baseline)", `${server.url}/api/health`, {}));
    rows.push(
      await run("POST appointment", `${server.url}/api/appointment/public/appointments`, {
        requests: [
          {
            method: "POST",
            path: "/api/appointment/public/appointments",
            setupRequest: (req: CannonRequest) => ({
              ...req,
              headers: { "content-type": "application/json", "idempotency-key": crypto.randomUUID() },
              body: appointment,
            }),
          },
        ],
      }),
    );
    rows.push(
      await run("POST enquiry", `${server.url}/api/contact-enquire/public/create`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: enquiry,
      }),
    );
    const base = rows[0]!.rps;
    console.log(`\n${SECONDS} s each, ${CONNECTIONS} connections, server pid ${pid} on ${server.url}\n`);
    console.log(
      [
        "endpoint".padEnd(30),
        "req/s".padStart(9),
        "p50 ms".padStart(8),
        "p99 ms".padStart(8),
        "errors".padStart(7),
        "timeouts".padStart(9),
        "non-2xx".padStart(8),
        "total".padStart(8),
        "vs baseline".padStart(12),
      ].join(" "),
    );
    for (const r of rows) {
      console.log(
        [
          r.name.padEnd(30),
          r.rps.toFixed(0).padStart(9),
          String(r.p50).padStart(8),
          String(r.p99).padStart(8),
          String(r.errors).padStart(7),
          String(r.timeouts).padStart(9),
          String(r.non2xx).padStart(8),
          String(r.total).padStart(8),
          `${((r.rps / base) * 100).toFixed(1)}%`.padStart(12),
        ].join(" "),
      );
    }
    peak = Math.max(peak, peakRssMb(pid));
    console.log(`\nserver peak RSS (VmHWM): ${peak.toFixed(1)} MB`);
  } finally {
    clearInterval(sampler);
    server.child.kill("SIGTERM");
    await server.exited;
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
