import fs from "node:fs";
import { execFile, execFileSync } from "node:child_process";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { m } from "../../domain/paraglide/messages.js";
import { checkPdf } from "../../server/uploads/pdf-check";
import { pdfCheckPool, type PdfChecks } from "../../server/uploads/pdf-pool";
import { PDF_LIMITS } from "../../server/uploads/pdf-reader";
import { createTestApp, type TestApp } from "../helpers/app";
import { manyLinks } from "../helpers/raw-pdf";
import { bookingFormFields, formMultipart, multipartBody, pdfBytes } from "../helpers/requests";
import { startServer, stopServers, type ServerProcess } from "../../scripts/server-process";

/**
 * Issue 33, N2: the PDF check held the event loop (one 10 MB file of 69,000
 * small link objects, about 3 s; eight at once made /livez wait 9 s). It now
 * runs on its own threads (server/uploads/pdf-pool.ts) with a short queue
 * (503 with Retry-After past it), a time limit per file (the thread is
 * ended), and a lower cap on the objects a file may hold. Decision 040.
 */

const UPLOAD = "/api/cloudinary/upload/referrals_forms";
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "clinic-pdf-pool-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Writes `bytes` to a file of its own and gives its path, as the intake hands the check a temporary file. */
function file(name: string, bytes: Buffer): string {
  const at = path.join(dir, name);
  fs.writeFileSync(at, bytes);
  return at;
}

/** The reviewer's file: 69,000 small link objects, 8.6 MB. */
const REVIEWERS = manyLinks(69_000);
/** A file within every cap that still takes the check a while (some 420,000 values to read and walk). */
const SLOW = manyLinks(PDF_LIMITS.objects - 100, Math.floor(PDF_LIMITS.values / PDF_LIMITS.objects) - 20);

describe("the PDF check's threads (server/uploads/pdf-pool.ts)", () => {
  it("caps the objects a file may hold: one past the cap, and the reviewer's 69,000, are refused as unreadable", () => {
    expect(PDF_LIMITS.objects).toBeLessThanOrEqual(10_000);
    expect(checkPdf(manyLinks(PDF_LIMITS.objects - 10))).toEqual({ ok: true });
    expect(checkPdf(manyLinks(PDF_LIMITS.objects + 1))).toEqual({
      ok: false,
      reason: "unreadable",
      found: "too many objects",
    });
    expect(checkPdf(REVIEWERS)).toEqual({ ok: false, reason: "unreadable", found: "too many objects" });
  });

  it("checks on a thread of its own, and gives the same verdicts as the check itself", async () => {
    const pool = pdfCheckPool({ workers: 1, queue: 2, timeoutMs: 60_000 });
    try {
      expect(await pool.check(file("plain.pdf", pdfBytes(3000)))).toEqual({ ok: true });
      const scripted = Buffer.from(
        "%PDF-1.4\n1 0 obj<</Type/Catalog/OpenAction<</S/JavaScript/JS(app.alert(1))>>>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
      );
      expect(await pool.check(file("scripted.pdf", scripted))).toEqual(checkPdf(scripted));
      expect(checkPdf(scripted)).toMatchObject({ ok: false, reason: "active" });
    } finally {
      await pool.close();
    }
  }, 60_000);

  it("ends a thread past the time limit and refuses its file as one that could not be checked; a new thread checks the next", async () => {
    const pool = pdfCheckPool({ workers: 1, queue: 2, timeoutMs: 100 });
    try {
      const slow = file("slow.pdf", SLOW);
      const started = performance.now();
      expect(await pool.check(slow)).toEqual({ ok: false, reason: "unreadable", found: "time limit" });
      const cut = performance.now() - started;
      // The whole check takes longer than the limit (read on this thread, unbounded).
      const whole = performance.now();
      expect(checkPdf(SLOW)).toEqual({ ok: true });
      expect(performance.now() - whole).toBeGreaterThan(100);
      // It was cut off, not finished: the answer came well before a whole check would have.
      expect(cut).toBeLessThan(60_000);
      expect(await pool.check(file("after.pdf", pdfBytes(2000)))).toEqual({ ok: true });
    } finally {
      await pool.close();
    }
  }, 120_000);

  it("says busy at once when every thread is working and the queue is full; those queued are checked in turn", async () => {
    const pool = pdfCheckPool({ workers: 1, queue: 1, timeoutMs: 60_000 });
    try {
      const slow = file("slow-queue.pdf", SLOW);
      const small = file("small.pdf", pdfBytes(2000));
      const running = pool.check(slow);
      const queued = pool.check(small);
      expect(await pool.check(small)).toBe("busy");
      expect(await running).toEqual({ ok: true });
      expect(await queued).toEqual({ ok: true });
      // The queue has room again.
      expect(await pool.check(small)).toEqual({ ok: true });
    } finally {
      await pool.close();
    }
  }, 120_000);
});

describe("uploads while the PDF check is busy", () => {
  let t: TestApp;
  let pool: PdfChecks;
  beforeAll(async () => {
    pool = pdfCheckPool({ workers: 1, queue: 0, timeoutMs: 60_000 });
    t = await createTestApp({ RATE_LIMIT_ENABLED: "false" }, { servePages: true, pdfChecks: pool });
  });
  afterAll(async () => {
    await t.close();
    await pool.close();
  });

  it("answers 503 with Retry-After and says so in the form's language when the queue is full, keeping nothing", async () => {
    // The thread is held on a named pipe until the test writes a file into it: busy for as long as needed.
    const pipe = path.join(dir, "hold.pdf");
    execFileSync("mkfifo", [pipe]);
    const busy = pool.check(pipe);
    try {
      const upload = multipartBody("referral.pdf", pdfBytes(3000));
      for (const [query, locale] of [
        ["", "en"],
        ["?language=tn", "tn"],
      ] as const) {
        const res = await t.app.inject({
          method: "POST",
          url: `${UPLOAD}${query}`,
          payload: upload.payload,
          headers: upload.headers,
        });
        expect(res.statusCode).toBe(503);
        expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
        expect(res.json().errors.file).toBe(m.upload_pdf_busy({}, { locale }));
      }
      // The booking page's plain form (no JavaScript) says it under the file field, in the page's language.
      for (const [page, locale] of [
        ["/book-appointment", "en"],
        ["/tn/book-appointment", "tn"],
      ] as const) {
        const form = formMultipart(bookingFormFields({ surname: `Busy${locale}` }), {
          filename: "referral.pdf",
          content: pdfBytes(3000),
        });
        const res = await t.app.inject({
          method: "POST",
          url: page,
          payload: form.payload,
          headers: { "content-type": form.contentType, "sec-fetch-site": "same-origin" },
        });
        expect(res.statusCode).toBe(503);
        expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
        expect(res.body).toContain(m.upload_pdf_busy({}, { locale }));
        expect(res.body).toContain(`value="Busy${locale}"`);
      }
      expect(fs.readdirSync(path.join(t.dataDir, "uploads")).filter((f) => !f.startsWith("."))).toEqual([]);
      expect(await t.db.selectFrom("uploads").selectAll().execute()).toEqual([]);
      expect(await t.db.selectFrom("appointments").selectAll().execute()).toEqual([]);
    } finally {
      await fs.promises.writeFile(pipe, pdfBytes(1000));
      expect(await busy).toEqual({ ok: true });
    }
  }, 120_000);
});

/** GET /livez on a connection of its own, so that the uploads' connections never hold it up. */
function livez(base: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}/livez`, { agent: false }, (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      })
      .on("error", reject);
  });
}

/**
 * Uploads `file` with curl, in a process of its own as a patient's browser
 * would be, so sending it takes nothing from this process, which measures.
 */
function curlUpload(url: string, file: string): Promise<{ status: number; body: { errors?: { file?: string } } }> {
  return new Promise((resolve, reject) => {
    execFile(
      "curl",
      ["-sS", "-w", "\n%{http_code}", "-F", `file=@${file};filename=referral.pdf;type=application/pdf`, url],
      { maxBuffer: 1024 * 1024 },
      (error, stdout) => {
        if (error) return reject(error);
        const cut = stdout.lastIndexOf("\n");
        resolve({ status: Number(stdout.slice(cut + 1)), body: JSON.parse(stdout.slice(0, cut)) });
      },
    );
  });
}

describe.skipIf(!fs.existsSync("/usr/bin/curl"))("the compiled server stays responsive while PDFs are checked", () => {
  const servers: ServerProcess[] = [];
  afterAll(() => stopServers(servers));

  it("answers /livez and /metrics while four of the reviewer's files are checked (build/node, on its threads)", async () => {
    const token = "pdf-pool-metrics-token-0123456789abcdef";
    const server = await startServer({ RATE_LIMIT_ENABLED: "false", METRICS_TOKEN: token });
    servers.push(server);
    expect(await livez(server.url)).toBe(200);
    /** What the server says of its PDF checks, read at the scrape (clinic_pdf_checks). */
    const checks = async () => {
      const metrics = await (
        await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${token}` } })
      ).text();
      const state = (name: string) =>
        Number(new RegExp(`^clinic_pdf_checks\\{state="${name}"\\} (\\S+)$`, "m").exec(metrics)?.[1]);
      return { running: state("running"), waiting: state("waiting") };
    };
    expect(await checks()).toEqual({ running: 0, waiting: 0 });
    const reviewers = file("reviewers.pdf", REVIEWERS);
    let done = false;
    const posts = Promise.all(Array.from({ length: 4 }, () => curlUpload(`${server.url}${UPLOAD}`, reviewers))).finally(
      () => {
        done = true;
      },
    );
    // A scrape that finds a file being checked was answered while a check ran (each takes the better
    // part of a second): a check on the event loop would finish before the scrape was read, and no
    // scrape would ever see one running. /livez answers between the scrapes.
    let seenRunning = 0;
    while (!done) {
      if ((await checks()).running > 0) seenRunning++;
      expect(await livez(server.url)).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const answers = await posts;
    expect(seenRunning).toBeGreaterThan(0);
    expect(await checks()).toEqual({ running: 0, waiting: 0 });
    // Each file is refused (past the cap on objects), none turned away as busy: four fit the default queue.
    expect(answers.map((a) => a.status)).toEqual([415, 415, 415, 415]);
    expect(answers[0]!.body.errors?.file).toBe(m.upload_pdf_unreadable({}, { locale: "en" }));
    expect(fs.readdirSync(path.join(server.dataDir, "uploads")).filter((f) => !f.startsWith("."))).toEqual([]);
  }, 120_000);
});
