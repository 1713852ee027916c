import type * as PdfLibModule from "@cantoo/pdf-lib";
import type { PDFDocument, PDFObject } from "@cantoo/pdf-lib";

/** pdf-lib (tens of MB once loaded) is loaded with the first PDF to check, not at start. */
type PdfLib = typeof PdfLibModule;

/**
 * Active content in an uploaded PDF. Referral forms are read by staff, who
 * may open them outside the browser's viewer, so a PDF that can run code, open
 * other files or programs, send data, or carry other files inside it is
 * refused (415). The PDF is parsed with @cantoo/pdf-lib, which also unpacks
 * compressed object streams, and every object is walked; a raw byte scan runs
 * as well, so names in objects the parser skipped still count. A PDF that
 * cannot be parsed, or is encrypted (its object streams cannot be read), is
 * refused too: it cannot be checked. See docs/decisions/008-http-edge.md.
 */

export type PdfVerdict = { ok: true } | { ok: false; reason: "active" | "unreadable"; found: string };

/** Dictionary keys that hold scripts, embedded files, rich media or XML forms (XFA can script). */
const DANGEROUS_KEYS = new Set([
  "JS",
  "JavaScript",
  "EmbeddedFile",
  "EmbeddedFiles",
  "EF",
  "RichMedia",
  "RichMediaContent",
  "XFA",
]);
/** Action types (/S) and annotation subtypes that run code, open programs or files, or send data. */
const DANGEROUS_NAMES = new Set([
  "JavaScript",
  "Launch",
  "ImportData",
  "SubmitForm",
  "GoToE",
  "GoToR",
  "Rendition",
  "RichMediaExecute",
  "FileAttachment",
  "RichMedia",
  "EmbeddedFile",
]);
const NAME_VALUE_KEYS = new Set(["S", "Subtype", "Type"]);

/** The same names as PDF tokens in the raw bytes (#xx escapes decoded), followed by a delimiter. */
const RAW_PATTERN = new RegExp(
  `/(${[...new Set([...DANGEROUS_KEYS, ...DANGEROUS_NAMES])].sort((a, b) => b.length - a.length).join("|")})(?=[\\s/<>\\[\\]()%{}]|$)`,
);

export const PDF_ACTIVE_CONTENT =
  "This PDF contains active content (such as scripts, automatic actions or files inside it), which we cannot accept for safety. Print or save it again as a plain PDF, or upload a photo or scan of the form (JPEG or PNG).";
export const PDF_UNREADABLE =
  "This PDF could not be checked because it is damaged or password-protected. Save it again without a password, or upload a photo or scan of the form (JPEG or PNG).";

/** Decodes #xx escapes in PDF names (/J#61vaScript is /JavaScript). */
function decodeNames(text: string): string {
  return text.replace(/\/[^\s/<>[\]()%{}]*#[0-9A-Fa-f]{2}[^\s/<>[\]()%{}]*/g, (name) =>
    name.replace(/#([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
  );
}

/** The first dangerous name in the raw bytes, or null. */
export function scanRaw(bytes: Uint8Array): string | null {
  const match = RAW_PATTERN.exec(
    decodeNames(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1")),
  );
  return match ? match[1]! : null;
}

/** Walks one object (not following references: every indirect object is walked on its own). */
function findInObject(pdf: PdfLib, object: PDFObject, seen: Set<PDFObject>): string | null {
  const { PDFArray, PDFDict, PDFName, PDFRawStream } = pdf;
  if (seen.has(object)) return null;
  seen.add(object);
  const dict = object instanceof PDFRawStream ? object.dict : object instanceof PDFDict ? object : undefined;
  if (dict) {
    for (const [key, value] of dict.entries()) {
      const name = key.decodeText();
      if (DANGEROUS_KEYS.has(name)) return name;
      if (NAME_VALUE_KEYS.has(name) && value instanceof PDFName && DANGEROUS_NAMES.has(value.decodeText()))
        return value.decodeText();
      const inner = findInObject(pdf, value, seen);
      if (inner) return inner;
    }
    return null;
  }
  if (object instanceof PDFArray) {
    for (const item of object.asArray()) {
      const inner = findInObject(pdf, item, seen);
      if (inner) return inner;
    }
  }
  return null;
}

/** Checks a PDF for active content; `ok: false` says why it is refused. */
export async function checkPdf(bytes: Uint8Array): Promise<PdfVerdict> {
  const raw = scanRaw(bytes);
  if (raw) return { ok: false, reason: "active", found: raw };
  const pdf = await import("@cantoo/pdf-lib");
  let doc: PDFDocument;
  try {
    doc = await pdf.PDFDocument.load(bytes, { updateMetadata: false, throwOnInvalidObject: true });
  } catch (error) {
    return { ok: false, reason: "unreadable", found: (error as Error).name || "parse error" };
  }
  if (doc.isEncrypted) return { ok: false, reason: "unreadable", found: "encrypted" };
  const trailer = doc.context.trailerInfo;
  if (!trailer.Root) return { ok: false, reason: "unreadable", found: "no document catalog" };
  const seen = new Set<PDFObject>();
  for (const entry of [trailer.Root, trailer.Info, trailer.Encrypt]) {
    if (entry) {
      const found = findInObject(pdf, entry, seen);
      if (found) return { ok: false, reason: "active", found };
    }
  }
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    const found = findInObject(pdf, object, seen);
    if (found) return { ok: false, reason: "active", found };
  }
  return { ok: true };
}
