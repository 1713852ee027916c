import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { SMTPServer } from "smtp-server";

export interface MailSink {
  port: number;
  dir: string;
  close: () => Promise<void>;
}

/**
 * A real SMTP server for tests: accepts every message (no auth, no TLS, on
 * loopback) and writes each one as an .eml file into `dir`, named by arrival
 * time, written to a temporary name first so readers never see half a file.
 */
export async function startMailSink(dir: string, port = 0): Promise<MailSink> {
  fs.mkdirSync(dir, { recursive: true });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const name = `${Date.now()}-${crypto.randomBytes(4).toString("hex")}.eml`;
        const tmp = path.join(dir, `.${name}.tmp`);
        fs.writeFileSync(tmp, Buffer.concat(chunks));
        fs.renameSync(tmp, path.join(dir, name));
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const address = server.server.address();
  const actual = typeof address === "object" && address ? address.port : port;
  return { port: actual, dir, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Every message received so far, as raw text, oldest first. */
export function readMails(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".eml") && !f.startsWith("."))
    .sort()
    .map((f) => fs.readFileSync(path.join(dir, f), "utf8"));
}
