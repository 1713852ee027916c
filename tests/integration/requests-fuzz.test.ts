import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers/app";
import { multipartBody, validAppointment, validEnquiry } from "../helpers/requests";

/**
 * Property-based bad input: at least 1,000 generated bodies per endpoint,
 * each certainly invalid (a required field missing or of the wrong type, plus
 * random changes to other fields, or an arbitrary JSON value).
 * Every answer is a 4xx (never 5xx, never an acceptance), and nothing is
 * written: no rows, no queued mail, no files.
 */

const RUNS = 1000;

/** Arbitrary JSON-ish values, with strings that look like the real fields. */
const nasty = fc.oneof(
  fc.string(),
  fc.string({ unit: "grapheme", maxLength: 300 }),
  fc.constantFrom(
    "",
    " ",
    "\u0000",
    "null",
    "NaN",
    "0000-00-00",
    "2026-02-30",
    "9999-12-31",
    "25:61",
    "'; drop table appointments; --",
    "<script>",
    "../../etc/passwd",
    "+",
    "0".repeat(40),
  ),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }),
);

/** A value of the wrong JSON type for any field (every field is a string, an object or an array). */
const wrongType = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 2 }),
);

function apply(body: Record<string, unknown>, key: string, value: unknown) {
  if (key.includes(".")) {
    const [a, b] = key.split(".") as [string, string];
    const inner = { ...(typeof body[a] === "object" && body[a] !== null ? (body[a] as object) : {}) } as Record<
      string,
      unknown
    >;
    if (value === undefined) delete inner[b];
    else inner[b] = value;
    body[a] = inner;
  } else if (value === undefined) delete body[key];
  else body[key] = value;
}

/**
 * A valid body made certainly invalid (one required field removed or given a
 * value of the wrong type), then up to three more random changes.
 */
function corrupted(valid: Record<string, unknown>, required: string[], all: string[]) {
  return fc
    .tuple(
      fc.constantFrom(...required),
      fc.option(wrongType, { nil: undefined, freq: 3 }),
      fc.array(fc.tuple(fc.constantFrom(...all), fc.option(nasty, { nil: undefined })), { maxLength: 3 }),
    )
    .map(([key, bad, changes]) => {
      const body: Record<string, unknown> = structuredClone(valid);
      for (const [k, v] of changes) apply(body, k, v);
      apply(body, key, bad);
      delete body.website;
      return body;
    });
}

const APPOINTMENT_REQUIRED = [
  "name",
  "surname",
  "dob",
  "phoneNumber",
  "alternateNumber",
  "email",
  "gender",
  "service",
  "service.name",
  "service.paymentMethod",
  "appointmentDate",
  "appointmentTime",
  "idPassportNumber",
];
const APPOINTMENT_ALL = [...APPOINTMENT_REQUIRED, "notes", "medicalAidNumber", "referralForms"];
const ENQUIRY_FIELDS = ["name", "phoneNumber", "email", "description"];

describe("bad input never causes a 5xx or writes anything", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_ENABLED: "false" });
  });
  afterAll(() => t.close());

  const counts = async () => ({
    appointments: (await t.db.selectFrom("appointments").select("id").execute()).length,
    enquiries: (await t.db.selectFrom("enquiries").select("id").execute()).length,
    uploads: (await t.db.selectFrom("uploads").select("id").execute()).length,
    mail: (await t.db.selectFrom("mail_queue").select("id").execute()).length,
    idempotency: (await t.db.selectFrom("idempotency_keys").select("endpoint").execute()).length,
    files: fs.readdirSync(path.join(t.dataDir, "uploads")).length,
  });
  const zero = { appointments: 0, enquiries: 0, uploads: 0, mail: 0, idempotency: 0, files: 0 };

  it(`appointments: ${RUNS} corrupted bodies and ${RUNS / 2} arbitrary values`, async () => {
    const statuses = new Set<number>();
    const check = async (payload: unknown, key?: string) => {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/appointment/public/appointments",
        payload: JSON.stringify(payload),
        headers: { "content-type": "application/json", ...(key ? { "idempotency-key": key } : {}) },
      });
      statuses.add(res.statusCode);
      expect(res.statusCode, JSON.stringify(payload)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    };
    const valid = validAppointment({ referralForms: [] });
    await fc.assert(
      fc.asyncProperty(
        corrupted(valid, APPOINTMENT_REQUIRED, APPOINTMENT_ALL),
        fc.option(fc.uuid(), { nil: undefined }),
        (b, k) => check(b, k),
      ),
      { numRuns: RUNS },
    );
    await fc.assert(
      fc.asyncProperty(fc.anything(), (v) => check(v)),
      { numRuns: RUNS / 2 },
    );
    expect(await counts()).toEqual(zero);
    expect([...statuses].every((s) => s === 400 || s === 413)).toBe(true);
  }, 180_000);

  it(`enquiries: ${RUNS} corrupted bodies and ${RUNS / 2} arbitrary values`, async () => {
    const check = async (payload: unknown) => {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/contact-enquire/public/create",
        payload: JSON.stringify(payload),
        headers: { "content-type": "application/json" },
      });
      expect(res.statusCode, JSON.stringify(payload)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    };
    await fc.assert(fc.asyncProperty(corrupted(validEnquiry(), ENQUIRY_FIELDS, ENQUIRY_FIELDS), check), {
      numRuns: RUNS,
    });
    await fc.assert(fc.asyncProperty(fc.anything(), check), { numRuns: RUNS / 2 });
    expect(await counts()).toEqual(zero);
  }, 180_000);

  it(`uploads: ${RUNS} random files, names, fields and content types`, async () => {
    const check = async (name: string, content: Uint8Array, field: string, type: string, raw: boolean) => {
      const res = raw
        ? await t.app.inject({
            method: "POST",
            url: "/api/cloudinary/upload/referrals_forms",
            payload: Buffer.from(content),
            headers: { "content-type": type },
          })
        : await (async () => {
            const body = multipartBody(name.replace(/["\r\n]/g, ""), Buffer.from(content), {
              field,
              contentType: type.replace(/[\r\n]/g, "") || "x/y",
            });
            return t.app.inject({
              method: "POST",
              url: "/api/cloudinary/upload/referrals_forms",
              payload: body.payload,
              headers: body.headers,
            });
          })();
      expect(res.statusCode, `${name} ${type}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    };
    await fc.assert(
      fc.asyncProperty(
        fc.string(),
        // Random bytes, some starting like an HTML or ZIP file; never a real PDF/PNG/JPEG signature.
        fc
          .oneof(
            fc.uint8Array({ maxLength: 6000 }),
            fc.constantFrom(Buffer.from("<html>"), Buffer.from("PK\u0003\u0004xxxx"), Buffer.from("GIF89a.....")),
          )
          .filter((b) => !/^(%PDF|\x89PNG|\xff\xd8\xff)/.test(Buffer.from(b).toString("latin1"))),
        fc.constantFrom("file", "document", ""),
        fc.constantFrom("application/pdf", "image/png", "text/html", "application/json", ""),
        fc.boolean(),
        check,
      ),
      { numRuns: RUNS },
    );
    expect(await counts()).toEqual(zero);
  }, 180_000);
});
