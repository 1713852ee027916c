import fs from "node:fs";
import path from "node:path";

/** One decoded MIME leaf part of a raw e-mail. */
export interface MailPart {
  headers: Record<string, string>;
  contentType: string;
  filename: string | null;
  body: string;
}

function parseHeaders(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of block.replace(/\r\n[ \t]+/g, " ").split(/\r\n/)) {
    const i = line.indexOf(":");
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  return headers;
}

function decode(body: string, encoding: string | undefined): string {
  switch ((encoding ?? "7bit").toLowerCase()) {
    case "base64":
      return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
    case "quoted-printable":
      return Buffer.from(
        body
          .replace(/=\r\n/g, "")
          .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
        "latin1",
      ).toString("utf8");
    default:
      return body;
  }
}

/** Splits a raw message into its decoded leaf parts (enough MIME for tests). */
export function mailParts(raw: string): { headers: Record<string, string>; parts: MailPart[] } {
  const normalised = raw.replace(/\r?\n/g, "\r\n");
  const split = normalised.indexOf("\r\n\r\n");
  const headers = parseHeaders(normalised.slice(0, split));
  const parts: MailPart[] = [];
  const walk = (partHeaders: Record<string, string>, body: string) => {
    const type = partHeaders["content-type"] ?? "text/plain";
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (/^multipart\//i.test(type) && boundary) {
      for (const chunk of body.split(`--${boundary}`).slice(1)) {
        if (chunk.startsWith("--")) break;
        const inner = chunk.replace(/^\r\n/, "");
        const at = inner.indexOf("\r\n\r\n");
        walk(parseHeaders(inner.slice(0, at)), inner.slice(at + 4).replace(/\r\n$/, ""));
      }
      return;
    }
    const disposition = partHeaders["content-disposition"] ?? "";
    const filename = /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? /name="?([^";]+)"?/i.exec(type)?.[1] ?? null;
    parts.push({
      headers: partHeaders,
      contentType: type.split(";")[0]!.trim().toLowerCase(),
      filename,
      body: decode(body, partHeaders["content-transfer-encoding"]),
    });
  };
  walk(headers, normalised.slice(split + 4));
  return { headers, parts };
}

/** Waits for a message in the sink folder that matches, and returns it parsed. */
export async function waitForMail(
  dir: string,
  match: (mail: ReturnType<typeof mailParts>) => boolean,
  timeoutMs = 30_000,
) {
  const deadline = Date.now() + timeoutMs;
  // A message file is complete once it has its name (the sink writes a dot-file and renames it), so each is read once.
  const parsed = new Map<string, ReturnType<typeof mailParts>>();
  for (;;) {
    if (fs.existsSync(dir)) {
      for (const file of fs
        .readdirSync(dir)
        .filter((f) => f.endsWith(".eml") && !f.startsWith("."))
        .sort()) {
        let mail = parsed.get(file);
        if (!mail) parsed.set(file, (mail = mailParts(fs.readFileSync(path.join(dir, file), "utf8"))));
        if (match(mail)) return mail;
      }
    }
    if (Date.now() > deadline) throw new Error(`no matching e-mail in ${dir} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
