import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Config } from "../config";

export interface SendableMail {
  from: string;
  to: string | { name: string; address: string };
  subject: string;
  text: string;
  html?: string;
  attachments?: { filename: string; contentType: string; content: Buffer }[];
}

export type SendMail = (mail: SendableMail) => Promise<void>;

/**
 * SMTP when SMTP_URL is set; otherwise each message is written as an .eml
 * file under DATA_DIR/outbox (nodemailer's stream transport), so the default
 * set-up needs no mail server.
 */
export function createSender(config: Pick<Config, "mail" | "dataDir">): { send: SendMail; close: () => void; kind: string } {
  if (config.mail.smtpUrl) {
    const transport = nodemailer.createTransport(config.mail.smtpUrl);
    return {
      kind: "smtp",
      send: async (mail) => {
        await transport.sendMail(mail);
      },
      close: () => transport.close(),
    };
  }
  const outbox = path.join(config.dataDir, "outbox");
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    kind: "outbox",
    send: async (mail) => {
      const info = await transport.sendMail(mail);
      await fs.mkdir(outbox, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${crypto.randomBytes(4).toString("hex")}.eml`;
      const tmp = path.join(outbox, `.${name}.tmp`);
      await fs.writeFile(tmp, info.message as Buffer);
      await fs.rename(tmp, path.join(outbox, name));
    },
    close: () => transport.close(),
  };
}
