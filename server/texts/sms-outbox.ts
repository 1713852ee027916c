import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { Config } from "../base/config";
import { ensurePrivateDir, writePrivateFile } from "../base/private-files";
import { septetCount } from "../../domain/gsm7";
import type { HandOver } from "./hand-over";
import type { TextMessageRow } from "./text-message-repository";

/**
 * Without SMPP_URL, each SMS is written as a text file in
 * DATA_DIR/sms-outbox, as e-mail is to DATA_DIR/outbox, so the quick start
 * shows what would be sent. Files are 0600 in a 0700 folder; a file's name
 * holds when it was written, a random part and the message's id (which ties
 * it to its row and so to its appointment, for a patient's export and
 * erasure), never the number.
 */

export function smsOutboxDir(config: Pick<Config, "dataDir">): string {
  return path.join(config.dataDir, "sms-outbox");
}

export function smsOutboxFileName(now: Date, messageId: number): string {
  return `${now.toISOString().replace(/[:.]/g, "-")}-${crypto.randomBytes(4).toString("hex")}-text-${messageId}.txt`;
}

/** The text_messages id in an outbox file's name, or null. */
export function smsOutboxMessageId(name: string): number | null {
  const id = /-text-(\d+)\.txt$/.exec(name)?.[1];
  return id === undefined ? null : Number(id);
}

/** Writes the SMS as a file (written under a temporary name, then renamed): sent. */
export async function writeSmsToOutbox(
  config: Pick<Config, "dataDir">,
  message: Pick<TextMessageRow, "id" | "to_number" | "about_reference" | "kind" | "body">,
  now: Date = new Date(),
): Promise<HandOver> {
  const dir = smsOutboxDir(config);
  await ensurePrivateDir(dir);
  const name = smsOutboxFileName(now, message.id);
  const tmp = path.join(dir, `.${name}.tmp`);
  const text =
    `To: ${message.to_number}\nAbout: ${message.about_reference ?? ""}\nKind: ${message.kind}\n` +
    `Septets: ${septetCount(message.body)}\n\n${message.body}\n`;
  await writePrivateFile(tmp, text);
  await fs.rename(tmp, path.join(dir, name));
  return { outcome: "sent", providerId: null };
}

/** Deletes outbox files last written before `before`; returns how many. */
export async function deleteOldSmsOutboxFiles(config: Pick<Config, "dataDir">, before: Date): Promise<number> {
  const dir = smsOutboxDir(config);
  const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
  let deleted = 0;
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const file = path.join(dir, entry.name);
    const stat = await fs.stat(file).catch(() => null);
    if (!stat || stat.mtimeMs >= before.getTime()) continue;
    await fs.rm(file, { force: true });
    deleted++;
  }
  return deleted;
}

/** Deletes the outbox files of messages `ids` (a patient's erasure); returns how many. */
export async function deleteSmsOutboxFilesOf(config: Pick<Config, "dataDir">, ids: number[]): Promise<number> {
  const wanted = new Set(ids);
  const dir = smsOutboxDir(config);
  const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
  let deleted = 0;
  for (const entry of entries) {
    const id = smsOutboxMessageId(entry.name);
    if (!entry.isFile() || id === null || !wanted.has(id)) continue;
    await fs.rm(path.join(dir, entry.name), { force: true });
    deleted++;
  }
  return deleted;
}
