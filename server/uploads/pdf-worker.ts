import fs from "node:fs";
import os from "node:os";
import { parentPort } from "node:worker_threads";
import { checkPdf } from "./pdf-check";

/**
 * The PDF check's thread (server/uploads/pdf-pool.ts runs it): reads the
 * file it is sent, says it has started (the time limit runs from then), and
 * answers the verdict. Compiled to build/node/pdf-check-worker.js
 * (scripts/build-server.ts); run from source through tsx.
 */
// On Linux a thread has a priority of its own: the check gives way to the event loop when they
// compete for a core (elsewhere this would lower the whole process, so it is left alone).
if (process.platform === "linux") {
  try {
    os.setPriority(10);
  } catch {
    // Not allowed here: the check runs at the process's priority.
  }
}

parentPort!.on("message", ({ id, file }: { id: number; file: string }) => {
  parentPort!.postMessage({ id, started: true });
  try {
    parentPort!.postMessage({ id, verdict: checkPdf(fs.readFileSync(file)) });
  } catch (error) {
    parentPort!.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
