import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers/app";
import { chunked, multipartBody, pdfBytes, postBody, validAppointment } from "../helpers/requests";
import { TEMP_PREFIX } from "../../server/uploads/storage";
import { sweepUploads } from "../../server/uploads/sweep";

const URL = "/api/cloudinary/upload/referrals_forms";
const PNG = Buffer.concat([
  Buffer.from("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489", "hex"),
  Buffer.alloc(64),
]);
const JPEG = Buffer.concat([Buffer.from("ffd8ffe000104a46494600010100000100010000", "hex"), Buffer.alloc(64)]);
const EXE = Buffer.concat([
  Buffer.from("MZ"),
  Buffer.alloc(58),
  Buffer.from([0x80, 0, 0, 0]),
  Buffer.alloc(64),
  Buffer.from("PE\0\0"),
  Buffer.alloc(2000),
]);
const HTML = Buffer.from("<!doctype html><html><body><script>alert(1)</script></body></html>");

describe("POST /api/cloudinary/upload/referrals_forms", () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_ENABLED: "false" });
    dir = path.join(t.dataDir, "uploads");
  });
  afterAll(() => t.close());

  const upload = (name: string, content: Buffer, opts?: { field?: string; contentType?: string }) => {
    const body = multipartBody(name, content, opts);
    return t.app.inject({ method: "POST", url: URL, payload: body.payload, headers: body.headers });
  };
  const files = () => fs.readdirSync(dir);
  // A second app on a real socket, for tests that need real streaming. (Listening starts
  // the background jobs, so it is kept apart from the app whose sweep is tested below.)
  let live: TestApp | undefined;
  let liveUrl = "";
  const serverUrl = async () => {
    if (!live) {
      live = await createTestApp({ RATE_LIMIT_ENABLED: "false" });
      liveUrl = await live.app.listen({ port: 0, host: "127.0.0.1" });
    }
    return liveUrl;
  };
  const liveFiles = () => fs.readdirSync(path.join(live!.dataDir, "uploads"));
  const liveRows = async () => live!.db.selectFrom("uploads").selectAll().execute();
  afterAll(async () => {
    await live?.close();
  });
  const rows = async () => t.db.selectFrom("uploads").selectAll().execute();

  it("stores a PDF, JPEG and PNG privately under server-made names and answers 201 with a staff-only url", async () => {
    for (const [name, content, mime] of [
      ["referral.pdf", pdfBytes(5000), "application/pdf"],
      ["photo.jpg", JPEG, "image/jpeg"],
      ["scan.png", PNG, "image/png"],
    ] as const) {
      const res = await upload(name, content);
      expect(res.statusCode, name).toBe(201);
      expect(res.headers["cache-control"]).toBe("no-store");
      const { data } = res.json();
      expect(data).toEqual({
        url: `/api/staff/uploads/${data.publicId}`,
        publicId: expect.stringMatching(/^[\w-]{20,}$/),
        fileName: name,
      });
      const row = (await rows()).find((r) => r.public_id === data.publicId)!;
      expect(row.mime_type).toBe(mime);
      expect(row.size_bytes).toBe(content.length);
      expect(row.storage_name).toMatch(/^[0-9a-f]{32}\.(pdf|jpg|png)$/);
      expect(fs.readFileSync(path.join(dir, row.storage_name)).equals(content)).toBe(true);
      expect(fs.statSync(path.join(dir, row.storage_name)).mode & 0o077).toBe(0);
    }
  });

  it("stores a valid PDF named ../../etc/passwd only inside the storage area, with a safe display name", async () => {
    const before = new Set(files());
    const res = await upload("../../etc/passwd", pdfBytes());
    expect(res.statusCode).toBe(201);
    expect(res.json().data.fileName).toBe("passwd.pdf");
    const added = files().filter((f) => !before.has(f));
    expect(added).toHaveLength(1);
    expect(added[0]).toMatch(/^[0-9a-f]{32}\.pdf$/);
    expect(fs.existsSync(path.join(t.dataDir, "..", "etc"))).toBe(false);
    expect(fs.readdirSync(t.dataDir).sort()).toEqual(expect.arrayContaining(["uploads"]));
  });

  describe("rejections write nothing", () => {
    const rejects: [string, string, Buffer, number][] = [
      ["an .exe renamed .pdf", "referral.pdf", EXE, 415],
      ["an HTML file renamed .png", "scan.png", HTML, 415],
      ["an 11 MB PDF", "big.pdf", pdfBytes(11 * 1024 * 1024), 413],
      ["an empty file", "empty.pdf", Buffer.alloc(0), 400],
    ];
    it.each(rejects)("%s", async (_label, name, content, status) => {
      const beforeFiles = files();
      const beforeRows = (await rows()).length;
      const res = await upload(name, content, { contentType: "application/pdf" });
      expect(res.statusCode).toBe(status);
      expect(res.json().errors.file).toBeTruthy();
      expect(files()).toEqual(beforeFiles);
      expect((await rows()).length).toBe(beforeRows);
    });

    it("refuses a body that is not multipart (415) and a form without the file field (400)", async () => {
      const json = await t.app.inject({ method: "POST", url: URL, payload: { file: "x" } });
      expect(json.statusCode).toBe(415);
      const wrongField = await upload("a.pdf", pdfBytes(), { field: "document" });
      expect(wrongField.statusCode).toBe(400);
      expect(wrongField.json().errors.file).toBe("Choose a file to upload.");
    });

    it("enforces the size limit while streaming a chunked upload with no Content-Length", async () => {
      const address = await serverUrl();
      const body = multipartBody("big.pdf", pdfBytes(11 * 1024 * 1024));
      const beforeFiles = liveFiles();
      const res = await postBody(`${address}${URL}`, chunked(body.payload, { size: 64 * 1024 }), {
        headers: body.headers,
      });
      expect(res.status).toBe(413);
      expect(liveFiles()).toEqual(beforeFiles);
    });
  });

  it("leaves no file behind when the client disconnects in the middle of an upload", async () => {
    const net = await import("node:net");
    const address = new globalThis.URL(await serverUrl());
    const body = multipartBody("half.pdf", pdfBytes(2 * 1024 * 1024));
    const beforeFiles = liveFiles();
    const beforeRows = (await liveRows()).length;
    const socket = net.connect(Number(address.port), address.hostname);
    await new Promise((r) => socket.once("connect", r));
    socket.write(
      `POST ${URL} HTTP/1.1\r\nHost: x\r\nContent-Type: ${body.headers["content-type"]}\r\nContent-Length: ${body.payload.length}\r\n\r\n`,
    );
    socket.write(body.payload.subarray(0, 1024 * 1024));
    // The server is writing the upload to its temporary file when the client goes away...
    await expect
      .poll(() => liveFiles().filter((f) => f.startsWith(TEMP_PREFIX)), { timeout: 10_000, interval: 10 })
      .toHaveLength(1);
    socket.destroy();
    // ...and removes it (bounded wait: without the clean-up it stays, and this fails).
    await expect.poll(liveFiles, { timeout: 5_000, interval: 10 }).toEqual(beforeFiles);
    expect((await liveRows()).length).toBe(beforeRows);
  });

  it("the sweep deletes uploads unclaimed for 24 hours (row and file) and stray files, keeping claimed ones", async () => {
    const claimed = (await upload("claimed.pdf", pdfBytes())).json().data;
    const booking = await t.app.inject({
      method: "POST",
      url: "/api/appointment/public/appointments",
      payload: validAppointment({
        referralForms: [{ url: claimed.url, publicId: claimed.publicId, name: claimed.fileName }],
      }),
    });
    expect(booking.statusCode).toBe(201);
    const stale = (await upload("stale.pdf", pdfBytes())).json().data;
    const fresh = (await upload("fresh.pdf", pdfBytes())).json().data;
    const old = new Date(Date.now() - 25 * 3600_000).toISOString();
    await t.db
      .updateTable("uploads")
      .set({ created_at: old })
      .where("public_id", "in", [claimed.publicId, stale.publicId])
      .execute();
    const staleRow = (await rows()).find((r) => r.public_id === stale.publicId)!;
    const stray = path.join(dir, "0123456789abcdef0123456789abcdef.pdf");
    fs.writeFileSync(stray, "left behind");
    const past = new Date(Date.now() - 25 * 3600_000);
    fs.utimesSync(stray, past, past);

    const result = await sweepUploads(t.db, t.config);
    expect(result.uploadsDeleted).toBeGreaterThanOrEqual(1);
    const ids = (await rows()).map((r) => r.public_id);
    expect(ids).toContain(claimed.publicId);
    expect(ids).toContain(fresh.publicId);
    expect(ids).not.toContain(stale.publicId);
    expect(fs.existsSync(path.join(dir, staleRow.storage_name))).toBe(false);
    expect(fs.existsSync(stray)).toBe(false);
    // Every remaining row still has its file.
    for (const row of await rows()) expect(fs.existsSync(path.join(dir, row.storage_name))).toBe(true);
  });
});
