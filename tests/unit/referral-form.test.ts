import zlib from "node:zlib";
import { PDFCheckBox, PDFDocument, PDFName, PDFRadioGroup, PDFRawStream, PDFTextField } from "@cantoo/pdf-lib";
import { describe, expect, it } from "vitest";
import {
  buildReferralForm,
  CONTRAST_ALLERGY_FIELD,
  examinationFieldName,
  REFERRAL_EXAMINATIONS,
  REFERRAL_PREGNANCY_OPTIONS,
  REFERRAL_TEXT_FIELDS,
  REFERRAL_URGENCY_OPTIONS,
} from "../../server/http/referral-form";
import { loadConfig } from "../../server/base/config";

/** Every string drawn on the PDF's pages: content streams inflated, hex text operands decoded. */
async function pageText(bytes: Uint8Array): Promise<string> {
  const doc = await PDFDocument.load(bytes);
  const chunks: string[] = [];
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    const filter = object.dict.get(PDFName.of("Filter"));
    let content: Buffer;
    try {
      content = filter === PDFName.of("FlateDecode") ? zlib.inflateSync(object.contents) : Buffer.from(object.contents);
    } catch {
      continue;
    }
    for (const match of content.toString("latin1").matchAll(/<([0-9A-Fa-f]+)>\s*Tj/g)) {
      chunks.push(Buffer.from(match[1] ?? "", "hex").toString("latin1"));
    }
  }
  return chunks.join("\n");
}

const env = {
  CLINIC_NAME: "Test Imaging Centre",
  CLINIC_LANDLINE: "+2673999888",
  CLINIC_WHATSAPP: "+26771234567",
  CLINIC_EMAIL: "referrals@test-clinic.example.org",
  CLINIC_STREET: "Plot 1234, Test Street",
  NODE_ENV: "test",
  PUBLIC_BASE_URL: "https://imaging.example.org",
};

describe("buildReferralForm", () => {
  it("makes a PDF that pdf-lib can load again, one A4 page", async () => {
    const bytes = await buildReferralForm(loadConfig(env));
    expect(Buffer.from(bytes.subarray(0, 5)).toString("latin1")).toBe("%PDF-");
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(1);
    const { width, height } = doc.getPage(0).getSize();
    expect(Math.round(width)).toBe(595);
    expect(Math.round(height)).toBe(842);
    expect(doc.getTitle()).toContain("Test Imaging Centre");
  });

  it("has fillable text fields, a check box per examination and radio groups for urgency and pregnancy", async () => {
    const doc = await PDFDocument.load(await buildReferralForm(loadConfig(env)));
    const form = doc.getForm();
    for (const name of REFERRAL_TEXT_FIELDS) expect(form.getField(name)).toBeInstanceOf(PDFTextField);
    expect(form.getTextField("clinical_history").isMultiline()).toBe(true);

    expect(REFERRAL_EXAMINATIONS.map((s) => s.title)).toEqual(
      expect.arrayContaining(["Ultrasound Imaging", "X-ray Imaging", "Mammography", "Bone Densitometry (DEXA Scan)"]),
    );
    for (const service of REFERRAL_EXAMINATIONS) {
      expect(form.getField(examinationFieldName(service.slug))).toBeInstanceOf(PDFCheckBox);
    }
    expect(form.getField(CONTRAST_ALLERGY_FIELD)).toBeInstanceOf(PDFCheckBox);
    expect(form.getField("urgency")).toBeInstanceOf(PDFRadioGroup);
    expect(form.getRadioGroup("urgency").getOptions()).toEqual([...REFERRAL_URGENCY_OPTIONS]);
    expect(form.getRadioGroup("pregnancy_status").getOptions()).toEqual([...REFERRAL_PREGNANCY_OPTIONS]);
  });

  it("can be filled in and saved", async () => {
    const doc = await PDFDocument.load(await buildReferralForm(loadConfig(env)));
    const form = doc.getForm();
    form.getTextField("patient_surname").setText("Test");
    form.getCheckBox(examinationFieldName("x-ray")).check();
    form.getRadioGroup("urgency").select("Urgent");
    const again = (await PDFDocument.load(await doc.save())).getForm();
    expect(again.getTextField("patient_surname").getText()).toBe("Test");
    expect(again.getCheckBox(examinationFieldName("x-ray")).isChecked()).toBe(true);
    expect(again.getRadioGroup("urgency").getSelected()).toBe("Urgent");
  });

  it("prints the configured clinic details and opening hours", async () => {
    const text = await pageText(await buildReferralForm(loadConfig(env)));
    expect(text).toContain("Test Imaging Centre");
    expect(text).toContain("(+267) 399 9888");
    expect(text).toContain("(+267) 71 234 567");
    expect(text).toContain("referrals@test-clinic.example.org");
    expect(text).toContain("Plot 1234, Test Street");
    expect(text).toContain("Monday to Friday: 08:00 to 20:00");
    expect(text).toContain("Saturday: 09:00 to 13:00");
    expect(text).toMatch(/not for emergencies/);
    expect(text).toContain("https://imaging.example.org/book-appointment");
  });

  it("replaces characters the standard fonts cannot print instead of failing", async () => {
    const bytes = await buildReferralForm(loadConfig({ ...env, CLINIC_NAME: "Ōkā Imaging – Centre ✓" }));
    const text = await pageText(bytes);
    expect(text).toContain("Imaging - Centre ?");
  });

  it("gives the same bytes for the same configuration and date", async () => {
    const date = new Date("2026-01-01T00:00:00Z");
    const a = await buildReferralForm(loadConfig(env), date);
    const b = await buildReferralForm(loadConfig(env), date);
    expect(Buffer.compare(Buffer.from(a), Buffer.from(b))).toBe(0);
  });
});
