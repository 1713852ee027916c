import path from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { PROJECT_ROOT } from "../base/paths";
import type { PdfVerdict } from "./pdf-check";

/**
 * The PDF check (pdf-check.ts) off the event loop: a few worker threads
 * (`workers`), a short queue (`queue` files waiting; past it the check says
 * "busy", which the upload answers 503 with Retry-After), and a time limit
 * per file (`timeoutMs`, from when its thread starts on it), past which the
 * thread is terminated and the file refused as one that could not be
 * checked. A thread that dies (out of its memory limit, say) refuses its
 * file the same way. Threads start on first use and are kept; close() ends
 * them. Decision 040.
 */

export interface PdfCheckSettings {
  /** Threads checking files at once. */
  workers: number;
  /** Files waiting for a thread; one more is "busy". */
  queue: number;
  /** Milliseconds one file may take once its thread starts on it. */
  timeoutMs: number;
}

/** A verdict, or "busy": every thread is working and the queue is full. */
export type PdfCheckOutcome = PdfVerdict | "busy";

export interface PdfChecks {
  check(file: string): Promise<PdfCheckOutcome>;
  /** Files on a thread now, and files waiting for one (GET /metrics reads them at each scrape). */
  use(): { running: number; waiting: number };
  close(): Promise<void>;
}

/** Each thread's heap, in MiB: a file past its caps (pdf-reader.ts) is refused long before. */
const WORKER_HEAP_MB = 512;

/** Where the thread's code is: the compiled file beside the server, or the source through tsx. */
function workerEntry(): { url: URL; execArgv: string[] } {
  if (import.meta.url.endsWith(".ts"))
    return { url: new URL("./pdf-worker.ts", import.meta.url), execArgv: ["--import", "tsx"] };
  return { url: pathToFileURL(path.join(PROJECT_ROOT, "build/node/pdf-check-worker.js")), execArgv: [] };
}

interface Job {
  id: number;
  file: string;
  resolve: (outcome: PdfCheckOutcome) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker?: Worker;
  job?: Job;
  timer?: NodeJS.Timeout;
}

export function pdfCheckPool(settings: PdfCheckSettings): PdfChecks {
  const slots: Slot[] = Array.from({ length: settings.workers }, () => ({}));
  const waiting: Job[] = [];
  let nextId = 1;
  let closed = false;

  /** The slot's job is over: the next one waiting goes to it. */
  function finish(slot: Slot, settle: (job: Job) => void) {
    const job = slot.job;
    clearTimeout(slot.timer);
    slot.job = undefined;
    slot.timer = undefined;
    if (job) settle(job);
    const next = waiting.shift();
    if (next) run(slot, next);
    else slot.worker?.unref();
  }

  /** Ends the slot's thread; its file is refused as one that could not be checked. */
  function kill(slot: Slot, found: string) {
    const worker = slot.worker;
    slot.worker = undefined;
    if (worker) {
      worker.removeAllListeners();
      worker.on("error", () => undefined);
      void worker.terminate();
    }
    finish(slot, (job) => job.resolve({ ok: false, reason: "unreadable", found }));
  }

  function start(slot: Slot): Worker {
    const { url, execArgv } = workerEntry();
    const worker = new Worker(url, { execArgv, resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
    // An idle thread does not keep the process alive.
    worker.unref();
    worker.on("message", (message: { id: number; started?: true; verdict?: PdfVerdict; error?: string }) => {
      if (slot.worker !== worker || message.id !== slot.job?.id) return;
      if (message.started) {
        slot.timer = setTimeout(() => kill(slot, "time limit"), settings.timeoutMs);
        return;
      }
      if (message.error !== undefined) {
        const error = new Error(`PDF check failed: ${message.error}`);
        return finish(slot, (job) => job.reject(error));
      }
      finish(slot, (job) => job.resolve(message.verdict!));
    });
    worker.on("error", () => {
      if (slot.worker === worker) kill(slot, "check stopped");
    });
    worker.on("exit", () => {
      if (slot.worker === worker) kill(slot, "check stopped");
    });
    return worker;
  }

  function run(slot: Slot, job: Job) {
    slot.job = job;
    slot.worker ??= start(slot);
    slot.worker.ref();
    slot.worker.postMessage({ id: job.id, file: job.file });
  }

  return {
    check(file) {
      if (closed) return Promise.reject(new Error("the PDF check has stopped"));
      return new Promise<PdfCheckOutcome>((resolve, reject) => {
        const job: Job = { id: nextId++, file, resolve, reject };
        const free = slots.find((slot) => !slot.job);
        if (free) return run(free, job);
        if (waiting.length >= settings.queue) return resolve("busy");
        waiting.push(job);
      });
    },
    use() {
      return { running: slots.filter((slot) => slot.job).length, waiting: waiting.length };
    },
    async close() {
      closed = true;
      for (const job of waiting.splice(0)) job.reject(new Error("the PDF check has stopped"));
      await Promise.all(
        slots.map(async (slot) => {
          const worker = slot.worker;
          slot.worker = undefined;
          clearTimeout(slot.timer);
          slot.job?.reject(new Error("the PDF check has stopped"));
          slot.job = undefined;
          if (worker) {
            worker.removeAllListeners();
            await worker.terminate();
          }
        }),
      );
    },
  };
}
