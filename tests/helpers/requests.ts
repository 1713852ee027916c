import type { FastifyInstance } from "fastify";
import { addDays, clinicToday, formatShortDate } from "../../domain/dates";
import { isOpenDay } from "../../domain/opening-days";

/** The first open day at least `after` days from today (Gaborone). */
export function openDate(after = 1, closedDates: string[] = []): string {
  let d = addDays(clinicToday(new Date()), after);
  while (!isOpenDay(d, closedDates)) d = addDays(d, 1);
  return d;
}

let patients = 0;
/**
 * Another patient for validAppointment: the same person but for the date of
 * birth, one of its own each call. Two open requests from one patient (name,
 * date of birth, phone) for one service and day are possible duplicates
 * (decision 049), and the second gets no acknowledgement text; a test whose
 * bookings are different requests gives each its own patient with this.
 */
export function anotherPatient(): { dob: string } {
  patients += 1;
  return { dob: addDays("1950-01-01", patients) };
}

export function validAppointment(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: "Kagiso",
    surname: "Molefhe",
    dob: "1984-03-12",
    phoneNumber: "71234567",
    alternateNumber: "+27821234567",
    email: "kagiso.molefhe@example.net",
    gender: "Female",
    service: { name: "X-ray Imaging", paymentMethod: "bpomas" },
    medicalAidNumber: "BP-998877",
    notes: "Left wrist, fell on Saturday.",
    appointmentDate: openDate(2),
    appointmentTime: "10:15",
    referralForms: [],
    idPassportNumber: "123456789",
    ...overrides,
  };
}

/**
 * A time booked online (decision 063): validAppointment for another patient (anotherPatient), with
 * `bookTime`, the day and the time, and "no" to the X-ray's pregnancy question; `overrides` last.
 */
export function bookTimeBody(date: string, time: string, overrides: Record<string, unknown> = {}) {
  return validAppointment({
    ...anotherPatient(),
    appointmentDate: date,
    appointmentTime: time,
    bookTime: true,
    screening: { pregnant: "no" },
    ...overrides,
  });
}

export function validEnquiry(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: "Neo Sebego",
    phoneNumber: "3163012",
    email: "neo.sebego@example.net",
    description: "Do you do ultrasound on Saturdays?",
    ...overrides,
  };
}

/** A minimal, valid PDF of about `size` bytes. */
export function pdfBytes(size = 1200): Buffer {
  const head = Buffer.from(
    "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n",
  );
  const tail = Buffer.from("\ntrailer<</Root 1 0 R>>\n%%EOF\n");
  const pad = Buffer.alloc(Math.max(0, size - head.length - tail.length), 0x20);
  return Buffer.concat([head, pad, tail]);
}

/** A multipart/form-data body with one file field. */
export function multipartBody(
  filename: string,
  content: Buffer,
  { field = "file", contentType = "application/octet-stream" } = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----clinic${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

/** POSTs `payload` as it is, with this Content-Type, through the app in-process (no JSON encoding). */
export function injectRaw(app: FastifyInstance, url: string, payload: string, contentType: string) {
  return app.inject({ method: "POST", url, payload, headers: { "content-type": contentType } });
}

/** POSTs `body` as JSON to a running server. */
export function postJson(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
}

/**
 * A request body sent in pieces of `size` bytes, each after `delayMs` (as a slow phone sends it); without
 * a Content-Length header, fetch sends it with Transfer-Encoding: chunked.
 */
export function chunked(payload: Buffer, { size = 16 * 1024, delayMs = 0 } = {}): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream({
    async pull(controller) {
      if (offset >= payload.length) return controller.close();
      if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
      controller.enqueue(new Uint8Array(payload.subarray(offset, offset + size)));
      offset += size;
    },
  });
}

/** POSTs a body, streamed or whole, to a running server (fetch needs duplex: "half" for a stream). */
export function postBody(
  url: string,
  body: ReadableStream<Uint8Array> | Uint8Array,
  init: { headers: Record<string, string>; redirect?: RequestRedirect },
): Promise<Response> {
  return fetch(url, { method: "POST", ...init, body, duplex: "half" } as RequestInit);
}

/** A form field as a browser posts it. */
export type FormField = [name: string, value: string];

/** A multipart/form-data body as a browser sends the booking form: its fields, and the referral file if any. */
export function formMultipart(fields: FormField[], file?: { filename: string; content: Buffer }) {
  const boundary = `----WebKitFormBoundary${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = fields.map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="referral"; filename="${file.filename}"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      file.content,
      Buffer.from("\r\n"),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The booking form's values by name, filled in as a patient would, for an open day `after` days ahead. */
export function bookingFormValues(overrides: Record<string, string> = {}, after = 3): Record<string, string> {
  return {
    name: "Kagiso",
    surname: "Molefhe",
    dobDay: "12",
    dobMonth: "3",
    dobYear: "1984",
    gender: "Female",
    idPassportNumber: "123456789",
    phoneNumber: "71234567",
    alternateNumber: "+27821234567",
    email: "kagiso.molefhe@example.net",
    service: "X-ray Imaging",
    appointmentDate: formatShortDate(openDate(after)),
    paymentMethod: "cash",
    medicalAidNumber: "",
    notes: "",
    website: "",
    ...overrides,
  };
}

/** The booking form's fields in order, as a browser posts them (see bookingFormValues). */
export function bookingFormFields(overrides: Record<string, string> = {}, after = 3): FormField[] {
  return Object.entries(bookingFormValues(overrides, after));
}
