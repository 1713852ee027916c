import { sameSecret } from "../base/tokens";
import type { FastifyInstance } from "fastify";
import type { Config } from "../base/config";
import type { Db } from "../db/index";
import { isStopWord } from "../../domain/text-messages";
import { stopTextsFrom } from "./contact-preference";
import { textMessageRepository } from "./text-message-repository";
import { markEventsSeen, unseenEvents } from "./webhook-events";
import { readWebhook, validSignature } from "./whatsapp";

/** Where WhatsApp calls this server: the verification handshake (GET) and status and message calls (POST). */
export const WHATSAPP_WEBHOOK_PATH = "/api/whatsapp/webhook";
/** A webhook call's largest body (WhatsApp batches up to a thousand status updates). */
export const WHATSAPP_WEBHOOK_MAX_BYTES = 1024 * 1024;

const JSON_TYPE = "application/json";

/**
 * The WhatsApp webhook (decision 030), a plugin the app registers
 * (`app.register(whatsappWebhookRoutes, { db, config })`); without
 * WhatsApp's configuration both methods answer 404.
 * - GET: the verification handshake. With hub.mode=subscribe and
 *   hub.verify_token equal to WHATSAPP_VERIFY_TOKEN, hub.challenge is echoed
 *   (200 text/plain); otherwise 403.
 * - POST: the body is read raw, and its X-Hub-Signature-256 must be the
 *   HMAC-SHA256 of those bytes with WHATSAPP_APP_SECRET (compared in constant
 *   time) before anything parses it: otherwise 401 and nothing changes. Then
 *   status calls move their messages on (sent, delivered, read; failed only
 *   before delivered; never back), and a text "STOP" makes its number's
 *   appointments e-mail only. A status or message already seen is ignored
 *   (webhook-events.ts, decision 039), so a replayed call changes nothing.
 *   200 once stored (WhatsApp sends again on any other answer).
 * Nothing personal is logged: counts only.
 */
export async function whatsappWebhookRoutes(
  app: FastifyInstance,
  { db, config }: { db: Db; config: Pick<Config, "texts"> },
) {
  // In this plugin only: JSON arrives as the raw bytes the signature covers.
  app.removeContentTypeParser(JSON_TYPE);
  app.addContentTypeParser(JSON_TYPE, { parseAs: "buffer" }, (_request, body, done) => done(null, body));

  app.get(WHATSAPP_WEBHOOK_PATH, async (request, reply) => {
    reply.header("cache-control", "no-store");
    const whatsapp = config.texts.whatsapp;
    if (!whatsapp) return reply.code(404).send({ message: "Not found" });
    const query = request.query as Record<string, unknown>;
    const mode = query["hub.mode"];
    const token = query["hub.verify_token"];
    const challenge = query["hub.challenge"];
    if (
      mode !== "subscribe" ||
      typeof token !== "string" ||
      !sameSecret(token, whatsapp.verifyToken) ||
      typeof challenge !== "string" ||
      !/^[\w.-]{1,128}$/.test(challenge)
    ) {
      return reply.code(403).send({ message: "Verification refused" });
    }
    return reply.code(200).type("text/plain; charset=utf-8").send(challenge);
  });

  app.post(
    WHATSAPP_WEBHOOK_PATH,
    { bodyLimit: WHATSAPP_WEBHOOK_MAX_BYTES, config: { accepts: [JSON_TYPE] } },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const whatsapp = config.texts.whatsapp;
      if (!whatsapp) return reply.code(404).send({ message: "Not found" });
      const raw = request.body;
      const signature = request.headers["x-hub-signature-256"];
      if (
        !Buffer.isBuffer(raw) ||
        !validSignature(raw, typeof signature === "string" ? signature : undefined, whatsapp.appSecret)
      ) {
        request.log.warn({ whatsappWebhook: "bad-signature" }, "WhatsApp webhook refused: signature");
        return reply.code(401).send({ message: "Signature required" });
      }
      let payload: unknown;
      try {
        payload = JSON.parse(raw.toString("utf8"));
      } catch {
        return reply.code(400).send({ message: "Not JSON" });
      }
      const { statuses, inbound, repeated } = await unseenEvents(db, readWebhook(payload));
      const at = new Date().toISOString();
      const repo = textMessageRepository(db);
      let updated = 0;
      for (const s of statuses) updated += await repo.recordProgress("whatsapp", s.providerId, s.status, at, s.code);
      let stops = 0;
      for (const m of inbound) {
        if (!isStopWord(m.text)) continue;
        await stopTextsFrom(db, m.from, new Date(at));
        stops++;
      }
      await markEventsSeen(db, [...statuses, ...inbound], at);
      request.log.info(
        { whatsappWebhook: { statuses: statuses.length, updated, stops, repeated } },
        "WhatsApp webhook",
      );
      return reply.code(200).send({ ok: true });
    },
  );
}
