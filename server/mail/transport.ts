import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { createTransport } from "nodemailer";
import type SMTPTransport from "nodemailer/lib/smtp-transport";
import type { Config } from "../base/config";
import { ensurePrivateDir, writePrivateFile } from "../base/private-files";

export interface SendableMail {
  from: string;
  to: string | { name: string; address: string };
  subject: string;
  text: string;
  html?: string;
  attachments?: { filename: string; contentType: string; content: Buffer }[];
  /** The mail_queue row being sent: the outbox names its file after it (outboxFileName); never sent. */
  queueId?: number;
}

export type SendMail = (mail: SendableMail) => Promise<void>;

/**
 * Hosts that are this machine by name: SMTP to them may go without TLS (a
 * local relay). Narrower than config's isLoopbackHost on purpose: any other
 * 127.x address stands for a relay elsewhere (the TLS test relies on it).
 */
const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "::1", "[::1]"]);

export function isLocalHost(host: string): boolean {
  return LOCAL_HOSTS.has(host.toLowerCase());
}

/** The disk outbox (no SMTP_URL): one .eml file per message. */
export function outboxDir(config: Pick<Config, "dataDir">): string {
  return path.join(config.dataDir, "outbox");
}

/**
 * An outbox file's name: when it was written, a random part and, for a
 * message from the queue, its mail_queue id, which ties the file to the row
 * and to what the row is about (a patient's export and erasure, decision 011).
 */
export function outboxFileName(now: Date, queueId?: number): string {
  const id = queueId === undefined ? "" : `-mail-${queueId}`;
  return `${now.toISOString().replace(/[:.]/g, "-")}-${crypto.randomBytes(4).toString("hex")}${id}.eml`;
}

/** The mail_queue id in an outbox file's name, or null (a file written before names held it). */
export function outboxMailId(name: string): number | null {
  const id = /-mail-(\d+)\.eml$/.exec(name)?.[1];
  return id === undefined ? null : Number(id);
}

/**
 * Time limits for one SMTP conversation, well below the worker's claim on a
 * message (MAIL_CLAIM_MS, two minutes) so a stuck peer fails the attempt
 * instead of holding it; the worker also renews its claim while it sends.
 */
export const SMTP_TIMEOUTS = { connectionTimeout: 20_000, greetingTimeout: 20_000, socketTimeout: 45_000 } as const;

/**
 * nodemailer options for SMTP_URL, built here rather than by nodemailer's
 * URL parser so nothing in the URL can turn TLS off. smtps:// is TLS from the
 * first byte; smtp:// must upgrade with STARTTLS (requireTLS: a server that
 * does not offer it is refused before any message is sent), unless the host
 * is this machine or SMTP_ALLOW_PLAINTEXT=true. Certificates are verified.
 */
export function smtpOptions(smtpUrl: string, allowPlaintext: boolean): SMTPTransport.Options {
  const url = new URL(smtpUrl);
  const secure = url.protocol === "smtps:";
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  const plaintextOk = allowPlaintext || isLocalHost(host);
  return {
    host,
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    requireTLS: !secure && !plaintextOk,
    ignoreTLS: false,
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    tls: { rejectUnauthorized: true },
    ...SMTP_TIMEOUTS,
  };
}

/**
 * nodemailer, loaded with the first message sent (decision 085): it, and the fetch its ES module
 * build brings in through node:http (undici), took about 150 ms of the server's start and a few MB
 * of its memory, which a server needs only once it has mail to send.
 */
const importNodemailer = () => import("nodemailer");
let nodemailerModule: ReturnType<typeof importNodemailer> | undefined;

/** A nodemailer transport made with the first message, closed by `close` once it was made. */
function lazyTransport(options: Parameters<typeof createTransport>[0]) {
  let transport: Promise<ReturnType<typeof createTransport>> | undefined;
  return {
    open: () => (transport ??= (nodemailerModule ??= importNodemailer()).then((m) => m.createTransport(options))),
    close: () => void transport?.then((made) => made.close()),
  };
}

/**
 * SMTP when SMTP_URL is set (TLS required, see smtpOptions); otherwise each
 * message is written as an .eml file under DATA_DIR/outbox (nodemailer's
 * stream transport), so the default set-up needs no mail server. Outbox
 * files are 0600 in a 0700 folder, and the daily purge deletes them after
 * RETAIN_OUTBOX_DAYS.
 */
export function createSender(config: Pick<Config, "mail" | "dataDir">): {
  send: SendMail;
  close: () => void;
  kind: string;
} {
  if (config.mail.smtpUrl) {
    const transport = lazyTransport(smtpOptions(config.mail.smtpUrl, config.mail.allowPlaintext));
    return {
      kind: "smtp",
      send: async ({ queueId: _queueId, ...mail }) => {
        await (await transport.open()).sendMail(mail);
      },
      close: transport.close,
    };
  }
  const outbox = outboxDir(config);
  const transport = lazyTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    kind: "outbox",
    send: async ({ queueId, ...mail }) => {
      const info = await (await transport.open()).sendMail(mail);
      await ensurePrivateDir(outbox);
      const name = outboxFileName(new Date(), queueId);
      const tmp = path.join(outbox, `.${name}.tmp`);
      await writePrivateFile(tmp, info.message as Buffer);
      await fs.rename(tmp, path.join(outbox, name));
    },
    close: transport.close,
  };
}
