import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtpPeer } from "../e2e/mail-sink";
import { createTestApp, type TestApp } from "../helpers/app";
import { openDb } from "../../server/db/index";
import { enqueueMail } from "../../server/mail/queue";
import { createSender } from "../../server/mail/transport";
import { deliverDueMail, MAIL_CLAIM_MS } from "../../server/mail/worker";

/**
 * Decisions 006 and 009: a message is sent once. A send that outlasts the worker's claim
 * on a message must not let a second worker (another instance) claim and
 * send it again. A real SMTP peer holds the first delivery open; meanwhile
 * the clock moves past the two-minute claim and a second worker on its own
 * connection looks for due mail. Exactly one message may arrive.
 */

interface SlowPeer {
  port: number;
  /** Resolves when a message's data has arrived and is being held. */
  receiving: Promise<void>;
  /** Resolves when `n` messages have arrived. */
  received: (n: number) => Promise<void>;
  /** Lets every held message complete. */
  release: () => void;
  delivered: () => number;
  close: () => Promise<void>;
}

async function startSlowPeer(): Promise<SlowPeer> {
  let delivered = 0;
  let arrived = 0;
  const waiting: { n: number; resolve: () => void }[] = [];
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  let onReceiving!: () => void;
  const receiving = new Promise<void>((r) => (onReceiving = r));
  const peer = await startSmtpPeer((stream, accept) => {
    stream.resume();
    stream.on("end", () => {
      onReceiving();
      arrived++;
      for (const w of waiting) if (arrived >= w.n) w.resolve();
      void released.then(() => {
        delivered++;
        accept();
      });
    });
  });
  const received = (n: number) =>
    arrived >= n ? Promise.resolve() : new Promise<void>((resolve) => waiting.push({ n, resolve }));
  return { port: peer.port, receiving, received, release, delivered: () => delivered, close: peer.close };
}

describe("a message is sent once", () => {
  let t: TestApp;
  let peer: SlowPeer;
  beforeAll(async () => {
    peer = await startSlowPeer();
    t = await createTestApp({ RATE_LIMIT_ENABLED: "false", SMTP_URL: `smtp://127.0.0.1:${peer.port}` });
  });
  afterAll(async () => {
    peer.release();
    await t.close();
    await peer.close();
  });

  it("a send that outlasts the claim is renewed, so a second worker does not send it again", async () => {
    await enqueueMail({ to: "once@example.net", about: null, subject: "Sent once", text: "t" }, new Date(), t.db);
    // One clock for both workers (as two instances share real time); the test moves it.
    let offset = 0;
    const now = () => new Date(Date.now() + offset);
    const opts = { from: t.config.mail.from, maxAttempts: 3, now, heartbeatMs: 50 };

    const senderA = createSender(t.config);
    const first = deliverDueMail(t.db, senderA.send, opts);
    await peer.receiving; // worker A is mid-send, and the peer holds it
    offset = 3 * 60_000; // the send now outlasts A's two-minute claim by a minute

    // A's heartbeat pushes the claim past the moved clock (bounded wait; on a worker without one it never does).
    const deadline = Date.now() + 2_000;
    for (;;) {
      const row = await t.db.selectFrom("mail_queue").select("locked_until").executeTakeFirstOrThrow();
      if (row.locked_until && row.locked_until > now().toISOString()) break;
      if (Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 20));
    }

    const other = openDb(t.config); // a second instance's connection
    const senderB = createSender(t.config);
    const second = deliverDueMail(other, senderB.send, opts);
    // B either finds nothing to send, or claims the message and delivers it a second time.
    await Promise.race([second, peer.received(2)]);
    peer.release();
    const [a, bResult] = await Promise.all([first, second]);
    senderA.close();
    senderB.close();
    await other.destroy();

    expect(a.sent).toBe(1);
    expect(bResult.sent).toBe(0);
    expect(peer.delivered()).toBe(1);
    const row = await t.db.selectFrom("mail_queue").selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "sent", attempts: 1, locked_until: null });
    expect(MAIL_CLAIM_MS).toBeLessThan(offset);
  });
});
