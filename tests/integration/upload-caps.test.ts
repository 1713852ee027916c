import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DAILY_CAP_REACHED, STORAGE_FULL } from "../../server/uploads/routes";
import { createTestApp, type TestApp } from "../helpers/app";
import { chunked, multipartBody, pdfBytes, postBody } from "../helpers/requests";
import { seedAppointment } from "../helpers/staff";

/**
 * Decision 008, uploads: a daily cap per client address (429) and a global cap
 * on the bytes unclaimed uploads may hold (507), each with a message the
 * booking page shows, and nothing written past either.
 */
const UPLOAD = "/api/cloudinary/upload/referrals_forms";

describe("upload caps", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      RATE_LIMIT_ENABLED: "false",
      UPLOAD_DAILY_PER_ADDRESS: "3",
      UPLOAD_UNCLAIMED_MAX_BYTES: String(1024 * 1024),
    });
  });
  afterAll(() => t.close());

  const upload = (size: number, ip: string) => {
    const body = multipartBody("referral.pdf", pdfBytes(size));
    return t.app.inject({
      method: "POST",
      url: UPLOAD,
      payload: body.payload,
      headers: body.headers,
      remoteAddress: ip,
    });
  };
  const files = () => fs.readdirSync(path.join(t.dataDir, "uploads")).sort();
  const rows = async () => (await t.db.selectFrom("uploads").select("id").execute()).length;

  it("answers 429 with a clear message once a client address has used its daily uploads, writing nothing", async () => {
    for (let i = 0; i < 3; i++) expect((await upload(2000, "10.1.0.1")).statusCode).toBe(201);
    const [beforeFiles, beforeRows] = [files(), await rows()];
    const capped = await upload(2000, "10.1.0.1");
    expect(capped.statusCode).toBe(429);
    expect(capped.json()).toEqual({ message: DAILY_CAP_REACHED, errors: { file: DAILY_CAP_REACHED } });
    expect(files()).toEqual(beforeFiles);
    expect(await rows()).toBe(beforeRows);
    // Another address has its own daily allowance.
    expect((await upload(2000, "10.1.0.2")).statusCode).toBe(201);
  });

  it("answers 507 with a clear message when unclaimed uploads would pass the global cap; claimed files do not count", async () => {
    // About 8 KB is held so far; 600 KB fits, a second 600 KB would pass 1 MB.
    const first = await upload(600 * 1024, "10.2.0.1");
    expect(first.statusCode).toBe(201);
    const [beforeFiles, beforeRows] = [files(), await rows()];
    const full = await upload(600 * 1024, "10.2.0.2");
    expect(full.statusCode).toBe(507);
    expect(full.json()).toEqual({ message: STORAGE_FULL, errors: { file: STORAGE_FULL } });
    expect(files()).toEqual(beforeFiles);
    expect(await rows()).toBe(beforeRows);
    // Once the first file belongs to a booking, the space it takes no longer counts against the cap.
    const appointmentId = await seedAppointment(t.db);
    await t.db
      .updateTable("uploads")
      .set({ appointment_id: appointmentId })
      .where("public_id", "=", first.json().data.publicId)
      .execute();
    expect((await upload(600 * 1024, "10.2.0.2")).statusCode).toBe(201);
  });

  it("checks the global cap with the real size when a chunked upload declares none, and keeps no file", async () => {
    const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const body = multipartBody("referral.pdf", pdfBytes(600 * 1024));
    const [beforeFiles, beforeRows] = [files(), await rows()];
    const res = await postBody(`${address}${UPLOAD}`, chunked(body.payload, { size: 64 * 1024 }), {
      headers: body.headers,
    });
    expect(res.status).toBe(507);
    expect((await res.json()).message).toBe(STORAGE_FULL);
    expect(files()).toEqual(beforeFiles);
    expect(await rows()).toBe(beforeRows);
  });

  it("a capped 5 MB upload still gets its readable JSON answer in Node's fetch (the unread body is discarded)", async () => {
    const address = t.app.server.listening
      ? `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`
      : await t.app.listen({ port: 0, host: "127.0.0.1" });
    const body = multipartBody("referral.pdf", pdfBytes(5 * 1024 * 1024));
    // Over the global cap: 507 is decided from the declared size, before the file is read.
    // Sent in steps, as a phone sends it, so the answer comes while the client is still sending.
    const steps = chunked(body.payload, { size: 256 * 1024, delayMs: 2 });
    const res = await postBody(`${address}${UPLOAD}`, steps, {
      headers: { ...body.headers, "content-length": String(body.payload.length) },
    });
    expect(res.status).toBe(507);
    expect((await res.json()).message).toBe(STORAGE_FULL);
  });
});
