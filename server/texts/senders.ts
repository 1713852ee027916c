import type { Config } from "../base/config";
import type { Db } from "../db/index";
import { isStopWord, type WhatsAppTemplateMessage } from "../../domain/text-messages";
import { stopTextsFrom } from "./contact-preference";
import type { HandOver, MessageLog } from "./hand-over";
import type { Receipt } from "./receipts";
import { SmppSession, type SmppSessionOptions } from "./smpp-session";
import { writeSmsToOutbox } from "./sms-outbox";
import { textMessageRepository, type TextMessageRow } from "./text-message-repository";
import { sendWhatsAppTemplate } from "./whatsapp";

/**
 * The ways a message leaves (decision 030): SMS over SMPP when SMPP_URL is
 * set, else the disk outbox; WhatsApp through the Cloud API when it is
 * configured, else not at all (the worker sends such a message as SMS).
 */
export interface TextSenders {
  sms: "smpp" | "outbox";
  /** Whether an SMS can be handed over now (the SMPP session is bound; the outbox always). */
  smsReady: () => boolean;
  sendSms: (message: TextMessageRow) => Promise<HandOver>;
  /** Undefined without WhatsApp's configuration. */
  sendWhatsApp: ((message: TextMessageRow) => Promise<HandOver>) | undefined;
  /** Hand-overs the worker may have under way at once (the SMPP window). */
  window: number;
  /** The SMPP session, when there is one (tests and the benchmark wait for its bind). */
  smpp: SmppSession | undefined;
  close: () => Promise<void>;
}

export interface SenderOverrides {
  now?: () => Date;
  reconnectDelayMs?: SmppSessionOptions["reconnectDelayMs"];
  smppTls?: SmppSessionOptions["tls"];
  /** Waits before a receipt for a message not yet recorded as sent is given up on (ms, one per try). */
  receiptWaitsMs?: number[];
}

/** Outbox files are written one at a time per run slot; without SMPP the worker still hands over this many at once. */
const OUTBOX_WINDOW = 4;

/**
 * A delivery receipt: the message it names moves on (delivered, failed).
 * The SMS centre may send it before the worker has stored the submit's
 * answer, so an id not found yet is looked for again after short waits.
 */
export async function recordReceipt(
  db: Db,
  receipt: Receipt,
  now: Date,
  waitsMs: number[] = [50, 150, 400],
): Promise<"updated" | "unchanged" | "unknown-id"> {
  const repo = textMessageRepository(db);
  for (let i = 0; ; i++) {
    if (receipt.status) {
      const changed = await repo.recordProgress(
        "sms",
        receipt.providerId,
        receipt.status,
        now.toISOString(),
        receipt.code,
      );
      if (changed) return "updated";
    }
    if (await repo.exists("sms", receipt.providerId)) return "unchanged";
    const wait = waitsMs[i];
    if (wait === undefined) return "unknown-id";
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

export function createTextSenders(
  db: Db,
  config: Pick<Config, "texts" | "dataDir">,
  log?: MessageLog,
  overrides: SenderOverrides = {},
): TextSenders {
  const now = overrides.now ?? (() => new Date());
  const { smpp: smppConfig, whatsapp } = config.texts;
  let session: SmppSession | undefined;
  if (smppConfig) {
    session = new SmppSession({
      url: smppConfig.url,
      senderId: smppConfig.senderId,
      window: smppConfig.window,
      enquireLinkMs: smppConfig.enquireLinkMs,
      responseTimeoutMs: smppConfig.responseTimeoutMs,
      reconnectDelayMs: overrides.reconnectDelayMs,
      tls: overrides.smppTls,
      log,
      onReceipt: async (receipt) => {
        const result = await recordReceipt(db, receipt, now(), overrides.receiptWaitsMs);
        if (result === "unknown-id")
          log?.warn({ smpp: "receipt-unknown-id", code: receipt.code }, "SMPP receipt for no known message");
      },
      onInbound: async (from, text) => {
        if (!isStopWord(text)) return;
        const stopped = await stopTextsFrom(db, from, now());
        log?.info({ textStop: "sms", ...stopped }, "a patient stopped text messages");
      },
    });
    // In the background: the server starts and serves while the SMS centre is away.
    session.start();
  }
  return {
    sms: session ? "smpp" : "outbox",
    smsReady: () => (session ? session.bound : true),
    sendSms: (message) =>
      session ? session.submit(message.to_number, message.body) : writeSmsToOutbox(config, message, now()),
    sendWhatsApp: whatsapp
      ? (message) => {
          if (!message.template_json) return Promise.resolve({ outcome: "permanent", code: "no template" } as HandOver);
          return sendWhatsAppTemplate(
            whatsapp,
            message.to_number,
            JSON.parse(message.template_json) as WhatsAppTemplateMessage,
          );
        }
      : undefined,
    window: smppConfig?.window ?? OUTBOX_WINDOW,
    smpp: session,
    close: async () => {
      await session?.close();
    },
  };
}
