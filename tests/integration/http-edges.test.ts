import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DISCARD_MAX_BYTES, FORM_BODY_MAX_BYTES, JSON_BODY_MAX_BYTES } from "../../server/requests/body-limit";
import { FORM_UNREADABLE, SEND_AS_FORM } from "../../server/requests/page-forms";
import { idleIsTheClients } from "../../server/requests/timeouts";
import { NOT_MULTIPART, UPLOAD_UNREADABLE } from "../../server/uploads/routes";
import { createTestApp, type TestApp } from "../helpers/app";
import { bookWithLink } from "../helpers/patient-link";

/**
 * Findings of a security review at the HTTP edge (docs/security.md), over real sockets:
 * every POST surface counts a streamed body against its own limit whatever its
 * type and answers before a client sending an endless body has finished,
 * reading nothing whole; a content type a route does not take gets a prompt
 * 415; a malformed multipart body gets a 4xx with a message, never a 500;
 * a client that sends its headers or its body too slowly is cut off.
 */

const MB = 1024 * 1024;
const UPLOAD = "/api/cloudinary/upload/referrals_forms";
const UPLOAD_LIMIT = 10 * MB + 16 * 1024;
const BOOKING_LIMIT = UPLOAD_LIMIT + DISCARD_MAX_BYTES;
/** Bytes a fast client may have sent that the server has not read yet (socket buffers on both sides). */
const IN_FLIGHT = 8 * MB;
const BOUNDARY = "----edgeBoundary7MA4YWxkTrZu0gW";

const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;
const URLENCODED = "application/x-www-form-urlencoded";
const JSON_TYPE = "application/json";
const TEXT = "text/plain;charset=UTF-8";
const TYPES = [MULTIPART, URLENCODED, JSON_TYPE, TEXT] as const;

interface Surface {
  name: string;
  path: () => string;
  /** The one content type it takes. */
  takes: (typeof TYPES)[number];
  limit: number;
  /** The multipart field its file goes in (where it takes one). */
  fileField?: string;
}

/** The start of an endless body of this type (what follows is filler bytes). */
function bodyStart(type: string, fileField = "file"): Buffer {
  if (type === MULTIPART) {
    return Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${fileField}"; filename="scan.pdf"\r\n` +
        `Content-Type: application/pdf\r\n\r\n%PDF-1.4\n`,
    );
  }
  if (type === URLENCODED) return Buffer.from("email=a%40b.example&pad=");
  if (type === JSON_TYPE) return Buffer.from('{"name":"Neo","description":"');
  return Buffer.from("hello ");
}

const frame = (data: Buffer) =>
  Buffer.concat([Buffer.from(`${data.length.toString(16)}\r\n`), data, Buffer.from("\r\n")]);
const FILLER = frame(Buffer.alloc(256 * 1024, 0x61));

/** Whether a raw HTTP answer has arrived whole (by its Content-Length, or its last chunk). */
function answerComplete(answer: string): boolean {
  const split = answer.indexOf("\r\n\r\n");
  if (split < 0) return false;
  const length = /\r\ncontent-length: (\d+)/i.exec(answer.slice(0, split))?.[1];
  if (length !== undefined) return Buffer.byteLength(answer.slice(split + 4), "latin1") >= Number(length);
  return answer.endsWith("0\r\n\r\n");
}

interface Streamed {
  /** The answer's status, when one was read. */
  status?: number;
  /** What the server sent back. */
  answer: string;
  /** Body bytes sent when the server answered or hung up. */
  sentAtAnswer: number;
  /** Whether the client had sent its whole body by then. */
  finished: boolean;
}

/**
 * POSTs a chunked body (no Content-Length) on a raw socket as fast as the
 * server reads it: `start`, then filler, up to `total` bytes, then the last
 * chunk. Resolves when the server has answered or hung up.
 */
async function streamPost(
  url: string,
  urlPath: string,
  contentType: string | undefined,
  start: Buffer,
  total: number,
  onProgress?: () => void,
): Promise<Streamed> {
  const { hostname, port, host } = new URL(url);
  const socket = net.connect(Number(port), hostname);
  await new Promise((r) => socket.once("connect", r));
  const result: Streamed = { answer: "", sentAtAnswer: -1, finished: false };
  let sent = 0;
  let done = false;
  const answered = new Promise<void>((resolve) => {
    const end = () => {
      if (result.sentAtAnswer < 0) result.sentAtAnswer = sent;
      done = true;
      resolve();
    };
    socket.on("data", (d: Buffer) => {
      if (result.sentAtAnswer < 0) result.sentAtAnswer = sent;
      result.answer += d.toString("latin1");
      if (answerComplete(result.answer)) end();
    });
    socket.on("error", end);
    socket.on("close", end);
  });
  socket.write(
    `POST ${urlPath} HTTP/1.1\r\nHost: ${host}\r\nSec-Fetch-Site: same-origin\r\n` +
      (contentType ? `Content-Type: ${contentType}\r\n` : "") +
      `Transfer-Encoding: chunked\r\n\r\n`,
  );
  socket.write(frame(start));
  sent += start.length;
  while (!done && sent < total) {
    const more = socket.write(FILLER);
    sent += FILLER.length;
    onProgress?.();
    if (!more) await Promise.race([new Promise((r) => socket.once("drain", r)), answered]);
  }
  if (!done) {
    result.finished = true;
    socket.write("0\r\n\r\n");
  }
  await Promise.race([answered, new Promise((r) => setTimeout(r, 15_000))]);
  socket.destroy();
  const status = /^HTTP\/1\.1 (\d{3}) /.exec(result.answer)?.[1];
  if (status) result.status = Number(status);
  return result;
}

/** The message of a raw answer: its JSON body's, or the file's error on the booking page (HTML). */
function messageOf(answer: string): string | undefined {
  const split = answer.indexOf("\r\n\r\n");
  const body = answer.slice(split + 4);
  if (/\r\ncontent-type: application\/json/i.test(answer.slice(0, split))) {
    return (JSON.parse(body) as { message?: string }).message;
  }
  return /The file is too large[^<]*/.exec(body)?.[0];
}

describe("HTTP edges: body limits, content types, malformed multipart", () => {
  let t: TestApp;
  let url = "";
  let surfaces: Surface[] = [];

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_ENABLED: "false", STAFF_SLOWDOWN_MS: "0" }, { servePages: true });
    url = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const link = await bookWithLink(t);
    surfaces = [
      {
        name: "booking page",
        path: () => "/book-appointment",
        takes: MULTIPART,
        limit: BOOKING_LIMIT,
        fileField: "referral",
      },
      { name: "contact page", path: () => "/contact-us", takes: URLENCODED, limit: FORM_BODY_MAX_BYTES },
      { name: "private appointment page", path: () => link.path, takes: URLENCODED, limit: FORM_BODY_MAX_BYTES },
      { name: "staff sign-in", path: () => "/staff/login", takes: URLENCODED, limit: FORM_BODY_MAX_BYTES },
      {
        name: "staff invitation",
        path: () => "/staff/invite?token=abc",
        takes: URLENCODED,
        limit: FORM_BODY_MAX_BYTES,
      },
      { name: "staff console", path: () => "/staff/appointments", takes: URLENCODED, limit: FORM_BODY_MAX_BYTES },
      { name: "staff console data", path: () => "/staff/closures.data", takes: URLENCODED, limit: FORM_BODY_MAX_BYTES },
      {
        name: "enquiry API",
        path: () => "/api/contact-enquire/public/create",
        takes: JSON_TYPE,
        limit: JSON_BODY_MAX_BYTES,
      },
      {
        name: "appointment API",
        path: () => "/api/appointment/public/appointments",
        takes: JSON_TYPE,
        limit: JSON_BODY_MAX_BYTES,
      },
      { name: "upload API", path: () => UPLOAD, takes: MULTIPART, limit: UPLOAD_LIMIT },
    ];
  });
  afterAll(() => t.close());

  const count = async (table: "appointments" | "uploads" | "enquiries" | "staff_audit") =>
    (await t.db.selectFrom(table).select("id").execute()).length;
  const liveFiles = () => fs.readdirSync(path.join(t.dataDir, "uploads"));

  it("every POST surface counts a chunked body of any type against its limit: 413, or 415 for a type it does not take", async () => {
    const failures: string[] = [];
    for (const surface of surfaces) {
      for (const type of TYPES) {
        const expected = type === surface.takes ? 413 : 415;
        // A little over the limit, then the end: the rest is read and discarded, and the answer is readable.
        const total = (expected === 413 ? surface.limit : 0) + MB;
        const res = await streamPost(url, surface.path(), type, bodyStart(type, surface.fileField), total);
        const label = `${surface.name}, ${type.split(";")[0]}`;
        if (res.status !== expected)
          failures.push(`${label}: ${res.status ?? "no status"} (${res.answer.slice(0, 60)})`);
        else if (!messageOf(res.answer)) failures.push(`${label}: no message`);
      }
    }
    expect(failures).toEqual([]);
  });

  it(
    "every POST surface answers an endless chunked body of any type while the client is still sending, reading at most a bounded excess",
    { timeout: 240_000 },
    async () => {
      const before = { appointments: await count("appointments"), audit: await count("staff_audit") };
      const failures: string[] = [];
      for (const surface of surfaces) {
        for (const type of TYPES) {
          const expected = type === surface.takes ? 413 : 415;
          // Past the limit at most DISCARD_MAX_BYTES more are read and discarded (plus what the sockets hold).
          const bound = (expected === 413 ? surface.limit : 0) + DISCARD_MAX_BYTES + IN_FLIGHT;
          const res = await streamPost(url, surface.path(), type, bodyStart(type, surface.fileField), bound + 16 * MB);
          const label = `${surface.name}, ${type.split(";")[0]}`;
          if (res.finished)
            failures.push(`${label}: answered only after the whole body (${res.status ?? "no answer"})`);
          else if (res.sentAtAnswer > bound) failures.push(`${label}: answered after ${res.sentAtAnswer} bytes`);
          // Past the bound the server answers and hangs up: a client still sending may not get to read the answer.
          if (res.status !== undefined && res.status !== expected) failures.push(`${label}: ${res.status}`);
        }
      }
      expect(failures).toEqual([]);
      expect(await count("appointments")).toBe(before.appointments);
      expect(await count("staff_audit")).toBe(before.audit);
      expect(liveFiles()).toEqual([]);
    },
  );

  it("a 48 MB chunked multipart post to the private appointment page is not read whole: answered early, memory does not grow by the body", async () => {
    const link = surfaces.find((s) => s.name === "private appointment page")!.path();
    const memory = () => {
      const m = process.memoryUsage();
      return m.heapUsed + m.arrayBuffers;
    };
    const baseline = memory();
    let peak = baseline;
    const res = await streamPost(url, link, MULTIPART, bodyStart(MULTIPART), 48 * MB, () => {
      peak = Math.max(peak, memory());
    });
    peak = Math.max(peak, memory());
    expect(res.finished).toBe(false);
    expect(res.sentAtAnswer).toBeLessThan(DISCARD_MAX_BYTES + IN_FLIGHT);
    if (res.status !== undefined) expect(res.status).toBe(415);
    // Buffering the body would have held all 48 MB (the review measured 350 MB for 40 MB).
    expect(peak - baseline).toBeLessThan(24 * MB);
  });

  it("a content type a route does not take is answered 415 at once with a message, on every POST surface", async () => {
    const failures: string[] = [];
    const bodies: Record<string, string> = {
      [MULTIPART]: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--${BOUNDARY}--\r\n`,
      [URLENCODED]: "a=b",
      [JSON_TYPE]: '{"a":"b"}',
      [TEXT]: "hello",
      "application/octet-stream": "\u0000\u0001",
      // A body with no Content-Type at all.
      "": "a=b",
    };
    for (const surface of surfaces) {
      for (const [type, body] of Object.entries(bodies)) {
        if (type === surface.takes) continue;
        const started = Date.now();
        const res = await fetch(`${url}${surface.path()}`, {
          method: "POST",
          headers: { "sec-fetch-site": "same-origin", ...(type ? { "content-type": type } : {}) },
          // Bytes, not a string: fetch then sends no Content-Type of its own.
          body: type ? body : new TextEncoder().encode(body),
          redirect: "manual",
          signal: AbortSignal.timeout(5000),
        }).catch((error: unknown) => error as Error);
        const label = `${surface.name}, ${type.split(";")[0] || "no content type"}`;
        if (res instanceof Error) {
          failures.push(`${label}: ${res.name}`);
          continue;
        }
        const answer = (await res.json().catch(() => ({}))) as { message?: string };
        if (res.status !== 415) failures.push(`${label}: ${res.status}`);
        else if (!answer.message) failures.push(`${label}: no message`);
        else if (res.headers.get("set-cookie")) failures.push(`${label}: set a cookie`);
        if (Date.now() - started > 2000) failures.push(`${label}: took ${Date.now() - started} ms`);
      }
    }
    expect(failures).toEqual([]);
    // A post with neither a body nor a type (a sign-out button) has nothing to refuse: an empty form, never a 5xx.
    for (const surface of surfaces) {
      const res = await fetch(`${url}${surface.path()}`, {
        method: "POST",
        headers: { "sec-fetch-site": "same-origin" },
        redirect: "manual",
        signal: AbortSignal.timeout(5000),
      });
      expect(res.status, surface.name).toBeLessThan(500);
    }
    // The messages say what to send.
    const upload = await fetch(`${url}${UPLOAD}`, { method: "POST", headers: { "content-type": TEXT }, body: "x" });
    expect(await upload.json()).toEqual({ message: NOT_MULTIPART });
    const signIn = await fetch(`${url}/staff/login`, {
      method: "POST",
      headers: { "content-type": TEXT, "sec-fetch-site": "same-origin" },
      body: "email=a",
    });
    expect(await signIn.json()).toEqual({ message: SEND_AS_FORM });
  });

  /** Malformed multipart bodies: [label, content type, body]. */
  const malformed = (field: string): [string, string, string][] => {
    const part = `Content-Disposition: form-data; name="${field}"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
    return [
      ["no boundary parameter", "multipart/form-data", `--${BOUNDARY}\r\n${part}%PDF-1.4\r\n--${BOUNDARY}--\r\n`],
      ["an empty boundary", "multipart/form-data; boundary=", `--\r\n${part}%PDF-1.4\r\n----\r\n`],
      ["a boundary the body does not use", MULTIPART, `--other\r\n${part}%PDF-1.4\r\n--other--\r\n`],
      ["a part cut short", MULTIPART, `--${BOUNDARY}\r\n${part}%PDF-1.4 and then noth`],
      ["no closing boundary", MULTIPART, `--${BOUNDARY}\r\n${part}%PDF-1.4\n%%EOF\r\n`],
      ["part headers that never end", MULTIPART, `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"`],
      ["a malformed part header", MULTIPART, `--${BOUNDARY}\r\nthis is not a header\r\n\r\nx\r\n--${BOUNDARY}--\r\n`],
      ["an empty body", MULTIPART, ""],
      ["garbage", MULTIPART, "\u0000\u00ff--\r\n\r\n--"],
    ];
  };

  it("a malformed multipart upload is answered 400 with a message, never 500, and keeps nothing", async () => {
    const before = await count("uploads");
    const failures: string[] = [];
    for (const [label, type, body] of malformed("file")) {
      for (const chunkedBody of [false, true]) {
        const payload = Buffer.from(body, "latin1");
        const res = await fetch(`${url}${UPLOAD}`, {
          method: "POST",
          headers: { "content-type": type },
          body: chunkedBody ? new Blob([payload]).stream() : payload,
          duplex: "half",
          signal: AbortSignal.timeout(5000),
        } as RequestInit);
        const answer = (await res.json()) as { message?: string; errors?: Record<string, string> };
        const how = `${label}${chunkedBody ? " (chunked)" : ""}`;
        if (res.status < 400 || res.status >= 500) failures.push(`${how}: ${res.status}`);
        else if (!answer.message) failures.push(`${how}: no message`);
        else if (res.status === 400 && ![UPLOAD_UNREADABLE, "Choose a file to upload."].includes(answer.message))
          failures.push(`${how}: ${answer.message}`);
      }
    }
    expect(failures).toEqual([]);
    expect(await count("uploads")).toBe(before);
    expect(liveFiles()).toEqual([]);
  });

  it("a malformed multipart booking form is answered 400 with the page's message, never 500, and stores nothing", async () => {
    const before = { appointments: await count("appointments"), uploads: await count("uploads") };
    const failures: string[] = [];
    for (const [label, type, body] of malformed("referral")) {
      const res = await fetch(`${url}/book-appointment`, {
        method: "POST",
        headers: { "content-type": type, "sec-fetch-site": "same-origin" },
        body: Buffer.from(body, "latin1"),
        signal: AbortSignal.timeout(5000),
      });
      const html = await res.text();
      if (res.status < 400 || res.status >= 500) failures.push(`${label}: ${res.status}`);
      else if (res.status === 400 && !html.includes(FORM_UNREADABLE) && !html.includes("need attention"))
        failures.push(`${label}: 400 without a message`);
    }
    expect(failures).toEqual([]);
    expect(await count("appointments")).toBe(before.appointments);
    expect(await count("uploads")).toBe(before.uploads);
    expect(liveFiles()).toEqual([]);
  });
});

describe("HTTP edges: server timeouts", () => {
  let t: TestApp;
  let url = "";
  beforeAll(async () => {
    t = await createTestApp(
      {
        RATE_LIMIT_ENABLED: "false",
        HTTP_HEADERS_TIMEOUT_MS: "300",
        HTTP_REQUEST_TIMEOUT_MS: "1500",
        HTTP_IDLE_TIMEOUT_MS: "600",
      },
      { servePages: true },
    );
    url = await t.app.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(() => t.close());

  /** Opens a socket and keeps writing `next()` every `everyMs` until the server hangs up; resolves with what it said and when. */
  async function trickle(first: string, next: () => string, everyMs: number, giveUpMs = 8000) {
    const { hostname, port } = new URL(url);
    const socket = net.connect(Number(port), hostname);
    await new Promise((r) => socket.once("connect", r));
    const started = Date.now();
    let answer = "";
    let closedAt = 0;
    socket.on("data", (d: Buffer) => (answer += d.toString("latin1")));
    socket.on("error", () => undefined);
    const closed = new Promise<void>((resolve) =>
      socket.on("close", () => {
        closedAt = Date.now() - started;
        resolve();
      }),
    );
    socket.write(first);
    const timer = setInterval(() => {
      if (!socket.destroyed && everyMs > 0) socket.write(next());
    }, everyMs || 1000);
    await Promise.race([closed, new Promise((r) => setTimeout(r, giveUpMs))]);
    clearInterval(timer);
    socket.destroy();
    return { answer, closedAt };
  }

  it("cuts off a client that sends its headers too slowly (408, connection closed)", async () => {
    const res = await trickle("POST /staff/login HTTP/1.1\r\nHost: x\r\n", () => "X", 50);
    expect(res.closedAt).toBeGreaterThan(0);
    expect(res.closedAt).toBeLessThan(2000);
    expect(res.answer).toMatch(/^(HTTP\/1\.1 408 |$)/);
  });

  it("cuts off a body that never ends, even one that keeps trickling in (408, connection closed)", async () => {
    const head =
      "POST /staff/login HTTP/1.1\r\nHost: x\r\nSec-Fetch-Site: same-origin\r\n" +
      "Content-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\n\r\n";
    const res = await trickle(head, () => "2\r\na&\r\n", 100);
    expect(res.closedAt).toBeGreaterThan(1000);
    expect(res.closedAt).toBeLessThan(4000);
    expect(res.answer).toMatch(/^(HTTP\/1\.1 408 |$)/);
  });

  it("closes a connection that goes silent in the middle of a body", async () => {
    const head =
      "POST /api/contact-enquire/public/create HTTP/1.1\r\nHost: x\r\n" +
      'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"name":';
    const res = await trickle(head, () => "", 0);
    expect(res.closedAt).toBeGreaterThan(0);
    expect(res.closedAt).toBeLessThan(1400);
  });

  it("tells a client it keeps an idle connection no longer than it will (Keep-Alive within the idle time)", async () => {
    const res = await fetch(`${url}/api/health`);
    const keepAlive = Number(/timeout=(\d+)/.exec(res.headers.get("keep-alive") ?? "")?.[1] ?? Infinity);
    expect(keepAlive * 1000).toBeLessThanOrEqual(600);
  });

  it("answers a request it takes longer than the idle time to answer: the silence is the server's", async () => {
    const slow = Fastify({ connectionTimeout: 200 });
    slow.addHook("onRequest", idleIsTheClients);
    slow.get("/slow", async () => {
      await new Promise((resolve) => setTimeout(resolve, 600));
      return { answered: true };
    });
    try {
      const res = await fetch(`${await slow.listen({ port: 0, host: "127.0.0.1" })}/slow`);
      expect(await res.json()).toEqual({ answered: true });
    } finally {
      await slow.close();
    }
  });

  it("still answers ordinary requests and form posts on time", async () => {
    expect((await fetch(`${url}/api/health`)).status).toBe(200);
    const res = await fetch(`${url}/staff/login`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "same-origin" },
      body: "email=nobody%40clinic.example.org&password=wrong",
      redirect: "manual",
    });
    expect(res.status).toBeLessThan(500);
  });
});
