import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APPOINTMENT_PATH, SLOTS_PATH } from "../../domain/api-paths";
import { bookedTimeWords } from "../../domain/booking-rules";
import { addDays, clinicInstant, formatLongDate, formatShortDate } from "../../domain/dates";
import { clinicMinutes } from "../../domain/rooms";
import { createTestApp, type TestApp } from "../helpers/app";
import {
  anotherPatient,
  bookingFormFields,
  bookTimeBody,
  formMultipart,
  openDate,
  validAppointment,
} from "../helpers/requests";
import { addStaff, seedAppointment, sessionCookieFor } from "../helpers/staff";

// Decision 063: POST /api/appointment/public/appointments with "bookTime": true books a free time:
// confirmed, in a free room, held by the database's constraint. The clock is fixed at Monday
// 1 March 2027, 08:00 in Gaborone; each test books on its own day.

const NOW = clinicInstant("2027-03-01", "08:00");

type Answer = {
  message: string;
  errors?: Record<string, string>;
  alternatives?: { date: string; time: string }[];
  data?: { reference: string; status?: string; appointmentDate: string; appointmentTime?: string; manageUrl?: string };
};

describe("booking a free time", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_ENABLED: "false" }, { now: () => NOW });
  });
  afterAll(() => t.close());

  const book = (date: string, time: string, over: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: "POST",
      url: APPOINTMENT_PATH,
      headers,
      payload: bookTimeBody(date, time, over),
    });
  const answer = (res: { json: () => unknown }) => res.json() as Answer;
  const timesOn = async (service: string, date: string) => {
    const res = await t.app.inject({ method: "GET", url: `${SLOTS_PATH}?service=${service}&from=${date}&to=${date}` });
    return (res.json() as { data: { days: { times: string[] }[] } }).data.days[0]?.times ?? [];
  };
  const row = (reference: string) =>
    t.db.selectFrom("appointments").selectAll().where("reference", "=", reference).executeTakeFirstOrThrow();

  it("books an X-ray time: 201 confirmed, in the X-ray room for the examination and its changeover, marked booked online", async () => {
    const res = await book("2027-03-02", "09:30");
    expect(res.statusCode).toBe(201);
    const { message, data } = answer(res);
    expect(message).toBe("Your appointment is booked: Tuesday 2 March 2027 at 09:30");
    expect(data).toMatchObject({ status: "confirmed", appointmentDate: "2027-03-02", appointmentTime: "09:30" });
    expect(data!.manageUrl).toMatch(/^http/);
    const stored = await row(data!.reference);
    expect(stored).toMatchObject({
      status: "confirmed",
      confirmed_date: "2027-03-02",
      confirmed_time: "09:30",
      room: "x-ray",
      starts_at: clinicMinutes("2027-03-02", "09:30"),
      ends_at: clinicMinutes("2027-03-02", "09:30") + 30 + 5,
      booked_online: 1,
    });
    // The screening answer is kept, as the safety answer to the same question.
    expect(JSON.parse(stored.safety_answers!)).toEqual({ pregnant: { choice: "no" } });
    expect(await timesOn("x-ray", "2027-03-02")).not.toContain("09:30");
    // The patient's e-mail says the same; the clinic's says it was booked online.
    const mails = await t.db
      .selectFrom("mail_queue")
      .select(["subject", "text_body", "attachments_json"])
      .where("about_reference", "=", data!.reference)
      .execute();
    expect(mails.map((m) => m.subject).sort()).toEqual([
      `Appointment booked online ${data!.reference}`,
      "Your appointment is booked: Tuesday 2 March 2027 at 09:30",
    ]);
    // The patient's: booked, what to bring and how to prepare, and the calendar file at that time.
    const patient = mails.find((m) => m.subject.startsWith("Your appointment"))!;
    expect(patient.text_body).toContain("Your appointment is booked: Tuesday 2 March 2027 at 09:30 (Botswana time)");
    expect(patient.text_body).toContain("Remove jewellery and metal objects");
    expect(patient.text_body).toContain("Bring your referral form.");
    const [ics] = JSON.parse(patient.attachments_json) as { filename: string; content: string }[];
    expect(ics!.filename).toBe("appointment.ics");
    const calendar = Buffer.from(ics!.content, "base64").toString().replace(/\r\n /g, "");
    expect(calendar).toContain("DTSTART:20270302T073000Z");
    expect(calendar).toContain("DESCRIPTION:Your appointment is booked: Tuesday 2 March 2027 at 09:30\\n");
  });

  it("answers 409 with the nearest free times when the time was taken meanwhile", async () => {
    expect((await book("2027-03-03", "11:00")).statusCode).toBe(201);
    const res = await book("2027-03-03", "11:00");
    expect(res.statusCode).toBe(409);
    const { message, alternatives } = answer(res);
    expect(message).toMatch(/Someone else has just booked that time/);
    // 11:00 is held to 11:35, so 10:30 and 10:45 (35 minutes each) and 11:15, 11:30 are gone too;
    // of two as near, the earlier comes first.
    expect(alternatives).toEqual([
      { date: "2027-03-03", time: "09:45" },
      { date: "2027-03-03", time: "10:00" },
      { date: "2027-03-03", time: "10:15" },
      { date: "2027-03-03", time: "11:45" },
      { date: "2027-03-03", time: "12:00" },
      { date: "2027-03-03", time: "12:15" },
    ]);
    // Every alternative can be booked.
    expect((await book("2027-03-03", alternatives![0]!.time)).statusCode).toBe(201);
  });

  it("replays the first answer for the same Idempotency-Key", async () => {
    const payload = bookTimeBody("2027-03-04", "12:00");
    const post = () =>
      t.app.inject({
        method: "POST",
        url: APPOINTMENT_PATH,
        headers: { "idempotency-key": "book-time-replay-1" },
        payload,
      });
    const first = await post();
    const again = await post();
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(answer(again).data).toMatchObject({
      reference: answer(first).data!.reference,
      status: "confirmed",
      appointmentTime: "12:00",
    });
    const count = await t.db
      .selectFrom("appointments")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("confirmed_date", "=", "2027-03-04")
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it("refuses a service booked by request only, telling the patient to send a request instead", async () => {
    const res = await book("2027-03-05", "10:00", { service: { name: "fluoroscopy", paymentMethod: "cash" } });
    expect(res.statusCode).toBe(400);
    expect(answer(res).message).toMatch(/cannot be booked online\. Please send a request instead/);
    expect(Object.keys(answer(res).errors!)).toEqual(["service.name"]);
  });

  it("refuses a time off the grid, too soon, too far ahead or on a closed day: send a request instead", async () => {
    const refused = async (date: string, time: string, service = "x-ray") => {
      const res = await book(date, time, { service: { name: service, paymentMethod: "cash" } });
      expect(res.statusCode).toBe(400);
      expect(answer(res).message).toMatch(/send a request instead/);
      return answer(res);
    };
    expect((await refused("2027-03-08", "10:07")).errors).toEqual({
      appointmentTime: expect.stringMatching(/not one of the times/),
    });
    expect((await refused("2027-03-08", "07:00")).message).toMatch(/not one of the times/);
    // The last X-ray starts 19:30: one at 19:45 would end after closing.
    expect((await refused("2027-03-08", "19:45")).message).toMatch(/not one of the times/);
    // Two hours' notice from 08:00 today; six for ultrasound.
    expect((await refused("2027-03-01", "09:45")).message).toMatch(/at least 2 hours from now/);
    expect((await refused("2027-03-01", "13:45", "ultrasound")).message).toMatch(/at least 6 hours from now/);
    expect((await refused(addDays("2027-03-01", 63), "10:00")).message).toMatch(/within the next 60 days/);
    // Saturday 6 March is open 09:00 to 13:00.
    expect((await refused("2027-03-06", "14:00")).message).toMatch(/not one of the times/);
    // Thursday 18 March the X-ray room is out of service: the clinic is open, but no X-ray starts that day, and the
    // patient is told why.
    await t.db
      .insertInto("clinic_closures")
      .values({
        first_date: "2027-03-18",
        last_date: "2027-03-18",
        reason: "Tube replacement",
        room: "x-ray",
        created_by: null,
        created_at: NOW.toISOString(),
      })
      .execute();
    expect((await refused("2027-03-18", "10:00")).message).toMatch(
      /equipment for your examination is out of service that day/,
    );
    const stored = await t.db
      .selectFrom("appointments")
      .select("id")
      .where("confirmed_date", "=", "2027-03-08")
      .execute();
    expect(stored).toEqual([]);
  });

  it("sends a patient who may be pregnant, or did not answer, to a request", async () => {
    for (const pregnant of ["yes", "not_sure"]) {
      const res = await book("2027-03-09", "10:00", { screening: { pregnant } });
      expect(res.statusCode).toBe(400);
      expect(answer(res).message).toMatch(/pregnant.*send a request instead/);
      expect(Object.keys(answer(res).errors!)).toEqual(["screening.pregnant"]);
    }
    const unanswered = await book("2027-03-09", "10:00", { screening: undefined });
    expect(unanswered.statusCode).toBe(400);
    expect(answer(unanswered).message).toMatch(/Could you be pregnant\?/);
    const bad = await book("2027-03-09", "10:00", { screening: { pregnant: "maybe" } });
    expect(bad.statusCode).toBe(400);
    // Ultrasound asks nothing.
    const scan = await book("2027-03-09", "14:00", {
      service: { name: "ultrasound", paymentMethod: "cash" },
      screening: undefined,
    });
    expect(scan.statusCode).toBe(201);
  });

  it("sends a mammogram for someone under 40 without a referral form to a request", async () => {
    const mammogram = { service: { name: "mammography", paymentMethod: "cash" } };
    const young = await book("2027-03-10", "10:00", { ...mammogram, dob: "1990-05-05" });
    expect(young.statusCode).toBe(400);
    expect(answer(young).message).toMatch(/Under the age of 40, a mammogram needs a doctor's referral form/);
    expect(Object.keys(answer(young).errors!)).toEqual(["referralForms"]);
    const older = await book("2027-03-10", "10:00", { ...mammogram, dob: "1970-05-05" });
    expect(older.statusCode).toBe(201);
  });

  it("answers a bot that filled the honeypot as if its time were booked, and stores nothing", async () => {
    const res = await book("2027-03-16", "10:00", { website: "https://spam.example" });
    expect(res.statusCode).toBe(201);
    expect(answer(res).message).toBe("Your appointment is booked: Tuesday 16 March 2027 at 10:00");
    expect(answer(res).data).toMatchObject({
      status: "confirmed",
      appointmentDate: "2027-03-16",
      appointmentTime: "10:00",
    });
    const stored = await t.db
      .selectFrom("appointments")
      .select("id")
      .where("requested_date", "=", "2027-03-16")
      .execute();
    expect(stored).toEqual([]);
  });

  it("stores a request, as before, without bookTime", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: APPOINTMENT_PATH,
      payload: validAppointment({ ...anotherPatient(), appointmentDate: "2027-03-11", appointmentTime: "10:00" }),
    });
    expect(res.statusCode).toBe(201);
    const { data } = answer(res);
    expect(data!.status).toBeUndefined();
    expect(data!.appointmentTime).toBeUndefined();
    expect(await row(data!.reference)).toMatchObject({ status: "requested", room: null, booked_online: 0 });
  });

  it("keeps the screening answers of a request sent instead of a booking", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: APPOINTMENT_PATH,
      payload: validAppointment({
        ...anotherPatient(),
        appointmentDate: "2027-03-17",
        appointmentTime: "10:00",
        screening: { pregnant: "not_sure" },
      }),
    });
    expect(res.statusCode).toBe(201);
    const stored = await row(answer(res).data!.reference);
    expect(stored.status).toBe("requested");
    expect(JSON.parse(stored.safety_answers!)).toEqual({ pregnant: { choice: "not_sure" } });
  });

  it("20 parallel posts for one X-ray time: exactly one 201, the rest 409 with alternatives", async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => book("2027-03-12", "10:00")));
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(1);
    const taken = answers.filter((r) => r.statusCode === 409);
    expect(taken).toHaveLength(19);
    for (const r of taken) expect(answer(r).alternatives!.length).toBe(6);
    const rows = await t.db
      .selectFrom("appointments")
      .select(["status", "room"])
      .where("confirmed_date", "=", "2027-03-12")
      .execute();
    expect(rows).toEqual([{ status: "confirmed", room: "x-ray" }]);
  });

  it("20 parallel posts for one ultrasound time: exactly two bookings, one in each room", async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        book("2027-03-15", "15:00", { service: { name: "ultrasound", paymentMethod: "cash" }, screening: undefined }),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(2);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(18);
    const rooms = await t.db
      .selectFrom("appointments")
      .select("room")
      .where("confirmed_date", "=", "2027-03-15")
      .orderBy("room")
      .execute();
    expect(rooms.map((r) => r.room)).toEqual(["ultrasound-1", "ultrasound-2"]);
  });
});

describe("booking a free time with the plain form (no JavaScript)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_ENABLED: "false" }, { servePages: true });
  });
  afterAll(() => t.close());

  // The page's own clock is the real one: an open day ten days ahead, at 10:00.
  const date = openDate(10);
  const post = (overrides: Record<string, string>) => {
    const body = formMultipart(
      bookingFormFields({ appointmentDate: formatShortDate(date), ...overrides }).concat([
        ["bookTime", "true"],
        ["appointmentTime", "10:00"],
        ["screening-pregnant", "no"],
      ]),
    );
    return t.app.inject({
      method: "POST",
      // Where the time form posts (its service in the address, as book-time-form.tsx's timePath writes it).
      url: "/book-appointment?service=x-ray",
      payload: body.payload,
      headers: { "content-type": body.contentType, "sec-fetch-site": "same-origin" },
    });
  };

  it("takes bookTime, appointmentTime and the screening answer; a second post for the time is told it was taken", async () => {
    const first = await post({ surname: "Booked" });
    expect(first.statusCode).toBe(200);
    const stored = await t.db
      .selectFrom("appointments")
      .selectAll()
      .where("surname", "=", "Booked")
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      status: "confirmed",
      confirmed_date: date,
      confirmed_time: "10:00",
      room: "x-ray",
      booked_online: 1,
    });
    const second = await post({ surname: "Too late", dobYear: "1985" });
    expect(second.statusCode).toBe(409);
    expect(second.body).toContain("Someone else has just booked that time");
    // Named at the top, as with JavaScript (issue 35), and no longer offered.
    expect(second.body).toContain(`Someone else booked ${formatLongDate(date)} at 10:00 a moment ago`);
    // The form below opens at that day again, not at the first free day.
    expect(second.body).toContain(`Free times on ${formatLongDate(date)}</legend>`);
    const late = await t.db.selectFrom("appointments").select("id").where("surname", "=", "Too late").execute();
    expect(late).toEqual([]);

    // The console marks it "booked online": on its page and on the printed day list; a request is not marked.
    const staff = await addStaff(t.db, { email: "desk@clinic.example.org", name: "Front Desk" });
    const cookie = await sessionCookieFor(t.db, t.config, staff.id);
    const get = (url: string) => t.app.inject({ method: "GET", url, headers: { cookie } });
    const page = await get(`/staff/appointments/${stored.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<span class="staff-badge staff-badge--online">Booked online</span>');
    const list = await get(`/staff/schedule/print?date=${date}`);
    expect(list.body).toContain("Booked online");
    const request = await seedAppointment(t.db, { service_name: "x-ray", requested_date: date });
    expect((await get(`/staff/appointments/${request}`)).body).not.toContain("Booked online");
  });

  it("the private page says the appointment is booked, with its day and time, in the patient's language", async () => {
    // 10:00 is within the hours of every open day, Saturday's too (09:00 to 13:00).
    const day = openDate(12);
    for (const [language, words] of [
      ["en", "Your appointment is booked:"],
      ["tn", "Peeletso ya gago e beeletswe:"],
    ] as const) {
      const res = await t.app.inject({
        method: "POST",
        url: APPOINTMENT_PATH,
        payload: validAppointment({
          ...anotherPatient(),
          service: { name: "ultrasound", paymentMethod: "cash" },
          appointmentDate: day,
          appointmentTime: "10:00",
          bookTime: true,
          language,
        }),
      });
      expect(res.statusCode).toBe(201);
      const { data } = res.json() as Answer;
      const page = await t.app.inject({ method: "GET", url: new URL(data!.manageUrl!).pathname });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(`${words} ${bookedTimeWords(day, "10:00", language)}`);
    }
  });
});
