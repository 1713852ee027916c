import crypto from "node:crypto";
import type { WhatsAppConfig } from "../base/config";
import type { WhatsAppTemplateMessage } from "../../domain/text-messages";
import type { HandOver } from "./hand-over";

/**
 * The WhatsApp Business Cloud API (decision 030): a template message is one
 * POST to `${WHATSAPP_API_URL}/${WHATSAPP_PHONE_NUMBER_ID}/messages` with the
 * access token; its webhook is signed with the app secret.
 */

/** How long one call may take; past it the message is "unknown" (the request may have arrived). */
export const WHATSAPP_TIMEOUT_MS = 20_000;

/** Cloud API error codes that mean "too many, try later", whatever the HTTP status (rate and spam limits). */
const THROTTLE_CODES = new Set([4, 80007, 130429, 131048, 131056]);

/** Network errors that happen before a request is written: nothing reached WhatsApp, so trying again is safe. */
const NOT_SENT = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ENETUNREACH",
  "EHOSTUNREACH",
  "UND_ERR_CONNECT_TIMEOUT",
  "CERT_HAS_EXPIRED",
  "DEPTH_ZERO_SELF_SIGNED_CERT",
  "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
  "ERR_TLS_CERT_ALTNAME_INVALID",
]);

/** The request body of a template message to `to` (E.164). */
export function templateRequest(to: string, template: WhatsAppTemplateMessage) {
  return {
    messaging_product: "whatsapp",
    recipient_type: "individual",
    to: to.replace(/^\+/, ""),
    type: "template",
    template: {
      name: template.name,
      language: { code: template.language },
      components: [{ type: "body", parameters: template.params.map((text) => ({ type: "text", text })) }],
    },
  };
}

/**
 * Sends one template message: 2xx → sent, with WhatsApp's message id; 429,
 * 5xx and the throttling error codes → temporary; other 4xx → permanent; a
 * network failure before the request went → temporary; one after it (no
 * answer in time, the connection closed) → unknown.
 */
export async function sendWhatsAppTemplate(
  config: Pick<WhatsAppConfig, "apiUrl" | "accessToken" | "phoneNumberId">,
  to: string,
  template: WhatsAppTemplateMessage,
  { timeoutMs = WHATSAPP_TIMEOUT_MS }: { timeoutMs?: number } = {},
): Promise<HandOver> {
  let response: Response;
  try {
    response = await fetch(`${config.apiUrl}/${encodeURIComponent(config.phoneNumberId)}/messages`, {
      method: "POST",
      headers: { authorization: `Bearer ${config.accessToken}`, "content-type": "application/json" },
      body: JSON.stringify(templateRequest(to, template)),
      signal: AbortSignal.timeout(timeoutMs),
      redirect: "error",
    });
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    const code = cause?.code ?? (error as Error).name;
    return NOT_SENT.has(code) ? { outcome: "temporary", code } : { outcome: "unknown", code };
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  if (response.ok) {
    const id = (body as { messages?: { id?: unknown }[] } | undefined)?.messages?.[0]?.id;
    return { outcome: "sent", providerId: typeof id === "string" ? id : null };
  }
  const apiCode = (body as { error?: { code?: unknown } } | undefined)?.error?.code;
  const code = `http ${response.status}${typeof apiCode === "number" ? ` code ${apiCode}` : ""}`;
  if (
    response.status === 429 ||
    response.status >= 500 ||
    (typeof apiCode === "number" && THROTTLE_CODES.has(apiCode))
  ) {
    return { outcome: "temporary", code };
  }
  return { outcome: "permanent", code };
}

/**
 * Whether `header` (X-Hub-Signature-256: "sha256=<hex>") is the HMAC-SHA256
 * of the raw body with the app secret, compared in constant time.
 */
export function validSignature(rawBody: Buffer, header: string | undefined, appSecret: string): boolean {
  const match = /^sha256=([0-9a-fA-F]{64})$/.exec(header?.trim() ?? "");
  if (!match) return false;
  const expected = crypto.createHmac("sha256", appSecret).update(rawBody).digest();
  return crypto.timingSafeEqual(expected, Buffer.from(match[1]!, "hex"));
}

export interface WebhookStatus {
  providerId: string;
  status: "sent" | "delivered" | "read" | "failed";
  code: string | null;
}

export interface WebhookInbound {
  /** WhatsApp's id of the message (wamid), when it gives one: a replay of it is ignored. */
  id?: string;
  /** The sender's number as WhatsApp gives it (wa_id, digits). */
  from: string;
  text: string;
}

/** The status calls and inbound text messages in a webhook's JSON; anything else is ignored. */
export function readWebhook(payload: unknown): { statuses: WebhookStatus[]; inbound: WebhookInbound[] } {
  const statuses: WebhookStatus[] = [];
  const inbound: WebhookInbound[] = [];
  const entries = (payload as { entry?: unknown })?.entry;
  for (const entry of Array.isArray(entries) ? entries : []) {
    const changes = (entry as { changes?: unknown })?.changes;
    for (const change of Array.isArray(changes) ? changes : []) {
      const value = (change as { value?: { statuses?: unknown; messages?: unknown } })?.value;
      for (const s of Array.isArray(value?.statuses) ? value.statuses : []) {
        const { id, status, errors } = s as { id?: unknown; status?: unknown; errors?: { code?: unknown }[] };
        if (typeof id !== "string" || !["sent", "delivered", "read", "failed"].includes(String(status))) continue;
        const errorCode = Array.isArray(errors) ? errors[0]?.code : undefined;
        statuses.push({
          providerId: id,
          status: status as WebhookStatus["status"],
          code: status === "failed" ? `whatsapp ${typeof errorCode === "number" ? errorCode : "failed"}` : null,
        });
      }
      for (const m of Array.isArray(value?.messages) ? value.messages : []) {
        const { id, from, type, text } = m as {
          id?: unknown;
          from?: unknown;
          type?: unknown;
          text?: { body?: unknown };
        };
        if (typeof from === "string" && type === "text" && typeof text?.body === "string") {
          inbound.push({ ...(typeof id === "string" ? { id } : {}), from, text: text.body });
        }
      }
    }
  }
  return { statuses, inbound };
}
