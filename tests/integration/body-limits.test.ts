import { execFile } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FORM_BODY_MAX_BYTES, JSON_BODY_MAX_BYTES } from "../../server/requests/body-limit";
import { createTestApp, type TestApp } from "../helpers/app";
import {
  chunked,
  multipartBody,
  pdfBytes,
  postBody,
  postJson,
  validAppointment,
  validEnquiry,
} from "../helpers/requests";
import { addStaff, form, STAFF_PASSWORD } from "../helpers/staff";

/**
 * Decision 008, body limits everywhere: every route that reads a body refuses a
 * larger one with 413 and a JSON message, before it is parsed, and every
 * client (Node's fetch, curl, a raw socket) can read that answer.
 */
const UPLOAD = "/api/cloudinary/upload/referrals_forms";
const TOO_LARGE_FILE = "The file is too large: the limit is 10 MB.";

/** Sends the headers and the first bytes of a body on a raw socket; resolves with the status line, or "" if the server said nothing. */
async function firstAnswer(url: string, head: string, firstBytes: Buffer, waitMs = 3000): Promise<string> {
  const { hostname, port } = new URL(url);
  const socket = net.connect(Number(port), hostname);
  await new Promise((r) => socket.once("connect", r));
  socket.on("error", () => undefined);
  socket.write(head);
  socket.write(firstBytes);
  const answer = await new Promise<string>((resolve) => {
    const timer = setTimeout(() => resolve(""), waitMs);
    socket.once("data", (d: Buffer) => {
      clearTimeout(timer);
      resolve(d.toString("latin1"));
    });
  });
  socket.destroy();
  return answer;
}

describe("body limits", () => {
  let t: TestApp;
  let url = "";
  const staffHeaders = {
    "sec-fetch-site": "same-origin",
    origin: "",
    "content-type": "application/x-www-form-urlencoded",
  };

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_ENABLED: "false", STAFF_SLOWDOWN_MS: "0" }, { servePages: true });
    url = await t.app.listen({ port: 0, host: "127.0.0.1" });
    staffHeaders.origin = url;
    await addStaff(t.db, { email: "desk@clinic.example.org" });
  });
  afterAll(() => t.close());

  const auditCount = async () => (await t.db.selectFrom("staff_audit").select("id").execute()).length;

  it("JSON APIs: a declared body over the limit gets 413 JSON before it is parsed", async () => {
    for (const [path, body] of [
      ["/api/contact-enquire/public/create", validEnquiry({ description: "x".repeat(JSON_BODY_MAX_BYTES) })],
      ["/api/appointment/public/appointments", validAppointment({ notes: "x".repeat(JSON_BODY_MAX_BYTES) })],
    ] as const) {
      const res = await postJson(`${url}${path}`, body);
      expect(res.status, path).toBe(413);
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
      expect((await res.json()).message).toBe("The request is too large.");
    }
    expect(await t.db.selectFrom("enquiries").select("id").execute()).toHaveLength(0);
    expect(await t.db.selectFrom("appointments").select("id").execute()).toHaveLength(0);
  });

  it("JSON APIs: a chunked body is counted while it streams, 413 JSON past the limit", async () => {
    const payload = Buffer.from(JSON.stringify(validEnquiry({ description: "x".repeat(2 * JSON_BODY_MAX_BYTES) })));
    const res = await postBody(`${url}/api/contact-enquire/public/create`, chunked(payload), {
      headers: { "content-type": "application/json" },
    });
    expect(res.status).toBe(413);
    expect((await res.json()).message).toBe("The request is too large.");
    expect(await t.db.selectFrom("enquiries").select("id").execute()).toHaveLength(0);
  });

  it("an 11 MB upload gets a readable 413 JSON answer in Node's fetch (undici), not a socket error", async () => {
    const body = multipartBody("big.pdf", pdfBytes(11 * 1024 * 1024), { contentType: "application/pdf" });
    // Once in one piece, once streamed in steps (as a slow phone sends it), with Content-Length declared both times:
    // the answer must not depend on whether the server answers before the client has finished sending.
    const steps = () => chunked(body.payload, { size: 256 * 1024, delayMs: 2 });
    for (const payload of [() => new Uint8Array(body.payload), steps]) {
      const res = await postBody(`${url}${UPLOAD}`, payload(), {
        headers: { ...body.headers, "content-length": String(body.payload.length) },
      });
      expect(res.status).toBe(413);
      expect(await res.json()).toEqual({ message: TOO_LARGE_FILE, errors: { file: TOO_LARGE_FILE } });
    }
    expect(await t.db.selectFrom("uploads").select("id").execute()).toHaveLength(0);
    expect(fs.readdirSync(path.join(t.dataDir, "uploads"))).toEqual([]);
  });

  it("an 11 MB upload gets a readable 413 JSON answer in curl", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "clinic-curl-"));
    try {
      const file = path.join(dir, "big.pdf");
      fs.writeFileSync(file, pdfBytes(11 * 1024 * 1024));
      const { stdout } = await promisify(execFile)("curl", [
        "-sS",
        "-w",
        "\n%{http_code}",
        "-F",
        `file=@${file};type=application/pdf`,
        `${url}${UPLOAD}`,
      ]);
      const [json, status] = stdout.split("\n");
      expect(status).toBe("413");
      expect(JSON.parse(json!).message).toBe(TOO_LARGE_FILE);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("staff form posts: a declared body over the limit gets 413 JSON and the action never runs", async () => {
    const before = await auditCount();
    // A correct sign-in padded past the limit: had it been read, it would sign in (302 and a cookie).
    const payload = form({
      email: "desk@clinic.example.org",
      password: STAFF_PASSWORD,
      pad: "x".repeat(FORM_BODY_MAX_BYTES),
    });
    const res = await fetch(`${url}/staff/login`, {
      method: "POST",
      headers: staffHeaders,
      body: payload,
      redirect: "manual",
    });
    expect(res.status).toBe(413);
    expect(res.headers.get("set-cookie")).toBeNull();
    expect((await res.json()).message).toBe("The request is too large.");
    expect(await auditCount()).toBe(before);
    // The same sign-in within the limit still works (the form body reaches the action).
    const ok = await fetch(`${url}/staff/login`, {
      method: "POST",
      headers: staffHeaders,
      body: form({ email: "desk@clinic.example.org", password: STAFF_PASSWORD }),
      redirect: "manual",
    });
    expect(ok.status).toBe(302);
    expect(ok.headers.get("set-cookie")).toMatch(/HttpOnly/i);
  });

  it("staff form posts: a chunked body is counted while it streams, 413 JSON past the limit", async () => {
    const before = await auditCount();
    const payload = Buffer.from(
      form({ email: "desk@clinic.example.org", password: STAFF_PASSWORD, pad: "x".repeat(2 * FORM_BODY_MAX_BYTES) }),
    );
    const res = await postBody(`${url}/staff/login`, chunked(payload), { headers: staffHeaders, redirect: "manual" });
    expect(res.status).toBe(413);
    expect(res.headers.get("set-cookie")).toBeNull();
    expect((await res.json()).message).toBe("The request is too large.");
    expect(await auditCount()).toBe(before);
  });

  it("an 80 MB staff form post is answered 413 after its first megabyte, not read whole", async () => {
    const head =
      `POST /staff/login HTTP/1.1\r\nHost: ${new URL(url).host}\r\nSec-Fetch-Site: same-origin\r\n` +
      `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${80 * 1024 * 1024}\r\n\r\n`;
    const answer = await firstAnswer(url, head, Buffer.alloc(1024 * 1024, "a"));
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toMatch(/connection: close/i);
    expect(answer).toContain('{"message":"The request is too large."}');
  });

  it("reads and discards only a bounded excess: an endless chunked body makes the server hang up, not read forever", async () => {
    const { hostname, port } = new URL(url);
    const socket = net.connect(Number(port), hostname);
    await new Promise((r) => socket.once("connect", r));
    let closed = false;
    socket.on("data", () => undefined);
    socket.on("error", () => undefined);
    socket.on("close", () => (closed = true));
    socket.write(
      `POST /api/contact-enquire/public/create HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`,
    );
    const chunk = Buffer.concat([
      Buffer.from(`${(256 * 1024).toString(16)}\r\n`),
      Buffer.alloc(256 * 1024, "a"),
      Buffer.from("\r\n"),
    ]);
    let sent = 0;
    // Keep sending (up to 64 MB) until the server hangs up.
    while (!closed && sent < 64 * 1024 * 1024) {
      if (!socket.write(chunk)) await new Promise((r) => setTimeout(r, 5));
      sent += 256 * 1024;
      await new Promise((r) => setImmediate(r));
    }
    socket.destroy();
    // The loop ends when the server hangs up, or after 64 MB if it never does (then the count below fails).
    // The server stopped reading after a bounded excess (16 MB) and hung up; it did not read all 64 MB.
    // (Past that bound the 413 is written before the close, but a client still sending may not get to read it.)
    expect(closed).toBe(true);
    expect(sent).toBeLessThan(40 * 1024 * 1024);
    expect(sent).toBeGreaterThan(8 * 1024 * 1024);
  });

  it("bodies within their limits still work: an enquiry and a 9 MB upload", async () => {
    const enquiry = await fetch(`${url}/api/contact-enquire/public/create`, {
      method: "POST",
      headers: { "content-type": "application/json", "idempotency-key": "body-limit-enquiry-1" },
      body: JSON.stringify(validEnquiry()),
    });
    expect(enquiry.status).toBe(201);
    const body = multipartBody("nine.pdf", pdfBytes(9 * 1024 * 1024));
    const upload = await fetch(`${url}${UPLOAD}`, {
      method: "POST",
      headers: body.headers,
      body: new Uint8Array(body.payload),
    });
    expect(upload.status).toBe(201);
  });
});
