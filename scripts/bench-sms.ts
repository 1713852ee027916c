/**
 * The SMS section of `npm run bench` (decision 030), also runnable alone
 * (`npx tsx scripts/bench-sms.ts`): BENCH_SMS_COUNT (2000) messages queued
 * in a fresh SQLite database, sent by the text-message worker through its
 * SMPP session to a local SMPP server (the `smpp` package's, answering at
 * once) with the default window (SMPP_WINDOW, 10). Prints messages per
 * second from the first claim to the last stored answer, and the p50 and p99
 * of one hand-over (submit_sm written to its answer stored in the row).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { loadConfig } from "../server/base/config";
import { migrate, openDb } from "../server/db/index";
import { enqueueMessage, createTextSenders, claimMs, deliverDueMessages } from "../server/texts/index";
import { startSmsc } from "../tests/helpers/smsc";

export interface SmsBench {
  count: number;
  window: number;
  perSecond: number;
  p50: number;
  p99: number;
  submitted: number;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
}

export async function benchSms(count = Number(process.env.BENCH_SMS_COUNT ?? 2000)): Promise<SmsBench> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "clinic-bench-sms-"));
  const smsc = await startSmsc();
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    MESSAGE_QUIET_HOURS: "",
    SMPP_URL: smsc.url,
    SMS_SENDER_ID: "ExampleImg",
  });
  const db = openDb(config);
  try {
    await migrate(db);
    for (let i = 0; i < count; i++) {
      await enqueueMessage(
        {
          channel: "sms",
          to: "+26771234567",
          about: `APT-2026-${String(i).padStart(6, "0")}`,
          kind: "reminder",
          body: `Example Imaging: APT-2026-${String(i).padStart(6, "0")} is tomorrow, Mon 7 Dec at 09:30. https://clinic.example.org/appointment/0123456789012345678901234567890123456789abc`,
        },
        new Date(),
        db,
      );
    }
    const senders = createTextSenders(db, config);
    if (!(await senders.smpp!.whenBound(5000))) throw new Error("the local SMPP server did not bind");
    const latencies: number[] = [];
    const send = senders.sendSms;
    senders.sendSms = async (message) => {
      const start = performance.now();
      const result = await send(message);
      latencies.push(performance.now() - start);
      return result;
    };
    const opts = { quietHours: null, maxAttempts: 8, claimMs: claimMs(config) };
    const started = performance.now();
    let sent = 0;
    while (sent < count) {
      const result = await deliverDueMessages(db, senders, opts);
      if (result.sent === 0) throw new Error(`the worker stopped sending: ${JSON.stringify(result)}`);
      sent += result.sent;
    }
    const seconds = (performance.now() - started) / 1000;
    await senders.close();
    latencies.sort((a, b) => a - b);
    return {
      count,
      window: config.texts.smpp!.window,
      perSecond: count / seconds,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      submitted: smsc.submits.length,
    };
  } finally {
    await db.destroy();
    await smsc.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export function smsBenchLine(r: SmsBench): [string, string, string] {
  return [
    `SMS submitted to a local SMPP server (${r.count}, window ${r.window})`,
    `${r.perSecond.toFixed(0)} msg/s, p99 ${r.p99.toFixed(1)} ms`,
    "",
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const r = await benchSms();
  console.log(
    `${r.count} SMS (window ${r.window}): ${r.perSecond.toFixed(0)} msg/s; hand-over p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms; ${r.submitted} submits`,
  );
}
