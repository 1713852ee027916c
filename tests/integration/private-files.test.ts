import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { multipartBody, pdfBytes, postBody, postJson, validAppointment } from "../helpers/requests";
import { startServer, type ServerProcess } from "../../scripts/server-process";
import { UPLOAD_PATH } from "../../domain/api-paths";

/**
 * Decision 009: files are private on disk. A real server process, started
 * with a umask that would make everything world-readable and on a data
 * folder an older version left open, writes the database, an upload and the
 * outbox; every file must be 0600 and every folder 0700.
 */

const mode = (p: string) => fs.statSync(p).mode & 0o777;

describe("files are private on disk", () => {
  let server: ServerProcess | undefined;
  let dataDir: string;
  let oldUpload: string;
  let oldMail: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "clinic-modes-"));
    // What an older version (or a careless copy) left: open folders, readable files.
    fs.chmodSync(dataDir, 0o755);
    fs.mkdirSync(path.join(dataDir, "uploads"), { mode: 0o755 });
    oldUpload = path.join(dataDir, "uploads", "left-by-old-version.pdf");
    fs.writeFileSync(oldUpload, "x", { mode: 0o644 });
    fs.mkdirSync(path.join(dataDir, "outbox"), { mode: 0o755 });
    oldMail = path.join(dataDir, "outbox", "old.eml");
    fs.writeFileSync(oldMail, "x", { mode: 0o644 });
    fs.chmodSync(path.join(dataDir, "uploads"), 0o755);
    fs.chmodSync(path.join(dataDir, "outbox"), 0o755);
    fs.chmodSync(oldUpload, 0o644);
    fs.chmodSync(oldMail, 0o644);

    const previous = process.umask(0o000); // the child inherits it: nothing may rely on the umask
    try {
      server = await startServer({ DATA_DIR: dataDir, MAIL_POLL_MS: "100", RATE_LIMIT_ENABLED: "false" });
    } finally {
      process.umask(previous);
    }
  });
  afterAll(async () => {
    if (server) {
      server.child.kill("SIGTERM");
      await server.exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("writes the database, uploads and the outbox as 0600 files in 0700 folders, and fixes older ones at start-up", async () => {
    const s = server!;
    const file = multipartBody("referral.pdf", pdfBytes(), { contentType: "application/pdf" });
    const up = await postBody(`${s.url}${UPLOAD_PATH}`, new Uint8Array(file.payload), { headers: file.headers });
    expect(up.status).toBe(201);
    const upload = (await up.json()).data;
    const booked = await postJson(
      `${s.url}/api/appointment/public/appointments`,
      validAppointment({ referralForms: [{ url: upload.url, publicId: upload.publicId, name: upload.fileName }] }),
    );
    expect(booked.status).toBe(201);

    // The worker writes the booking's two e-mails to the outbox (bounded wait for a background job).
    const outbox = path.join(dataDir, "outbox");
    const emls = () => fs.readdirSync(outbox).filter((f) => f.endsWith(".eml") && f !== "old.eml");
    const deadline = Date.now() + 15_000;
    while (emls().length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(emls()).toHaveLength(2);

    const uploads = path.join(dataDir, "uploads");
    const stored = fs.readdirSync(uploads).filter((f) => f !== path.basename(oldUpload));
    expect(stored).toHaveLength(1);

    const folders = [dataDir, uploads, outbox];
    const files = [
      path.join(dataDir, "clinic.sqlite"),
      path.join(dataDir, "clinic.sqlite-wal"),
      path.join(dataDir, "clinic.sqlite-shm"),
      path.join(dataDir, "clinic.sqlite.migrate-lock"),
      path.join(uploads, stored[0]!),
      oldUpload,
      oldMail,
      ...emls().map((f) => path.join(outbox, f)),
    ];
    for (const folder of folders) expect(mode(folder).toString(8), folder).toBe("700");
    for (const f of files) expect(mode(f).toString(8), f).toBe("600");
    // Nothing else in the data folder is readable by others.
    for (const entry of fs.readdirSync(dataDir, { recursive: true, withFileTypes: true })) {
      const full = path.join(entry.parentPath, entry.name);
      expect(mode(full) & 0o077, full).toBe(0);
    }
  });
});
