/**
 * The referral form for referring doctors: a fillable A4 PDF (AcroForm text
 * fields, check boxes and radio groups) that carries the clinic's configured
 * name, numbers, e-mail, address and opening hours. Built at `npm run build`
 * by scripts/postbuild.ts into build/client/files/referral-form.pdf, and
 * measured by the For Referrers page to state the file size.
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFForm, type PDFPage } from "@cantoo/pdf-lib";
import { BOOKABLE_SERVICES, SERVICES } from "../../domain/catalogue";
import { formatOpeningPeriod, formatPhone } from "../../domain/contact-links";
import type { Config } from "../base/config";

export type ReferralFormConfig = Pick<Config, "clinic" | "publicBaseUrl">;

/** Field names, exported so tests and any future import tool use the same names. */
export const REFERRAL_TEXT_FIELDS = [
  "patient_surname",
  "patient_first_names",
  "patient_date_of_birth",
  "patient_sex",
  "patient_id_passport",
  "patient_phone",
  "patient_medical_aid",
  "doctor_name",
  "doctor_practice_number",
  "doctor_phone",
  "doctor_email",
  "examination_details",
  "clinical_history",
  "lmp_date",
  "allergies",
  "doctor_signature",
  "signature_date",
] as const;

export const REFERRAL_URGENCY_OPTIONS = ["Routine", "Urgent"] as const;
export const REFERRAL_PREGNANCY_OPTIONS = ["Not pregnant", "Pregnant", "Possibly pregnant", "Not applicable"] as const;

/** Services a doctor can tick: every bookable examination (remote reporting is not one a patient attends). */
export const REFERRAL_EXAMINATIONS = BOOKABLE_SERVICES.filter((s) => s.slug !== SERVICES.remoteReporting.slug);

export function examinationFieldName(slug: string): string {
  return `exam_${slug.replace(/[^a-z0-9]+/gi, "_")}`;
}

export const CONTRAST_ALLERGY_FIELD = "allergy_contrast";

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 40;
const CONTENT_WIDTH = A4.width - 2 * MARGIN;
const GAP = 12;

const TEAL = rgb(0x0b / 255, 0x5c / 255, 0x63 / 255);
const TEAL_TINT = rgb(0xe6 / 255, 0xf2 / 255, 0xf2 / 255);
const TEXT = rgb(0x1c / 255, 0x25 / 255, 0x29 / 255);
const MUTED = rgb(0x4a / 255, 0x58 / 255, 0x5e / 255);
const BORDER = rgb(0x7a / 255, 0x8a / 255, 0x90 / 255);

const LABEL_SIZE = 8;
const FIELD_HEIGHT = 18;
const ROW_HEIGHT = 34;

/** Lays out one page top-down; `y` is the top of the next element. */
class Layout {
  y = A4.height - MARGIN;

  constructor(
    readonly page: PDFPage,
    readonly form: PDFForm,
    readonly font: PDFFont,
    readonly bold: PDFFont,
  ) {}

  /** Text the standard fonts can encode (WinAnsi): configured values may hold other characters. */
  safe(text: string): string {
    const supported = new Set(this.font.getCharacterSet());
    return Array.from(
      text
        .replace(/[\u2018\u2019]/g, "'")
        .replace(/[\u201c\u201d]/g, '"')
        .replace(/[\u2013\u2014]/g, "-")
        .replace(/[\t\r\n]+/g, " "),
    )
      .map((ch) => (supported.has(ch.codePointAt(0) ?? 0) ? ch : "?"))
      .join("");
  }

  wrap(text: string, size: number, width: number, font = this.font): string[] {
    const lines: string[] = [];
    let line = "";
    for (const word of this.safe(text).split(/ (?! )/)) {
      const candidate = line ? `${line} ${word}` : word;
      if (line && font.widthOfTextAtSize(candidate, size) > width) {
        lines.push(line);
        line = word;
      } else {
        line = candidate;
      }
    }
    if (line) lines.push(line);
    return lines;
  }

  /** Wrapped text at the cursor; moves the cursor below it. */
  paragraph(
    text: string,
    { size = 9, font = this.font, color = TEXT, x = MARGIN, width = CONTENT_WIDTH, leading = 1.3 } = {},
  ) {
    for (const line of this.wrap(text, size, width, font)) {
      this.y -= size;
      this.page.drawText(line, { x, y: this.y, size, font, color });
      this.y -= size * (leading - 1);
    }
  }

  gap(points: number) {
    this.y -= points;
  }

  section(title: string) {
    this.gap(6);
    const height = 16;
    this.page.drawRectangle({ x: MARGIN, y: this.y - height, width: CONTENT_WIDTH, height, color: TEAL_TINT });
    this.page.drawText(this.safe(title), { x: MARGIN + 6, y: this.y - 11.5, size: 10, font: this.bold, color: TEAL });
    this.y -= height + 5;
  }

  label(text: string, x: number, y: number) {
    this.page.drawText(this.safe(text), { x, y, size: LABEL_SIZE, font: this.bold, color: MUTED });
  }

  textField(
    name: string,
    label: string,
    x: number,
    width: number,
    { height = FIELD_HEIGHT, multiline = false, top = this.y } = {},
  ) {
    this.label(label, x, top - LABEL_SIZE);
    const field = this.form.createTextField(name);
    if (multiline) field.enableMultiline();
    field.addToPage(this.page, {
      x,
      y: top - LABEL_SIZE - 3 - height,
      width,
      height,
      font: this.font,
      textColor: TEXT,
      borderColor: BORDER,
      borderWidth: 0.75,
      backgroundColor: rgb(1, 1, 1),
    });
    field.setFontSize(multiline ? 9 : 10);
    return top - LABEL_SIZE - 3 - height;
  }

  /** A row of equally wide text fields. */
  fieldRow(fields: [name: string, label: string][]) {
    const width = (CONTENT_WIDTH - GAP * (fields.length - 1)) / fields.length;
    fields.forEach(([name, label], i) => this.textField(name, label, MARGIN + i * (width + GAP), width));
    this.y -= ROW_HEIGHT;
  }

  checkBox(name: string, label: string, x: number, y: number) {
    const box = this.form.createCheckBox(name);
    box.addToPage(this.page, {
      x,
      y,
      width: 11,
      height: 11,
      borderColor: BORDER,
      borderWidth: 0.75,
      backgroundColor: rgb(1, 1, 1),
    });
    this.page.drawText(this.safe(label), { x: x + 16, y: y + 2, size: 9, font: this.font, color: TEXT });
  }

  /** A labelled radio group laid out on one line. */
  radioRow(name: string, label: string, options: readonly string[], x = MARGIN) {
    this.label(label, x, this.y - LABEL_SIZE);
    const group = this.form.createRadioGroup(name);
    const y = this.y - LABEL_SIZE - 16;
    let ox = x;
    for (const option of options) {
      group.addOptionToPage(option, this.page, {
        x: ox,
        y,
        width: 11,
        height: 11,
        borderColor: BORDER,
        borderWidth: 0.75,
        backgroundColor: rgb(1, 1, 1),
      });
      this.page.drawText(this.safe(option), { x: ox + 16, y: y + 2, size: 9, font: this.font, color: TEXT });
      ox += 16 + this.font.widthOfTextAtSize(this.safe(option), 9) + 18;
    }
    return y;
  }
}

/**
 * Builds the referral form. `now` stamps the document's dates (a fixed date
 * gives byte-identical output for the same configuration).
 */
export async function buildReferralForm(config: ReferralFormConfig, now = new Date()): Promise<Uint8Array> {
  const { clinic } = config;
  const doc = await PDFDocument.create();
  const title = `Referral form - ${clinic.name}`;
  doc.setTitle(title, { showInWindowTitleBar: true });
  doc.setAuthor(clinic.name);
  doc.setSubject("Referral for diagnostic imaging");
  doc.setKeywords(["referral", "radiology", "diagnostic imaging"]);
  doc.setLanguage("en-BW");
  doc.setCreator(clinic.name);
  doc.setProducer("pdf-lib");
  doc.setCreationDate(now);
  doc.setModificationDate(now);

  const page = doc.addPage([A4.width, A4.height]);
  const form = doc.getForm();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const l = new Layout(page, form, font, bold);

  // Header: the clinic and how to reach it.
  l.paragraph(clinic.name, { size: 16, font: bold, color: TEAL });
  l.gap(2);
  l.paragraph("Referral for diagnostic imaging", { size: 12, font: bold, color: TEXT });
  l.gap(4);
  const address = [
    clinic.address.street,
    clinic.address.city,
    clinic.address.country === "BW" ? "Botswana" : clinic.address.country,
  ].join(", ");
  l.paragraph(
    `Tel: ${formatPhone(clinic.landline)}  |  WhatsApp: ${formatPhone(clinic.whatsapp)}  |  E-mail: ${clinic.email}`,
    { size: 9 },
  );
  l.paragraph(`Address: ${address}`, { size: 9 });
  const hours = [...clinic.openingHours.map(formatOpeningPeriod), clinic.closedNote].join("; ");
  l.paragraph(`Opening hours: ${hours}`, { size: 9 });
  l.gap(6);
  page.drawLine({ start: { x: MARGIN, y: l.y }, end: { x: A4.width - MARGIN, y: l.y }, thickness: 1.5, color: TEAL });
  l.gap(2);

  l.section("1. Patient details");
  l.fieldRow([
    ["patient_surname", "Surname"],
    ["patient_first_names", "First name(s)"],
  ]);
  l.fieldRow([
    ["patient_date_of_birth", "Date of birth (DD/MM/YYYY)"],
    ["patient_sex", "Sex"],
    ["patient_id_passport", "ID or passport number"],
  ]);
  l.fieldRow([
    ["patient_phone", "Patient's phone number"],
    ["patient_medical_aid", "Medical aid and member number (if any)"],
  ]);

  l.section("2. Referring doctor");
  l.fieldRow([
    ["doctor_name", "Doctor's name"],
    ["doctor_practice_number", "Practice number"],
  ]);
  l.fieldRow([
    ["doctor_phone", "Doctor's phone number"],
    ["doctor_email", "E-mail for the report"],
  ]);

  l.section("3. Examination requested");
  const columns = 3;
  const columnWidth = CONTENT_WIDTH / columns;
  REFERRAL_EXAMINATIONS.forEach((service, i) => {
    const row = Math.floor(i / columns);
    const col = i % columns;
    l.checkBox(examinationFieldName(service.slug), service.title, MARGIN + col * columnWidth, l.y - 12 - row * 17);
  });
  l.gap(Math.ceil(REFERRAL_EXAMINATIONS.length / columns) * 17 + 4);
  l.y = l.textField("examination_details", "Body part, region, side and views requested", MARGIN, CONTENT_WIDTH, {
    height: 30,
    multiline: true,
  });
  l.gap(6);

  l.section("4. Clinical information");
  l.y = l.textField("clinical_history", "Clinical history and reason for the examination", MARGIN, CONTENT_WIDTH, {
    height: 56,
    multiline: true,
  });
  l.gap(8);
  const urgencyBottom = l.radioRow("urgency", "Urgency (this form is not for emergencies)", REFERRAL_URGENCY_OPTIONS);
  l.y = urgencyBottom - 8;
  const pregnancyWidth = CONTENT_WIDTH * 0.66;
  const top = l.y;
  l.radioRow("pregnancy_status", "Pregnancy status (patients who could be pregnant)", REFERRAL_PREGNANCY_OPTIONS);
  l.textField(
    "lmp_date",
    "First day of last period (LMP)",
    MARGIN + pregnancyWidth + GAP,
    CONTENT_WIDTH - pregnancyWidth - GAP,
    { top },
  );
  l.y = top - ROW_HEIGHT - 2;
  const allergyWidth = CONTENT_WIDTH * 0.62;
  l.textField("allergies", "Allergies (medicines, latex, other)", MARGIN, allergyWidth);
  l.checkBox(
    CONTRAST_ALLERGY_FIELD,
    "Known allergy to contrast medium",
    MARGIN + allergyWidth + GAP,
    l.y - LABEL_SIZE - 3 - FIELD_HEIGHT + 4,
  );
  l.y -= ROW_HEIGHT;

  l.section("5. Signature");
  l.fieldRow([
    ["doctor_signature", "Referring doctor's signature"],
    ["signature_date", "Date (DD/MM/YYYY)"],
  ]);

  // Footer: how the form is used.
  l.gap(4);
  l.paragraph(
    "Digital submissions are processed only during our normal opening hours and are not for emergencies. In an emergency, go to the nearest emergency department.",
    { size: 8.5, font: bold, color: TEXT },
  );
  l.gap(2);
  l.paragraph(
    `The patient can book online at ${config.publicBaseUrl}/book-appointment and upload this form, or bring the completed form to the appointment. Questions: call ${formatPhone(clinic.landline)} or send a WhatsApp message to ${formatPhone(clinic.whatsapp)}.`,
    { size: 8.5, color: MUTED },
  );
  if (l.y < MARGIN - 10) throw new Error(`referral form layout overflows the page by ${Math.round(MARGIN - l.y)} pt`);

  form.updateFieldAppearances(font);
  return doc.save();
}
