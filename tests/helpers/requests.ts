import { addDays, clinicToday } from "../../domain/dates";
import { isOpenDay } from "../../domain/opening-days";

/** The first open day at least `after` days from today (Gaborone). */
export function openDate(after = 1, closedDates: string[] = []): string {
  let d = addDays(clinicToday(new Date()), after);
  while (!isOpenDay(d, closedDates)) d = addDays(d, 1);
  return d;
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
