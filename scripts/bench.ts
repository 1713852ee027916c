/**
 * npm run bench: load test of the compiled server (build/node/server.js, as
 * `npm start` runs it; fresh DATA_DIR, RATE_LIMIT_ENABLED=false,
 * LOG_LEVEL=warn, loopback). Prints, from one run:
 * - start-up: from spawning the process to its first /api/health answer;
 * - idle RSS, a few seconds after start;
 * - the static page rate (GET /about, brotli) as a share of a bare node:http
 *   server (its own process) sending the same bytes and headers, the two
 *   taking turns in 4 rounds so the shared machine's load weighs on both;
 * - requests/s, p50, p99, errors and non-2xx of GET /api/health (baseline),
 *   POST appointment (the booking load) and POST enquiry, each for
 *   BENCH_SECONDS (10) with BENCH_CONNECTIONS (50);
 * - the booking rate with BENCH_STORED (100,000) appointments already stored
 *   with their e-mails, texts and links (scripts/bench-seed.ts), against a
 *   fresh database's: a second server on the stored database, the two taking
 *   turns at the booking load (BOOKING_ROUNDS each, after a warm-up), so that
 *   the machine's drift weighs on both;
 * - the peak RSS under the booking load (VmRSS sampled every 100 ms) and over
 *   the whole run (VmHWM);
 * - the rate of SMS the text-message worker submits to a local SMPP server,
 *   and the p99 of one hand-over (scripts/bench-sms.ts);
 * - on the stored database, with a full schedule ahead in every room
 *   (seedScheduleAhead): GET the X-ray's free times for 60 days, and POST
 *   bookings of free times (each the next of the free times the slots API
 *   gave; one taken meanwhile answers 409) (decision 063).
 * Goals (decisions 014 and 036): static share >= 50 %, idle RSS <= 100 MB,
 * booking peak RSS <= 150 MB, start-up < 1 s; the booking rate at least 10 %
 * of /api/health's with a p99 of at most 150 ms, and with the stored
 * appointments at least 90 % of the fresh database's; the free times' p99 at
 * most 100 ms and booking a time's at most 150 ms. Needs a build (npm run
 * build).
 */
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
// @ts-expect-error -- autocannon ships no types; the part used here is typed below.
import autocannonUntyped from "autocannon";
import { freePort, startServer } from "./server-process";
import { addDays, clinicToday } from "../domain/dates";
import { APPOINTMENT_PATH } from "../domain/api-paths";
import { isOpenDay } from "../domain/opening-days";
import { seedScheduleAhead, seedStoredAppointments } from "./bench-seed";
import { SLOTS_PATH } from "../domain/api-paths";
import { BOOKING_RULES } from "../domain/booking-rules";
import { benchSms, smsBenchLine } from "./bench-sms";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const STORED = Number(process.env.BENCH_STORED ?? 100_000);

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

/** A memory figure of a process from /proc/<pid>/status (VmRSS now, VmHWM the peak so far), in MB. */
function memoryMb(pid: number, field: "VmRSS" | "VmHWM"): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/** The largest VmRSS seen while `work` runs. */
async function peakRssDuring<T>(pid: number, work: () => Promise<T>): Promise<[T, number]> {
  let peak = memoryMb(pid, "VmRSS");
  const sampler = setInterval(() => {
    try {
      peak = Math.max(peak, memoryMb(pid, "VmRSS"));
    } catch {
      // process gone
    }
  }, 100);
  try {
    const result = await work();
    return [result, Math.max(peak, memoryMb(pid, "VmRSS"))];
  } finally {
    clearInterval(sampler);
  }
}

/**
 * A bare node:http server, in its own process like ours, that answers every
 * request with the given bytes and headers: the ceiling for serving a page.
 */
async function startBareServer(body: Buffer, headers: Record<string, string>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "clinic-bench-"));
  fs.writeFileSync(path.join(dir, "body"), body);
  const port = await freePort();
  const code = `
    import fs from "node:fs";
    import http from "node:http";
    const body = fs.readFileSync(process.env.BODY_FILE);
    const headers = JSON.parse(process.env.HEADERS);
    http.createServer((req, res) => { res.writeHead(200, headers); res.end(body); })
      .listen(Number(process.env.PORT), "127.0.0.1", () => console.log("ready"));`;
  const child = spawn(process.execPath, ["--input-type=module", "-e", code], {
    env: { ...process.env, BODY_FILE: path.join(dir, "body"), HEADERS: JSON.stringify(headers), PORT: String(port) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout.once("data", () => resolve());
    child.once("exit", (code) => reject(new Error(`bare server exited with ${code}`)));
  });
  const stop = async () => {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
    fs.rmSync(dir, { recursive: true, force: true });
  };
  return { url: `http://127.0.0.1:${port}`, stop };
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

const STATIC_PAGE = "/about";
const ROUNDS = 4;
/** The booking load's turns on each server (fresh and stored database), each SECONDS / BOOKING_ROUNDS long. */
const BOOKING_ROUNDS = 2;
/** Booking load on each server before the measured turns (V8 compiles the booking path meanwhile). */
const BOOKING_WARM_UP_SECONDS = 2;

/** The booking load: JSON posts, each with its own Idempotency-Key. */
function bookings(url: string): Partial<CannonOptions> & { url: string } {
  return {
    url: `${url}/api/appointment/public/appointments`,
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
  };
}

/** The free times asked for at once, and the services whose times are booked (each in its own rooms). */
const SLOT_DAYS = 60;
const BOOKED_SERVICES = ["x-ray", "mammography", "bone-densitometry-dexa-scan", "ultrasound"] as const;

/**
 * Free times of BOOKED_SERVICES over the next SLOT_DAYS days, as the slots API gives them, each at
 * least the service's hold (length and changeover) after the one before in its day, so that booking
 * one does not take the next: the load books free times, and a 409 is one taken meanwhile.
 */
async function freeTimesAhead(url: string): Promise<{ service: string; date: string; time: string }[]> {
  const from = clinicToday();
  const to = addDays(from, SLOT_DAYS - 1);
  const out: { service: string; date: string; time: string }[] = [];
  for (const service of BOOKED_SERVICES) {
    const res = await fetch(`${url}${SLOTS_PATH}?service=${service}&from=${from}&to=${to}`);
    const { data } = (await res.json()) as { data: { days: { date: string; times: string[] }[] } };
    const rule = BOOKING_RULES[service];
    const hold = rule.selfBookable ? rule.lengthMinutes + rule.changeoverMinutes : 0;
    for (const day of data.days) {
      let after = -1;
      for (const time of day.times) {
        const minute = Number(time.slice(0, 2)) * 60 + Number(time.slice(3));
        if (minute < after) continue;
        out.push({ service, date: day.date, time });
        after = minute + hold;
      }
    }
  }
  return out;
}

/** Booking a time: JSON posts, each for the next free time of the list (a 409 if another took it meanwhile). */
function timeBookings(url: string, times: { service: string; date: string; time: string }[]) {
  let next = 0;
  return {
    url: `${url}${APPOINTMENT_PATH}`,
    requests: [
      {
        method: "POST",
        path: APPOINTMENT_PATH,
        setupRequest: (req: CannonRequest) => {
          const slot = times[next++ % times.length]!;
          const body = JSON.parse(appointment) as Record<string, unknown>;
          return {
            ...req,
            headers: { "content-type": "application/json", "idempotency-key": crypto.randomUUID() },
            body: JSON.stringify({
              ...body,
              service: { name: slot.service, paymentMethod: "cash" },
              appointmentDate: slot.date,
              appointmentTime: slot.time,
              bookTime: true,
              screening: { pregnant: "no" },
              dob: "1970-01-01",
            }),
          };
        },
      },
    ],
  };
}

/** Rounds of one load test as one line: total requests over total time, worst p99, median p50. */
function combine(rounds: Row[]): Row {
  const sum = (pick: (r: Row) => number) => rounds.reduce((total, r) => total + pick(r), 0);
  return {
    name: rounds[0]!.name,
    rps: sum((r) => r.rps) / rounds.length,
    p50: rounds.map((r) => r.p50).sort((a, b) => a - b)[Math.floor(rounds.length / 2)]!,
    p99: Math.max(...rounds.map((r) => r.p99)),
    errors: sum((r) => r.errors),
    timeouts: sum((r) => r.timeouts),
    non2xx: sum((r) => r.non2xx),
    total: sum((r) => r.total),
  };
}

async function main() {
  // The stored database is written first, so its writing weighs on no measurement.
  const storedDir = fs.mkdtempSync(path.join(os.tmpdir(), "clinic-bench-stored-"));
  const storedStarted = performance.now();
  const storedMb = await seedStoredAppointments(storedDir, STORED);
  const ahead = seedScheduleAhead(storedDir, SLOT_DAYS + 1, STORED + 1);
  const storedSeconds = (performance.now() - storedStarted) / 1000;
  const env = { RATE_LIMIT_ENABLED: "false", LOG_LEVEL: "warn", MAIL_POLL_MS: "1000" };
  const server = await startServer(env);
  const pid = server.child.pid!;
  const stored = await startServer({ ...env, DATA_DIR: storedDir }).catch((error: unknown) => {
    server.child.kill("SIGTERM");
    fs.rmSync(storedDir, { recursive: true, force: true });
    throw error;
  });
  try {
    // Idle: the server has started and answered once; let start-up work (compression, GC) settle.
    await new Promise((r) => setTimeout(r, 3000));
    const idleRss = memoryMb(pid, "VmRSS");

    // Static pages: our server against a bare node:http server sending the same bytes and headers.
    const pageHeaders = { "accept-encoding": "br, gzip" };
    const { body: raw, headers } = await rawResponse(server.url, STATIC_PAGE, pageHeaders);
    // The machine is shared, so its load drifts: the two servers take turns, ROUNDS times each, and
    // each line sums its rounds (a steady background load then weighs on both alike).
    const bare = await startBareServer(raw, headers);
    const ours: Row[] = [];
    const theirs: Row[] = [];
    try {
      const slice = SECONDS / ROUNDS;
      for (let round = 0; round < ROUNDS; round++) {
        ours.push(
          await run(`GET ${STATIC_PAGE} (brotli)`, `${server.url}${STATIC_PAGE}`, {
            headers: pageHeaders,
            duration: slice,
          }),
        );
        theirs.push(
          await run("bare node:http, same bytes", `${bare.url}${STATIC_PAGE}`, {
            headers: pageHeaders,
            duration: slice,
          }),
        );
      }
    } finally {
      await bare.stop();
    }
    const rows: Row[] = [combine(ours), combine(theirs)];
    rows.push(await run("GET /api/health (baseline)", `${server.url}/api/health`, {}));
    // Bookings: the fresh database and the stored one take turns, after a warm-up each.
    for (const target of [server, stored]) {
      await run("warm-up", target.url, { ...bookings(target.url), duration: BOOKING_WARM_UP_SECONDS });
    }
    const fresh: Row[] = [];
    const full: Row[] = [];
    let bookingPeakRss = 0;
    let storedPeakRss = 0;
    for (let round = 0; round < BOOKING_ROUNDS; round++) {
      const duration = SECONDS / BOOKING_ROUNDS;
      const [mine, peak] = await peakRssDuring(pid, () =>
        run("POST appointment", server.url, { ...bookings(server.url), duration }),
      );
      fresh.push(mine);
      bookingPeakRss = Math.max(bookingPeakRss, peak);
      const [theirs, storedPeak] = await peakRssDuring(stored.child.pid!, () =>
        run(`POST appointment, ${STORED.toLocaleString("en")} stored`, stored.url, {
          ...bookings(stored.url),
          duration,
        }),
      );
      full.push(theirs);
      storedPeakRss = Math.max(storedPeakRss, storedPeak);
    }
    const booking = combine(fresh);
    const bookingStored = combine(full);
    rows.push(booking, bookingStored);
    // Free times and booking one (decision 063), on the stored database with its schedule ahead.
    const from = clinicToday();
    const slotsUrl = `${stored.url}${SLOTS_PATH}?service=x-ray&from=${from}&to=${addDays(from, SLOT_DAYS - 1)}`;
    const slots = await run(`GET slots, ${SLOT_DAYS} days, stored`, slotsUrl, {});
    const times = await freeTimesAhead(stored.url);
    const timeBooking = await run("POST bookTime, stored", stored.url, {
      ...timeBookings(stored.url, times),
      duration: SECONDS / 2,
    });
    rows.push(slots, timeBooking);
    rows.push(
      await run("POST enquiry", `${server.url}/api/contact-enquire/public/create`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: enquiry,
      }),
    );
    const peakRss = memoryMb(pid, "VmHWM");
    const sms = await benchSms();

    console.log(
      `\n${SECONDS} s each (bookings: ${BOOKING_ROUNDS} turns per database after ${BOOKING_WARM_UP_SECONDS} s of warm-up), ${CONNECTIONS} connections, server pid ${pid} on ${server.url}\n`,
    );
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
        ].join(" "),
      );
    }
    const share = (rows[0]!.rps / rows[1]!.rps) * 100;
    const health = rows[2]!;
    const percent = (part: number, whole: number) => `${((part / whole) * 100).toFixed(1)} %`;
    const figures: [string, string, string][] = [
      ["start-up to first /api/health answer", `${server.startupMs.toFixed(0)} ms`, "< 1000 ms"],
      ["idle RSS", `${idleRss.toFixed(1)} MB`, "<= 100 MB"],
      [
        `static page rate (${STATIC_PAGE}, ${raw.length} B brotli) vs bare node:http`,
        `${share.toFixed(1)} %`,
        ">= 50 %",
      ],
      [
        `booking rate (POST appointment, ${booking.rps.toFixed(0)} req/s) vs /api/health`,
        percent(booking.rps, health.rps),
        ">= 10 %",
      ],
      ["booking p99", `${booking.p99} ms (p50 ${booking.p50} ms)`, "<= 150 ms"],
      [
        `booking rate, ${STORED.toLocaleString("en")} stored (${storedMb.toFixed(0)} MB, written in ${storedSeconds.toFixed(0)} s) vs fresh`,
        percent(bookingStored.rps, booking.rps),
        ">= 90 %",
      ],
      [
        `free times, ${SLOT_DAYS} days (${STORED.toLocaleString("en")} stored, ${ahead.toLocaleString("en")} ahead) p99`,
        `${slots.p99} ms (p50 ${slots.p50} ms)`,
        "<= 100 ms",
      ],
      [
        `booking a time p99 (${timeBooking.total - timeBooking.non2xx} booked, ${timeBooking.non2xx} taken)`,
        `${timeBooking.p99} ms (p50 ${timeBooking.p50} ms)`,
        "<= 150 ms",
      ],
      ["peak RSS under the booking load", `${bookingPeakRss.toFixed(1)} MB`, "<= 150 MB"],
      ["peak RSS under the booking load, stored database", `${storedPeakRss.toFixed(1)} MB`, ""],
      ["peak RSS over the whole run (VmHWM)", `${peakRss.toFixed(1)} MB`, ""],
      smsBenchLine(sms),
    ];
    console.log("");
    for (const [name, value, goal] of figures) {
      console.log(`${name.padEnd(62)} ${value.padStart(24)}   ${goal ? `goal ${goal}` : ""}`);
    }
  } catch (error) {
    // Say why, when a server is the one that failed (it died under the load, say).
    for (const s of [server, stored]) {
      if (s.child.exitCode !== null) console.error(`a server exited with ${s.child.exitCode}:\n${s.output()}`);
    }
    throw error;
  } finally {
    for (const s of [server, stored]) {
      s.child.kill("SIGTERM");
      await s.exited;
      fs.rmSync(s.dataDir, { recursive: true, force: true });
    }
  }
}

/** A response's bytes as sent (still compressed, which fetch would undo) and its headers, minus per-connection ones. */
async function rawResponse(
  base: string,
  urlPath: string,
  headers: Record<string, string>,
): Promise<{ body: Buffer; headers: Record<string, string> }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${urlPath}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const kept: Record<string, string> = {};
          for (const [name, value] of Object.entries(res.headers)) {
            if (typeof value === "string" && !["date", "connection", "keep-alive"].includes(name)) kept[name] = value;
          }
          resolve({ body: Buffer.concat(chunks), headers: kept });
        });
      })
      .on("error", reject);
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
