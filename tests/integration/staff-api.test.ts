import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers/app";
import { addStaff, PDF_BYTES, seedAppointment, seedUpload, sessionCookieFor } from "../helpers/staff";
import type { StaffIdentity } from "../../domain/staff-roles";

describe("staff API", () => {
  let t: TestApp;
  let staff: StaffIdentity;
  let cookie: string;
  let appointmentId: number;
  let upload: { publicId: string };

  beforeAll(async () => {
    t = await createTestApp();
    staff = await addStaff(t.db, { name: "Mpho Receptionist" });
    cookie = await sessionCookieFor(t.db, t.config, staff.id);
    appointmentId = await seedAppointment(t.db, {
      requested_date: "2026-12-02",
      phone: '=HYPERLINK("http://evil")',
      notes: 'He said "yes", twice',
    });
    upload = await seedUpload(t.db, t.dataDir, { appointmentId, displayName: 'Referral ../../x "Dr".pdf' });
  });
  afterAll(() => t.close());

  const endpoints = () => [
    "/api/staff/session",
    `/api/staff/uploads/${upload.publicId}`,
    `/api/staff/uploads/${upload.publicId}?download=1`,
    "/api/staff/appointments/export?from=2026-01-01&to=2026-12-31",
    "/api/staff/anything-else",
  ];

  it("answers 401 without a session, with no data and no-store", async () => {
    for (const url of endpoints()) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toEqual({ message: "Sign in to continue." });
      expect(res.headers["cache-control"]).toBe("no-store");
      expect(res.body).not.toContain("Mosweu");
    }
  });

  it("answers 401 to a forged or expired session", async () => {
    const forged = await t.app.inject({
      method: "GET",
      url: "/api/staff/session",
      headers: { cookie: `staff_session=${"a".repeat(43)}` },
    });
    expect(forged.statusCode).toBe(401);
    const other = await addStaff(t.db);
    const stale = await sessionCookieFor(t.db, t.config, other.id);
    await t.db
      .updateTable("staff_sessions")
      .set({ last_seen_at: new Date(Date.now() - 31 * 60_000).toISOString() })
      .where("staff_id", "=", other.id)
      .execute();
    const res = await t.app.inject({ method: "GET", url: "/api/staff/session", headers: { cookie: stale } });
    expect(res.statusCode).toBe(401);
    const left = await t.db.selectFrom("staff_sessions").select("id").where("staff_id", "=", other.id).execute();
    expect(left).toHaveLength(0); // the idle session was deleted
  });

  it("refuses cross-site requests even with a valid cookie", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: `/api/staff/uploads/${upload.publicId}?download=1`,
      headers: { cookie, "sec-fetch-site": "cross-site" },
    });
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain("%PDF");
  });

  it("shows a referral PDF inline with a safe type and nosniff, and downloads it as an attachment", async () => {
    const view = await t.app.inject({
      method: "GET",
      url: `/api/staff/uploads/${upload.publicId}`,
      headers: { cookie, "sec-fetch-site": "same-origin" },
    });
    expect(view.statusCode).toBe(200);
    expect(view.headers["content-type"]).toBe("application/pdf");
    expect(view.headers["x-content-type-options"]).toBe("nosniff");
    expect(view.headers["cache-control"]).toBe("no-store");
    expect(view.headers["content-disposition"]).toMatch(/^inline; filename="[\w.\- ]+\.pdf"/);
    expect(view.rawPayload.equals(PDF_BYTES)).toBe(true);

    const download = await t.app.inject({
      method: "GET",
      url: `/api/staff/uploads/${upload.publicId}?download=1`,
      headers: { cookie },
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-disposition"]).toMatch(
      /^attachment; filename="Referral-x-Dr\.pdf"; filename\*=UTF-8''/,
    );
    expect(download.headers["cache-control"]).toBe("no-store");
    expect(download.rawPayload.equals(PDF_BYTES)).toBe(true);
  });

  it("answers 404 for unknown files, and for a row whose file is missing", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/staff/uploads/doesnotexist123", headers: { cookie } });
    expect(res.statusCode).toBe(404);
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  it("exports CSV for a date range with formula injection neutralised", async () => {
    await seedAppointment(t.db, { requested_date: "2027-03-01", name: "Outside" });
    const res = await t.app.inject({
      method: "GET",
      url: "/api/staff/appointments/export?from=2026-12-01&to=2026-12-31",
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe('attachment; filename="appointments-2026-12-01-to-2026-12-31.csv"');
    expect(res.headers["cache-control"]).toBe("no-store");
    const lines = res.body.replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toMatch(/^"Reference","Status","First name"/);
    expect(lines).toHaveLength(3); // header, one row, trailing empty
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(res.body).toContain(`"He said ""yes"", twice"`);
    expect(res.body).not.toContain("Outside");
  });

  it("exports for a spreadsheet: labels, sortable dates, Gaborone time, phone numbers that stay text, examination, room and language", async () => {
    await seedAppointment(t.db, {
      reference: "APT-2027-000003",
      requested_date: "2027-02-03",
      status: "confirmed",
      confirmed_date: "2027-02-04",
      confirmed_time: "09:30",
      payment_method: "bpomas",
      medical_aid_number: "-12345",
      dob: "1980-04-02",
      phone: "+26771234567",
      alternate_phone: "+27821234567",
      created_at: "2027-01-31T23:30:00.000Z",
      service_name: "ultrasound",
      examination: "Thyroid",
      room: "ultrasound-2",
      language: "tn",
    });
    const res = await t.app.inject({
      method: "GET",
      url: "/api/staff/appointments/export?from=2027-02-01&to=2027-02-28",
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    const [header, row] = res.body.replace(/^\uFEFF/, "").split("\r\n");
    const cells = (line: string) => line.slice(1, -1).split('","');
    const byColumn = Object.fromEntries(cells(header!).map((name, i) => [name, cells(row!)[i]]));
    expect(byColumn).toMatchObject({
      Reference: "APT-2027-000003",
      Status: "Confirmed",
      // YYYY-MM-DD sorts as text and as a date.
      "Date of birth": "1980-04-02",
      // In groups, so a spreadsheet keeps the + and every digit as text instead of making a number of it.
      Phone: "+267 71 234 567",
      "Alternative phone": "+27 82 123 4567",
      Service: "Ultrasound Imaging",
      Examination: "Thyroid",
      "Payment method": "BPOMAS",
      "Medical aid number": "'-12345",
      "Requested date": "2027-02-03",
      "Confirmed date": "2027-02-04",
      "Confirmed time": "09:30",
      Room: "Ultrasound 2",
      Language: "Setswana",
      "Received (Gaborone time)": "2027-02-01 01:30",
    });
  });

  it("refuses a bad export range", async () => {
    for (const q of ["from=2026-12-31&to=2026-12-01", "from=nope&to=2026-12-01", ""]) {
      const res = await t.app.inject({
        method: "GET",
        url: `/api/staff/appointments/export?${q}`,
        headers: { cookie },
      });
      expect(res.statusCode).toBe(400);
    }
  });

  it("records downloads, views and exports in the audit log with who and when", async () => {
    const rows = await t.db
      .selectFrom("staff_audit")
      .selectAll()
      .where("staff_id", "=", staff.id)
      .orderBy("id")
      .execute();
    const actions = rows.map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(["file_view", "file_download", "export_csv"]));
    const exportRow = rows.find((r) => r.action === "export_csv")!;
    expect(exportRow.detail).toBe("2026-12-01 to 2026-12-31 (1 rows)");
    expect(exportRow.staff_email).toBe(staff.email);
    expect(Date.now() - new Date(exportRow.created_at).getTime()).toBeLessThan(60_000);
    const download = rows.find((r) => r.action === "file_download")!;
    expect(download.target_id).toBe(upload.publicId);
  });
});
