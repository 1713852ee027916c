import fs from "node:fs";
import http from "node:http";
import type net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers/app";
import { until } from "../helpers/messages";
import { addStaff, form, SAME_ORIGIN, seedAppointment, seedConfirmedIn, sessionCookieFor } from "../helpers/staff";
import { orthancMissing, sendStudy, startOrthanc, type TestOrthanc } from "../helpers/orthanc";
import { followImages, type FollowRun } from "../../server/appointments/images/index";
import { loadConfig, type OrthancConfig } from "../../server/base/config";
import { newStudyUid } from "../../server/appointments/worklist/worklist-item";

/**
 * The images have arrived (issue 36, decision 066), with the real programs:
 * DCMTK's storescu sends a study to Debian's Orthanc as the X-ray machine
 * would, and the site follows Orthanc's /changes feed (StableStudy, StableAge
 * 1 s in the test configuration). Each test seeds its own appointments with
 * their own references; the waits are for the study to arrive, never a time.
 */

const missing = orthancMissing();
/** The days these appointments are on: a test file's own, far from other files' days. */
const DAY = "2099-03-02";

let references = 0;
const reference = () => `APT-2098-${String(++references).padStart(6, "0")}`;

/** Runs the follower until `enough` says the runs so far are enough (the study is stable in Orthanc), within 30 s. */
async function followUntil(t: TestApp, orthanc: OrthancConfig, enough: (total: FollowRun) => boolean) {
  const total: FollowRun = { matched: 0, unmatched: 0 };
  await until(async () => {
    const run = await followImages(t.db, orthanc, new Date());
    total.matched += run.matched;
    total.unmatched += run.unmatched;
    return enough(total);
  }, 30_000);
  return total;
}

describe.skipIf(missing)(`images arriving in Orthanc${missing ? ` (skipped: ${missing})` : ""}`, () => {
  let t: TestApp;
  let orthanc: TestOrthanc;
  let worklistDir: string;
  let feed: OrthancConfig;

  beforeAll(async () => {
    worklistDir = fs.mkdtempSync(path.join(os.tmpdir(), "worklist-"));
    orthanc = await startOrthanc(worklistDir, ["XRAY1"]);
    t = await createTestApp({ ORTHANC_URL: orthanc.url, ORTHANC_POLL_MS: "50" }, { servePages: true });
    feed = t.config.orthanc!;
  }, 60_000);
  afterAll(async () => {
    await orthanc?.stop();
    await t?.close();
    fs.rmSync(worklistDir, { recursive: true, force: true });
  });

  const row = (id: number) =>
    t.db.selectFrom("appointments").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const history = (id: number) =>
    t.db.selectFrom("appointment_status_history").selectAll().where("appointment_id", "=", id).orderBy("id").execute();
  const audit = (id: number) =>
    t.db
      .selectFrom("staff_audit")
      .selectAll()
      .where("target_type", "=", "appointment")
      .where("target_id", "=", String(id))
      .orderBy("id")
      .execute();
  const unmatched = () => t.db.selectFrom("unmatched_studies").selectAll().orderBy("id").execute();

  it("a study sent with an appointment's accession number marks it images received, and a confirmed one attended, once", async () => {
    const ref = reference();
    const id = await seedConfirmedIn(t.db, DAY, "09:30", "x-ray", { reference: ref });
    await sendStudy(orthanc, "XRAY1", ref, newStudyUid());
    await followUntil(t, feed, (run) => run.matched >= 1);

    const appt = await row(id);
    expect(appt.images_received_at).not.toBeNull();
    expect(appt.orthanc_study_id).toMatch(/^[0-9a-f-]{44}$/);
    expect(appt.status).toBe("attended");
    const [change] = await history(id);
    expect(change).toMatchObject({ from_status: "confirmed", to_status: "attended", staff_id: null, actor: "images" });
    const lines = await audit(id);
    expect(lines.map((l) => [l.action, l.staff_id])).toEqual([
      ["images_received", null],
      ["status_change", null],
    ]);
    expect(lines[1]!.detail).toBe("confirmed -> attended (images received)");

    // Read again: nothing is done twice.
    expect(await followImages(t.db, feed, new Date())).toEqual({ matched: 0, unmatched: 0 });
    expect(await history(id)).toHaveLength(1);
  }, 60_000);

  it("a study that matches no appointment exactly is listed for staff, never guessed", async () => {
    const ref = reference();
    const near = await seedAppointment(t.db, { reference: ref, status: "confirmed", confirmed_date: DAY });
    const before = (await unmatched()).length;
    // One letter off the appointment's reference, and none at all.
    await sendStudy(orthanc, "XRAY1", ref.toLowerCase(), newStudyUid());
    await sendStudy(orthanc, "XRAY1", "", newStudyUid());
    await followUntil(t, feed, (run) => run.unmatched >= 2);

    const listed = (await unmatched()).slice(before);
    expect(listed.map((s) => s.accession).sort()).toEqual([null, ref.toLowerCase()].sort());
    for (const s of listed) {
      expect(s).toMatchObject({ patient_name: "Test^Patient", modality: "DX" });
      expect(s.orthanc_id).toMatch(/^[0-9a-f-]{44}$/);
    }
    expect((await row(near)).images_received_at).toBeNull();
    expect((await row(near)).status).toBe("confirmed");
  }, 60_000);

  it("a restart of the follower or of Orthanc loses nothing and repeats nothing", async () => {
    const [first, second] = [reference(), reference()];
    const a = await seedConfirmedIn(t.db, DAY, "10:00", "x-ray", { reference: first });
    const b = await seedConfirmedIn(t.db, DAY, "10:30", "x-ray", { reference: second });
    // The first study arrives while the site is not following; then Orthanc restarts; then the second.
    await sendStudy(orthanc, "XRAY1", first, newStudyUid());
    await orthanc.restart();
    await sendStudy(orthanc, "XRAY1", second, newStudyUid());
    // Two followers at once (two instances, or a restart while one still runs): each study is acted on once.
    await until(async () => {
      await Promise.all([followImages(t.db, feed, new Date()), followImages(t.db, feed, new Date())]);
      return (await row(a)).images_received_at !== null && (await row(b)).images_received_at !== null;
    }, 30_000);
    // The follower starts again: nothing left to do.
    expect(await followImages(t.db, feed, new Date())).toEqual({ matched: 0, unmatched: 0 });
    for (const id of [a, b]) {
      expect((await row(id)).status).toBe("attended");
      expect(await history(id)).toHaveLength(1);
    }
    // The stored position is Orthanc's last change.
    const changes = (await (await fetch(`${orthanc.url}/changes?limit=0`)).json()) as { Last: number };
    const stored = await t.db.selectFrom("orthanc_feed").select("position").executeTakeFirstOrThrow();
    expect(Number(stored.position)).toBe(changes.Last);
  }, 90_000);

  describe("on the console", () => {
    let reception: string;
    let receptionId: number;
    beforeAll(async () => {
      const r = await addStaff(t.db, {
        email: "desk-images@clinic.example.org",
        name: "Desk Images",
        role: "reception",
      });
      receptionId = r.id;
      reception = await sessionCookieFor(t.db, t.config, r.id);
    });
    const get = (url: string, cookie = reception) => t.app.inject({ method: "GET", url, headers: { cookie } });
    const post = (
      values: Record<string, string>,
      headers: Record<string, string> = { ...SAME_ORIGIN, cookie: reception },
    ) => t.app.inject({ method: "POST", url: "/staff/studies", headers, payload: form(values) });

    it("the appointment's page and the day list say the images were received, with the time in Gaborone", async () => {
      const ref = reference();
      const id = await seedConfirmedIn(t.db, DAY, "11:00", "x-ray", {
        reference: ref,
        arrived_at: "2099-03-02T08:55:00.000Z",
      });
      await sendStudy(orthanc, "XRAY1", ref, newStudyUid());
      await followUntil(t, feed, (run) => run.matched >= 1);
      const at = new Date((await row(id)).images_received_at!);
      const time = new Intl.DateTimeFormat("en-GB", {
        timeZone: "Africa/Gaborone",
        hour: "2-digit",
        minute: "2-digit",
      }).format(at);

      const page = await get(`/staff/appointments/${id}`);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain("Images received");
      expect(page.body).toContain(time);
      expect(page.body).toContain("The system, as the images arrived");
      for (const url of [`/staff/schedule?date=${DAY}`, `/staff/schedule/print?date=${DAY}`]) {
        const list = await get(url);
        expect(list.statusCode).toBe(200);
        expect(list.body).toContain(`Images received ${time}`);
        expect(list.body).toContain("10:55");
      }
    }, 60_000);

    it("staff link a listed study to an appointment by its reference, after a confirm step; signed out or cross-site, never", async () => {
      const ref = reference();
      const id = await seedAppointment(t.db, {
        reference: ref,
        status: "confirmed",
        confirmed_date: DAY,
        confirmed_time: "12:00",
        requested_date: DAY,
      });
      await sendStudy(orthanc, "XRAY1", "WRONG-123", newStudyUid());
      await followUntil(t, feed, (run) => run.unmatched >= 1);
      const study = (await unmatched()).find((s) => s.accession === "WRONG-123")!;

      const page = await get("/staff/studies");
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain("WRONG-123");
      expect(page.body).toContain("Patient Test");

      // Signed out: to the sign-in page; from another site: refused; nothing linked either way.
      const signedOut = await post({ study: String(study.id), reference: ref, confirm: "yes" }, SAME_ORIGIN);
      expect(signedOut.statusCode).toBe(302);
      expect(signedOut.headers.location).toBe("/staff/login");
      const crossSite = await post(
        { study: String(study.id), reference: ref, confirm: "yes" },
        { "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "cross-site", cookie: reception },
      );
      expect(crossSite.statusCode).toBe(403);
      expect((await row(id)).images_received_at).toBeNull();

      // A reference no appointment has: said on the field.
      const unknown = await post({ study: String(study.id), reference: "APT-2098-999999" });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.body).toContain("No appointment has the reference APT-2098-999999");

      // Asked first: nothing saved.
      const ask = await post({ study: String(study.id), reference: ref.toLowerCase() });
      expect(ask.statusCode).toBe(200);
      expect(ask.body).toContain(`Link this study to ${ref}?`);
      expect((await row(id)).images_received_at).toBeNull();

      // Confirmed twice at once: linked once.
      const answers = await Promise.all([
        post({ study: String(study.id), reference: ref, confirm: "yes" }),
        post({ study: String(study.id), reference: ref, confirm: "yes" }),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      const appt = await row(id);
      expect(appt).toMatchObject({
        images_received_at: study.received_at,
        orthanc_study_id: study.orthanc_id,
        status: "attended",
      });
      expect(await history(id)).toMatchObject([{ to_status: "attended", staff_id: receptionId, actor: null }]);
      expect((await audit(id)).map((l) => [l.action, l.staff_id])).toEqual([
        ["images_received", receptionId],
        ["status_change", receptionId],
        ["study_linked", receptionId],
      ]);
      expect((await unmatched()).some((s) => s.id === study.id)).toBe(false);
    }, 60_000);
  });
});

describe("when Orthanc is away", () => {
  let t: TestApp;
  let server: http.Server;
  let mode: "ok" | "401" | "500" | "hang" = "ok";
  let manager: string;
  const sockets = new Set<net.Socket>();

  beforeAll(async () => {
    server = http.createServer((_request, response) => {
      if (mode === "hang") return;
      if (mode === "ok") {
        response.writeHead(200, { "content-type": "application/json" });
        return response.end(JSON.stringify({ Changes: [], Done: true, Last: 0 }));
      }
      response.writeHead(Number(mode)).end();
    });
    server.on("connection", (socket) => {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as net.AddressInfo;
    t = await createTestApp(
      { ORTHANC_URL: `http://127.0.0.1:${port}`, ORTHANC_TIMEOUT_MS: "300" },
      { servePages: true },
    );
    const m = await addStaff(t.db, { email: "boss-images@clinic.example.org", name: "Boss Images", role: "manager" });
    manager = await sessionCookieFor(t.db, t.config, m.id);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    if (server.listening) await new Promise((resolve) => server.close(resolve));
    await t?.close();
  });

  const at = (minute: number) => new Date(Date.UTC(2099, 2, 2, 8, minute));
  const feedRow = () => t.db.selectFrom("orthanc_feed").selectAll().executeTakeFirstOrThrow();

  it("refused, 401, 5xx or too slow: each is an answer, the site still answers, and the system page says since when", async () => {
    const orthanc = t.config.orthanc!;
    expect(await followImages(t.db, orthanc, at(0))).toEqual({ matched: 0, unmatched: 0 });
    const steps = [
      ["401", "unauthorised"],
      ["500", "server-error"],
      ["hang", "timeout"],
    ] as const;
    for (const [i, [given, problem]] of steps.entries()) {
      mode = given;
      expect((await followImages(t.db, orthanc, at(1 + i))).stopped).toBe(problem);
      expect((await t.app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
    }
    // Away since the first failure; last reached before it.
    expect(await feedRow()).toMatchObject({
      unreachable_since: at(1).toISOString(),
      last_reached_at: at(0).toISOString(),
      problem: "timeout",
    });
    // Back: the trouble is over.
    mode = "ok";
    await followImages(t.db, orthanc, at(5));
    expect(await feedRow()).toMatchObject({ unreachable_since: null, last_reached_at: at(5).toISOString() });

    // Gone altogether (connection refused).
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
    expect((await followImages(t.db, orthanc, at(6))).stopped).toBe("unreachable");
    const system = await t.app.inject({ method: "GET", url: "/staff/system", headers: { cookie: manager } });
    expect(system.statusCode).toBe(200);
    expect(system.body).toContain("Unreachable since Mon 2 Mar 2099 10:06");
    expect(system.body).toContain("it does not answer");
    expect(system.body).toContain("Mon 2 Mar 2099 10:05");
    expect(system.body).toContain("Orthanc, where the images arrive, has not answered the site");
    const overview = await t.app.inject({ method: "GET", url: "/staff", headers: { cookie: manager } });
    expect(overview.statusCode).toBe(200);
    // With ORTHANC_URL the console offers the studies to link (without it, none: clinic-patient-id.test.ts).
    expect(overview.body).toContain('href="/staff/studies"');
  }, 30_000);
});

describe("a listening server", () => {
  it("follows Orthanc's feed on the jobs' timer from its start (startImages), and not before it listens", async () => {
    const asked: string[] = [];
    const orthanc = http.createServer((request, response) => {
      asked.push(request.url ?? "");
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({ Changes: [], Done: true, Last: 0 }));
    });
    await new Promise<void>((resolve) => orthanc.listen(0, "127.0.0.1", resolve));
    const { port } = orthanc.address() as net.AddressInfo;
    const t = await createTestApp({ ORTHANC_URL: `http://127.0.0.1:${port}`, ORTHANC_POLL_MS: "50" });
    try {
      expect(asked).toEqual([]);
      await t.app.listen({ port: 0, host: "127.0.0.1" });
      await until(() => asked.some((url) => url.startsWith("/changes?since=0&")), 10_000);
      await until(
        async () => (await t.db.selectFrom("orthanc_feed").selectAll().executeTakeFirst())?.last_reached_at != null,
      );
    } finally {
      await t.close();
      orthanc.closeAllConnections();
      await new Promise((resolve) => orthanc.close(resolve));
    }
  });
});

describe("ORTHANC_* settings", () => {
  const base = { NODE_ENV: "test", DATA_DIR: os.tmpdir(), LOG_LEVEL: "silent" };
  it("are off without ORTHANC_URL, and refuse credentials in the address or half a pair", () => {
    expect(loadConfig(base).orthanc).toBeUndefined();
    expect(loadConfig({ ...base, ORTHANC_URL: "http://127.0.0.1:8042/" }).orthanc).toMatchObject({
      url: "http://127.0.0.1:8042",
      credentials: undefined,
    });
    expect(
      loadConfig({ ...base, ORTHANC_URL: "http://pacs:8042", ORTHANC_USERNAME: "site", ORTHANC_PASSWORD: "s3cret" })
        .orthanc?.credentials,
    ).toEqual({ username: "site", password: "s3cret" });
    expect(() => loadConfig({ ...base, ORTHANC_URL: "http://site:s3cret@pacs:8042" })).toThrow(/ORTHANC_URL/);
    expect(() => loadConfig({ ...base, ORTHANC_URL: "http://pacs:8042", ORTHANC_USERNAME: "site" })).toThrow(
      /ORTHANC_PASSWORD/,
    );
    expect(() => loadConfig({ ...base, ORTHANC_USERNAME: "site", ORTHANC_PASSWORD: "x" })).toThrow(/ORTHANC_URL/);
    expect(() => loadConfig({ ...base, ORTHANC_URL: "ftp://pacs" })).toThrow(/ORTHANC_URL/);
  });
});
