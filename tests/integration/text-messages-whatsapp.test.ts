import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app";
import type { Config } from "../../server/base/config";
import { setContactPreference } from "../../server/texts/contact-preference";
import { enqueueMessage } from "../../server/texts/queue";
import { forgetOldWebhookEvents, WEBHOOK_EVENTS_KEPT_DAYS } from "../../server/texts/webhook-events";
import { whatsappWebhookRoutes, WHATSAPP_WEBHOOK_PATH } from "../../server/texts/routes";
import { createTextSenders } from "../../server/texts/senders";
import { claimMs, deliverDueMessages } from "../../server/texts/worker";
import { messagesTestDb, recordingLog, type MessagesTestDb } from "../helpers/messages";
import { freePort } from "../../scripts/server-process";
import { seedAppointment } from "../helpers/staff";

/**
 * WhatsApp through the Cloud API (decision 030), against a local HTTP
 * server standing in for graph.facebook.com, and the webhook: its
 * verification handshake, its signature (X-Hub-Signature-256 over the raw
 * body), status calls and a STOP reply.
 */

const APP_SECRET = "test-app-secret-0123456789";
const VERIFY_TOKEN = "verify-token-0123456789";
const TOKEN = "EAAtestaccesstoken";

interface CloudCall {
  path: string;
  authorization: string | undefined;
  body: Record<string, unknown>;
}

let t: MessagesTestDb;
let cloud: http.Server;
let cloudUrl: string;
const calls: CloudCall[] = [];
/** How the stand-in answers the next call: a status and body, or "hang-up" (close without answering). */
let answer: () => { status: number; body: unknown } | "hang-up" = () => ({ status: 200, body: {} });
let config: Config;
/** The WhatsApp settings, against the stand-in. */
const webhookEnv = () => ({
  WHATSAPP_API_URL: cloudUrl,
  WHATSAPP_ACCESS_TOKEN: TOKEN,
  WHATSAPP_PHONE_NUMBER_ID: "1234567890",
  WHATSAPP_APP_SECRET: APP_SECRET,
  WHATSAPP_VERIFY_TOKEN: VERIFY_TOKEN,
});
let app: FastifyInstance;

beforeAll(async () => {
  t = await messagesTestDb();
  cloud = http.createServer((req, res) => {
    let data = "";
    req.on("data", (chunk) => (data += chunk));
    req.on("end", () => {
      calls.push({ path: req.url ?? "", authorization: req.headers.authorization, body: JSON.parse(data) });
      const a = answer();
      if (a === "hang-up") return req.socket.destroy();
      res.writeHead(a.status, { "content-type": "application/json" }).end(JSON.stringify(a.body));
    });
  });
  await new Promise<void>((resolve) => cloud.listen(0, "127.0.0.1", resolve));
  cloudUrl = `http://127.0.0.1:${(cloud.address() as AddressInfo).port}/v23.0`;
  config = t.config(webhookEnv());
  app = Fastify();
  await app.register(whatsappWebhookRoutes, { db: t.db, config });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await new Promise((resolve) => cloud.close(resolve));
  await t.close();
});
beforeEach(async () => {
  calls.length = 0;
  await t.db.deleteFrom("text_messages").execute();
});

const template = {
  name: "appointment_confirmed",
  language: "en",
  params: ["GI", "APT-2026-000001", "Monday 7 December 2026", "10:15", "https://g.bw/x"],
};

/** Queues a WhatsApp message, at the moment given: a test with its own clock queues by it, not by the wall clock. */
function queueWhatsApp(about = "APT-2026-000001", at = new Date()) {
  return enqueueMessage(
    {
      channel: "whatsapp",
      to: "+26771234567",
      about,
      kind: "confirmed",
      body: "GI: APT-2026-000001 confirmed for Mon 7 Dec at 10:15. https://g.bw/x",
      whatsapp: template,
    },
    at,
    t.db,
  );
}

const row = (id: number) => t.db.selectFrom("text_messages").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

async function run(c: Config = config, now?: () => Date) {
  const senders = createTextSenders(t.db, c);
  try {
    return await deliverDueMessages(t.db, senders, { quietHours: null, maxAttempts: 3, claimMs: claimMs(c), now });
  } finally {
    await senders.close();
  }
}

describe("sending through the Cloud API", () => {
  it("posts the template message with the bearer token and stores WhatsApp's message id", async () => {
    answer = () => ({ status: 200, body: { messaging_product: "whatsapp", messages: [{ id: "wamid.ABC123" }] } });
    const id = await queueWhatsApp();
    expect(await run()).toMatchObject({ sent: 1 });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.path).toBe("/v23.0/1234567890/messages");
    expect(calls[0]!.authorization).toBe(`Bearer ${TOKEN}`);
    expect(calls[0]!.body).toEqual({
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to: "26771234567",
      type: "template",
      template: {
        name: "appointment_confirmed",
        language: { code: "en" },
        components: [{ type: "body", parameters: template.params.map((text) => ({ type: "text", text })) }],
      },
    });
    expect(await row(id)).toMatchObject({ status: "sent", channel: "whatsapp", provider_message_id: "wamid.ABC123" });
  });

  it("429 and 5xx are retried; other 4xx fail; a hang-up after the request is unknown", async () => {
    let clock = new Date("2026-12-07T08:00:00Z");
    const now = () => clock;
    answer = () => ({ status: 429, body: { error: { code: 130429 } } });
    const limited = await queueWhatsApp(undefined, clock);
    expect(await run(config, now)).toMatchObject({ retried: 1 });
    expect(await row(limited)).toMatchObject({ status: "pending", last_error: "http 429 code 130429" });
    answer = () => ({ status: 503, body: {} });
    clock = new Date("2026-12-07T09:00:00Z");
    expect(await run(config, now)).toMatchObject({ retried: 1 });
    answer = () => ({ status: 200, body: { messages: [{ id: "wamid.LATER" }] } });
    clock = new Date("2026-12-07T10:00:00Z");
    expect(await run(config, now)).toMatchObject({ sent: 1 });
    expect(await row(limited)).toMatchObject({ status: "sent", attempts: 3, provider_message_id: "wamid.LATER" });

    answer = () => ({ status: 400, body: { error: { code: 132001, message: "template does not exist" } } });
    const refused = await queueWhatsApp(undefined, clock);
    expect(await run(config, now)).toMatchObject({ failed: 1 });
    expect(await row(refused)).toMatchObject({ status: "failed", last_error: "http 400 code 132001" });

    answer = () => "hang-up";
    const lost = await queueWhatsApp(undefined, clock);
    expect(await run(config, now)).toMatchObject({ unknown: 1 });
    expect(await row(lost)).toMatchObject({ status: "unknown" });
    // Unknown is never sent again by the worker.
    expect(await run(config, now)).toMatchObject({ sent: 0, unknown: 0 });
  });

  it("nothing listening (connection refused) is temporary: nothing reached WhatsApp", async () => {
    const closed = t.config({
      WHATSAPP_API_URL: `http://127.0.0.1:${await freePort()}/v23.0`,
      WHATSAPP_ACCESS_TOKEN: TOKEN,
      WHATSAPP_PHONE_NUMBER_ID: "1234567890",
      WHATSAPP_APP_SECRET: APP_SECRET,
      WHATSAPP_VERIFY_TOKEN: VERIFY_TOKEN,
    });
    const id = await queueWhatsApp();
    expect(await run(closed)).toMatchObject({ retried: 1 });
    expect(await row(id)).toMatchObject({ status: "pending", last_error: "ECONNREFUSED" });
  });

  it("without WhatsApp's configuration, a WhatsApp message goes as SMS (to the outbox here)", async () => {
    const id = await queueWhatsApp();
    expect(await run(t.config())).toMatchObject({ sent: 1 });
    expect(calls).toHaveLength(0);
    expect(await row(id)).toMatchObject({ status: "sent", channel: "sms" });
  });

  it("refuses half a WhatsApp configuration at start, naming what is missing", () => {
    expect(() => t.config({ WHATSAPP_ACCESS_TOKEN: TOKEN })).toThrow(/WHATSAPP_PHONE_NUMBER_ID: is required/);
    expect(() => t.config({ WHATSAPP_API_URL: "http://graph.example.com/v23.0" })).toThrow(/WHATSAPP_API_URL/);
  });
});

function sign(body: string, secret = APP_SECRET) {
  return `sha256=${crypto.createHmac("sha256", secret).update(body).digest("hex")}`;
}

function statusCall(id: string, status: string, extra: Record<string, unknown> = {}) {
  return JSON.stringify({
    object: "whatsapp_business_account",
    entry: [
      {
        id: "WABA",
        changes: [
          {
            field: "messages",
            value: {
              messaging_product: "whatsapp",
              statuses: [{ id, status, timestamp: "1", recipient_id: "26771234567", ...extra }],
            },
          },
        ],
      },
    ],
  });
}

function post(body: string, signature: string | undefined) {
  return app.inject({
    method: "POST",
    url: WHATSAPP_WEBHOOK_PATH,
    headers: { "content-type": "application/json", ...(signature ? { "x-hub-signature-256": signature } : {}) },
    payload: body,
  });
}

describe("the webhook", () => {
  it("answers the verification handshake only with the verify token", async () => {
    const ok = await app.inject({
      url: `${WHATSAPP_WEBHOOK_PATH}?hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1158201444`,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe("1158201444");
    const wrong = await app.inject({
      url: `${WHATSAPP_WEBHOOK_PATH}?hub.mode=subscribe&hub.verify_token=guess&hub.challenge=1158201444`,
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.body).not.toContain("1158201444");
  });

  it("accepts a call signed with the app secret over the raw body; a bad or missing signature gets 401 and changes nothing", async () => {
    const id = await queueWhatsApp();
    await t.db
      .updateTable("text_messages")
      .set({ status: "sent", provider_message_id: "wamid.S1" })
      .where("id", "=", id)
      .execute();
    const body = statusCall("wamid.S1", "delivered");

    expect((await post(body, undefined)).statusCode).toBe(401);
    expect((await post(body, sign(body, "another-secret-0123456789"))).statusCode).toBe(401);
    // Signed, then altered: the signature covers the exact bytes.
    expect((await post(body.replace("delivered", "read"), sign(body))).statusCode).toBe(401);
    expect((await post(body, "sha256=zz")).statusCode).toBe(401);
    expect(await row(id)).toMatchObject({ status: "sent" });

    // The same JSON re-spaced is other bytes: signed as sent, it is accepted.
    const spaced = JSON.stringify(JSON.parse(body), null, 2);
    const accepted = await post(spaced, sign(spaced));
    expect(accepted.statusCode).toBe(200);
    expect(await row(id)).toMatchObject({ status: "delivered" });
  });

  it("status calls move a message forward, never back; failed records WhatsApp's code", async () => {
    const a = await queueWhatsApp();
    const b = await queueWhatsApp();
    await t.db
      .updateTable("text_messages")
      .set({ status: "sent", provider_message_id: "wamid.A" })
      .where("id", "=", a)
      .execute();
    await t.db
      .updateTable("text_messages")
      .set({ status: "sent", provider_message_id: "wamid.B" })
      .where("id", "=", b)
      .execute();
    for (const s of ["read", "delivered", "sent"]) {
      const body = statusCall("wamid.A", s);
      expect((await post(body, sign(body))).statusCode).toBe(200);
    }
    expect(await row(a)).toMatchObject({ status: "read" });
    const failed = statusCall("wamid.B", "failed", { errors: [{ code: 131026, title: "Message undeliverable" }] });
    expect((await post(failed, sign(failed))).statusCode).toBe(200);
    expect(await row(b)).toMatchObject({ status: "failed", last_error: "whatsapp 131026" });
  });

  it("a STOP reply makes the number's appointments e-mail only and stops its waiting messages", async () => {
    await seedAppointment(t.db, { reference: "APT-2026-000501", phone: "+26773000001" });
    await seedAppointment(t.db, { reference: "APT-2026-000502", phone: "+26773000001" });
    await seedAppointment(t.db, { reference: "APT-2026-000503", phone: "+26773000002" });
    const waiting = await enqueueMessage(
      {
        channel: "whatsapp",
        to: "+26773000001",
        about: "APT-2026-000502",
        kind: "reminder",
        body: "x",
        whatsapp: template,
        notBefore: new Date("2999-01-01T00:00:00Z"),
      },
      new Date(),
      t.db,
    );
    const body = JSON.stringify({
      object: "whatsapp_business_account",
      entry: [
        {
          changes: [
            { value: { messages: [{ from: "26773000001", id: "wamid.IN", type: "text", text: { body: " stop " } }] } },
          ],
        },
      ],
    });
    expect((await post(body, sign(body))).statusCode).toBe(200);
    const prefs = await t.db
      .selectFrom("appointments")
      .select(["reference", "contact_preference"])
      .where("reference", "like", "APT-2026-0005%")
      .orderBy("reference")
      .execute();
    expect(prefs.map((p) => p.contact_preference ?? null)).toEqual(["email", "email", null]);
    expect(await row(waiting)).toMatchObject({ status: "stopped" });
  });

  it("a late or replayed failure never undoes a delivery: failed only before delivered", async () => {
    const delivered = await queueWhatsApp();
    const read = await queueWhatsApp();
    for (const [id, wamid] of [
      [delivered, "wamid.LATE1"],
      [read, "wamid.LATE2"],
    ] as const) {
      await t.db
        .updateTable("text_messages")
        .set({ status: "sent", provider_message_id: wamid })
        .where("id", "=", id)
        .execute();
    }
    for (const body of [statusCall("wamid.LATE1", "delivered"), statusCall("wamid.LATE2", "read")]) {
      expect((await post(body, sign(body))).statusCode).toBe(200);
    }
    for (const wamid of ["wamid.LATE1", "wamid.LATE2"]) {
      const late = statusCall(wamid, "failed", { errors: [{ code: 131026, title: "Message undeliverable" }] });
      expect((await post(late, sign(late))).statusCode).toBe(200);
    }
    expect(await row(delivered)).toMatchObject({ status: "delivered", last_error: null });
    expect(await row(read)).toMatchObject({ status: "read", last_error: null });
  });

  it("a replayed call changes nothing: a STOP or a status already seen is ignored", async () => {
    await seedAppointment(t.db, { reference: "APT-2026-000601", phone: "+26773000061" });
    const stop = JSON.stringify({
      object: "whatsapp_business_account",
      entry: [
        {
          changes: [
            {
              value: {
                messages: [{ from: "26773000061", id: "wamid.STOP61", type: "text", text: { body: "STOP" } }],
              },
            },
          ],
        },
      ],
    });
    const preference = async () =>
      (
        await t.db
          .selectFrom("appointments")
          .select("contact_preference")
          .where("reference", "=", "APT-2026-000601")
          .executeTakeFirstOrThrow()
      ).contact_preference;
    expect((await post(stop, sign(stop))).statusCode).toBe(200);
    expect(await preference()).toBe("email");
    // The patient phones the desk and asks for texts again; then the old STOP call comes again.
    await setContactPreference("APT-2026-000601", "sms", new Date(), t.db);
    expect((await post(stop, sign(stop))).statusCode).toBe(200);
    expect(await preference()).toBe("sms");

    // A status: acted on once, then remembered; the same call again is answered 200 and counted as repeated.
    const id = await queueWhatsApp();
    await t.db
      .updateTable("text_messages")
      .set({ status: "sent", provider_message_id: "wamid.TWICE" })
      .where("id", "=", id)
      .execute();
    const delivered = statusCall("wamid.TWICE", "delivered");
    expect((await post(delivered, sign(delivered))).statusCode).toBe(200);
    expect(await row(id)).toMatchObject({ status: "delivered" });
    const seen = await t.db.selectFrom("whatsapp_webhook_events").select("event_key").execute();
    expect(seen.map((r) => r.event_key)).toEqual(
      expect.arrayContaining(["message:wamid.STOP61", "status:wamid.TWICE:delivered"]),
    );
    expect((await post(delivered, sign(delivered))).statusCode).toBe(200);
    expect(await row(id)).toMatchObject({ status: "delivered" });
  });

  it(`the seen ids are forgotten ${WEBHOOK_EVENTS_KEPT_DAYS} days after they came, by the daily purge`, async () => {
    const key = "status:wamid.OLD:delivered";
    await t.db
      .insertInto("whatsapp_webhook_events")
      .values([
        { event_key: key, received_at: "2026-01-01T00:00:00.000Z" },
        { event_key: "status:wamid.NEW:delivered", received_at: "2026-01-30T00:00:00.000Z" },
      ])
      .execute();
    expect(await forgetOldWebhookEvents(t.db, new Date("2026-02-01T00:00:00.000Z"))).toBe(1);
    const left = await t.db.selectFrom("whatsapp_webhook_events").select("event_key").execute();
    expect(left.map((r) => r.event_key)).not.toContain(key);
    expect(left.map((r) => r.event_key)).toContain("status:wamid.NEW:delivered");
  });

  it("works inside the real app (its body limits, content-type rule and JSON parser elsewhere)", async () => {
    // buildApp registers the webhook itself, with the app's database.
    const real = await buildApp({ config, db: t.open(), servePages: false });
    await real.ready();
    const id = await queueWhatsApp();
    await t.db
      .updateTable("text_messages")
      .set({ status: "sent", provider_message_id: "wamid.REAL" })
      .where("id", "=", id)
      .execute();
    const body = statusCall("wamid.REAL", "delivered");
    const headers = { "content-type": "application/json", "x-hub-signature-256": sign(body) };
    expect((await real.inject({ method: "POST", url: WHATSAPP_WEBHOOK_PATH, headers, payload: body })).statusCode).toBe(
      200,
    );
    expect(await row(id)).toMatchObject({ status: "delivered" });
    const text = await real.inject({
      method: "POST",
      url: WHATSAPP_WEBHOOK_PATH,
      headers: { ...headers, "content-type": "text/plain" },
      payload: body,
    });
    expect(text.statusCode).toBe(415);
    // The app's other JSON routes still parse JSON.
    const health = await real.inject({
      method: "POST",
      url: "/api/client-errors",
      headers: { "content-type": "application/json", "sec-fetch-site": "same-origin" },
      payload: "{}",
    });
    expect(health.statusCode).toBe(400);
    await real.close();
  });

  it("answers 404 when WhatsApp is not configured", async () => {
    const bare = Fastify();
    await bare.register(whatsappWebhookRoutes, { db: t.db, config: t.config() });
    const body = statusCall("wamid.X", "read");
    expect(
      (
        await bare.inject({
          method: "POST",
          url: WHATSAPP_WEBHOOK_PATH,
          headers: { "content-type": "application/json", "x-hub-signature-256": sign(body) },
          payload: body,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await bare.inject({ url: `${WHATSAPP_WEBHOOK_PATH}?hub.mode=subscribe&hub.verify_token=x&hub.challenge=1` }))
        .statusCode,
    ).toBe(404);
    await bare.close();
  });
});

describe("logs", () => {
  it("hold codes and counts, never the number or the words: refusals, a lost answer, the webhook's calls and a STOP", async () => {
    const lines = recordingLog();
    const words = "Secret words for WhatsApp";
    const queue = () =>
      enqueueMessage(
        {
          channel: "whatsapp",
          to: "+26771234567",
          about: "APT-2026-000960",
          kind: "confirmed",
          body: words,
          whatsapp: { ...template, params: [words] },
        },
        new Date(),
        t.db,
      );
    const send = async () => {
      const senders = createTextSenders(t.db, config, lines);
      try {
        return await deliverDueMessages(t.db, senders, {
          quietHours: null,
          maxAttempts: 3,
          claimMs: claimMs(config),
          log: lines,
        });
      } finally {
        await senders.close();
      }
    };
    // WhatsApp's error answers name the recipient; none of it is logged.
    const refusal = { error: { code: 131026, message: "Recipient +26771234567 cannot be reached" } };
    answer = () => ({ status: 400, body: refusal });
    await queue();
    expect(await send()).toMatchObject({ failed: 1 });
    answer = () => ({ status: 503, body: refusal });
    await queue();
    expect(await send()).toMatchObject({ retried: 1 });
    answer = () => "hang-up";
    await queue();
    expect(await send()).toMatchObject({ unknown: 1 });

    // The webhook inside the real app, with its request logs.
    const appLines: string[] = [];
    const real = await buildApp({
      config: t.config({ ...webhookEnv(), LOG_LEVEL: "info" }),
      db: t.open(),
      servePages: false,
      logStream: { write: (line) => appLines.push(line) },
    });
    await real.ready();
    await seedAppointment(t.db, { reference: "APT-2026-000961", phone: "+26771234567" });
    const stop = JSON.stringify({
      entry: [{ changes: [{ value: { messages: [{ from: "26771234567", type: "text", text: { body: "STOP" } }] } }] }],
    });
    const failed = statusCall("wamid.NONE", "failed", { errors: [{ code: 131026, title: "Message undeliverable" }] });
    for (const body of [stop, failed, failed]) {
      const headers = { "content-type": "application/json", "x-hub-signature-256": sign(body) };
      expect(
        (await real.inject({ method: "POST", url: WHATSAPP_WEBHOOK_PATH, headers, payload: body })).statusCode,
      ).toBe(200);
    }
    const unsigned = await real.inject({
      method: "POST",
      url: WHATSAPP_WEBHOOK_PATH,
      headers: { "content-type": "application/json" },
      payload: stop,
    });
    expect(unsigned.statusCode).toBe(401);
    await real.close();

    const logged = [...lines.lines, ...appLines].join("\n");
    expect(logged).toMatch(/http 400 code 131026/);
    expect(logged).toMatch(/"stops":1/);
    // The same failure again: ignored, and counted as repeated.
    expect(logged).toMatch(/"statuses":0,"updated":0,"stops":0,"repeated":1/);
    expect(logged).toMatch(/bad-signature/);
    expect(logged).not.toMatch(/71234567|Secret words/);
  });
});
