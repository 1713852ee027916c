import fs from "node:fs";
import { parentPort } from "node:worker_threads";
import { checkPdf } from "./pdf-check";

/**
 * The PDF check's thread (server/uploads/pdf-pool.ts runs it): reads the
 * file it is sent, says it has started (the time limit runs from then), and
 * answers the verdict. Compiled to build/node/pdf-check-worker.js
 * (scripts/build-server.ts); run from source through tsx.
 */
parentPort!.on("message", ({ id, file }: { id: number; file: string }) => {
  parentPort!.postMessage({ id, started: true });
  try {
    parentPort!.postMessage({ id, verdict: checkPdf(fs.readFileSync(file)) });
  } catch (error) {
    parentPort!.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
