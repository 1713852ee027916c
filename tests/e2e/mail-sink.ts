import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { SMTPServer } from "smtp-server";

export interface MailSink {
  port: number;
  dir: string;
  close: () => Promise<void>;
}

export interface SmtpPeer {
  port: number;
  close: () => Promise<void>;
}

/**
 * A real SMTP server for tests on loopback, with no auth and no TLS.
 * `onMessage` reads each message's data and calls `accept` to answer 250.
 */
export async function startSmtpPeer(
  onMessage: (stream: NodeJS.ReadableStream, accept: () => void) => void,
  { host = "127.0.0.1", port = 0 }: { host?: string; port?: number } = {},
): Promise<SmtpPeer> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, callback) {
      onMessage(stream, () => callback());
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.server.address();
  const actual = typeof address === "object" && address ? address.port : port;
  return { port: actual, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/**
 * An SMTP peer that writes each message as an .eml file into `dir`, named by
 * arrival time, written to a temporary name first so readers never see half a file.
 */
export async function startMailSink(dir: string, port = 0): Promise<MailSink> {
  fs.mkdirSync(dir, { recursive: true });
  const peer = await startSmtpPeer(
    (stream, accept) => {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const name = `${Date.now()}-${crypto.randomBytes(4).toString("hex")}.eml`;
        const tmp = path.join(dir, `.${name}.tmp`);
        fs.writeFileSync(tmp, Buffer.concat(chunks));
        fs.renameSync(tmp, path.join(dir, name));
        accept();
      });
    },
    { port },
  );
  return { ...peer, dir };
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
