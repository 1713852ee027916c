import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { APPOINTMENT_PATH, ENQUIRY_PATH } from "../../domain/api-paths";
import { LANGUAGE_INVALID } from "../../domain/validation/fields";
import { createTestApp, type TestApp } from "../helpers/app";
import { bookingFormValues, validAppointment, validEnquiry } from "../helpers/requests";

/*
 * The patient's language is kept with what they send (decision 037): the JSON API's optional
 * `language`, and the page a plain form was posted from (/tn/…: Setswana).
 */
describe("the patient's language, stored with the request", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_ENABLED: "false" }, { servePages: true });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.db.deleteFrom("appointment_status_history").execute();
    await t.db.deleteFrom("appointments").execute();
    await t.db.deleteFrom("enquiries").execute();
  });

  const json = (url: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: "POST", url, payload, headers: { "content-type": "application/json" } });
  const languages = (table: "appointments" | "enquiries") =>
    t.db.selectFrom(table).select(["language"]).orderBy("id").execute();

  it("takes `language` in the JSON API, English without it, and refuses any other value, storing nothing", async () => {
    expect((await json(APPOINTMENT_PATH, validAppointment({ language: "tn" }))).statusCode).toBe(201);
    expect((await json(APPOINTMENT_PATH, validAppointment({ idPassportNumber: "987654321" }))).statusCode).toBe(201);
    expect((await json(ENQUIRY_PATH, validEnquiry({ language: "tn" }))).statusCode).toBe(201);
    expect((await json(ENQUIRY_PATH, validEnquiry({ description: "And on Sundays?" }))).statusCode).toBe(201);
    for (const [url, body] of [
      [APPOINTMENT_PATH, validAppointment({ language: "fr", idPassportNumber: "111111111" })],
      [ENQUIRY_PATH, validEnquiry({ language: "Setswana", description: "A third one" })],
    ] as const) {
      const refused = await json(url, body);
      expect(refused.statusCode).toBe(400);
      expect(JSON.stringify(refused.json())).toContain(LANGUAGE_INVALID);
    }
    expect(await languages("appointments")).toEqual([{ language: "tn" }, { language: "en" }]);
    expect(await languages("enquiries")).toEqual([{ language: "tn" }, { language: "en" }]);
  });

  it("keeps the language of the page a plain form was posted from: /tn/book-appointment and /tn/contact-us are Setswana", async () => {
    const fields = bookingFormValues({ alternateNumber: "72345678" }, 2);
    for (const [url, id] of [
      ["/tn/book-appointment", "123456789"],
      ["/book-appointment", "223456789"],
    ]) {
      const form = new FormData();
      for (const [name, value] of Object.entries({ ...fields, idPassportNumber: id! })) form.append(name, value);
      const encoded = new Response(form); // multipart/form-data, as a browser sends the form
      const res = await t.app.inject({
        method: "POST",
        url,
        payload: Buffer.from(await encoded.arrayBuffer()),
        headers: { "content-type": encoded.headers.get("content-type")!, "sec-fetch-site": "same-origin" },
      });
      expect(res.statusCode, `${url}: ${/role="alert"[\s\S]{0,600}/.exec(res.body)?.[0]}`).toBe(200);
    }
    for (const [url, description] of [
      ["/tn/contact-us", "Lo bula ka Matlhatso?"],
      ["/contact-us", "Are you open on Saturdays?"],
    ]) {
      const res = await t.app.inject({
        method: "POST",
        url,
        payload: new URLSearchParams({ ...validEnquiry({ description }), website: "" } as Record<
          string,
          string
        >).toString(),
        headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "same-origin" },
      });
      expect(res.statusCode, url).toBe(200);
    }
    expect(await languages("appointments")).toEqual([{ language: "tn" }, { language: "en" }]);
    expect(await languages("enquiries")).toEqual([{ language: "tn" }, { language: "en" }]);
  });

  it("guards the Setswana pages' plain posts as the English ones: a cross-site post is refused with 403, storing nothing", async () => {
    for (const url of ["/tn/contact-us", "/tn/book-appointment", "/tn/appointment/x"]) {
      const form = new FormData();
      form.append("name", "x");
      const encoded = url.endsWith("book-appointment")
        ? new Response(form)
        : new Response(new URLSearchParams("name=x"));
      const res = await t.app.inject({
        method: "POST",
        url,
        payload: Buffer.from(await encoded.arrayBuffer()),
        headers: { "content-type": encoded.headers.get("content-type")!, "sec-fetch-site": "cross-site" },
      });
      expect(res.statusCode, url).toBe(403);
    }
    expect(await languages("enquiries")).toEqual([]);
  });
});
