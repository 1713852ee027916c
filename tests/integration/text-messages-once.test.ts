import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enqueueMessage } from "../../server/texts/queue";
import { createTextSenders } from "../../server/texts/senders";
import { textMessageRepository } from "../../server/texts/text-message-repository";
import { claimMs, deliverDueMessages } from "../../server/texts/worker";
import { messagesTestDb, type MessagesTestDb } from "../helpers/messages";
import { startSmsc, type Smsc } from "../helpers/smsc";

/**
 * Decision 030: each text message is handed to the SMS centre once across
 * instances. Two workers, each with its own database connection and its own
 * SMPP session (two server instances), race over the same queue; on
 * PostgreSQL when TEST_DATABASE_URL is set (npm test's second pass), else on
 * one SQLite file.
 */

let t: MessagesTestDb;
let smsc: Smsc;
beforeAll(async () => {
  t = await messagesTestDb();
  smsc = await startSmsc();
});
afterAll(async () => {
  await smsc.close();
  await t.close();
});

describe("exactly once across instances", () => {
  it("two instances sending the same queue hand each message over once", async () => {
    const config = t.config({ SMPP_URL: smsc.url, SMS_SENDER_ID: "ExampleImg", SMPP_WINDOW: "5" });
    const count = 60;
    for (let i = 0; i < count; i++) {
      await enqueueMessage(
        {
          channel: "sms",
          to: "+26771234567",
          about: null,
          kind: "reminder",
          body: `Message ${i}`,
        },
        new Date(),
        t.db,
      );
    }
    const dbs = [t.db, t.open()];
    const senders = dbs.map((db) => createTextSenders(db, config, undefined, { reconnectDelayMs: () => 30 }));
    for (const s of senders) expect(await s.smpp!.whenBound(3000)).toBe(true);
    const opts = { quietHours: null, maxAttempts: 8, claimMs: claimMs(config) };
    // Both instances run at once, several times over, as their timers would.
    const results = [];
    for (let round = 0; round < 3; round++) {
      results.push(...(await Promise.all(dbs.map((db, i) => deliverDueMessages(db, senders[i]!, opts)))));
    }
    await Promise.all(senders.map((s) => s.close()));

    expect(results.reduce((n, r) => n + r.sent, 0)).toBe(count);
    expect(smsc.submits).toHaveLength(count);
    expect(new Set(smsc.submits.map((s) => s.text)).size).toBe(count);
    // Both took part (the race was real), and every row is sent once, on its first attempt.
    expect(results.slice(0, 2).every((r) => r.sent > 0)).toBe(true);
    const rows = await t.db.selectFrom("text_messages").select(["status", "attempts"]).execute();
    expect(rows.every((r) => r.status === "sent" && r.attempts === 1)).toBe(true);
  });

  it("a message whose worker died while handing it over becomes unknown, and is never sent again", async () => {
    await t.db.deleteFrom("text_messages").execute();
    const before = smsc.submits.length;
    const config = t.config({ SMPP_URL: smsc.url, SMS_SENDER_ID: "ExampleImg" });
    const start = new Date("2026-12-07T08:00:00Z");
    const id = await enqueueMessage(
      { channel: "sms", to: "+26771234567", about: null, kind: "reminder", body: "Died mid-send" },
      start,
      t.db,
    );
    // An instance claims it and dies before it records anything.
    const claimed = await textMessageRepository(t.db).claim(
      id,
      "sms",
      start.toISOString(),
      new Date(start.getTime() + claimMs(config)).toISOString(),
    );
    expect(claimed).toMatchObject({ status: "sending", attempts: 1 });
    const senders = createTextSenders(t.open(), config, undefined, { reconnectDelayMs: () => 30 });
    expect(await senders.smpp!.whenBound(3000)).toBe(true);
    const opts = { quietHours: null, maxAttempts: 8, claimMs: claimMs(config) };
    // While its claim lasts, another worker leaves it alone.
    const during = await deliverDueMessages(t.db, senders, { ...opts, now: () => new Date(start.getTime() + 60_000) });
    expect(during).toMatchObject({ sent: 0, expired: 0 });
    // Once it has ended, the message is unknown: it may have gone, so it is not sent again.
    const after = await deliverDueMessages(t.db, senders, {
      ...opts,
      now: () => new Date(start.getTime() + claimMs(config) + 1),
    });
    expect(after).toMatchObject({ sent: 0, expired: 1 });
    await senders.close();
    const row = await t.db.selectFrom("text_messages").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "unknown", last_error: "claim expired while sending", locked_until: null });
    expect(smsc.submits).toHaveLength(before);
  });
});
