import { PdfDict, PdfName, PdfRef, PdfString, PdfUnreadable, readPdf, type PdfFile, type PdfValue } from "./pdf-reader";
import { BASE_LOCALE } from "../../domain/locale";
import { m } from "../../domain/paraglide/messages.js";

/**
 * Active content in an uploaded PDF. Referral forms are read by staff, who
 * may open them outside the browser's viewer, so a PDF that can run code, open
 * other files or programs, send data, or carry other files inside it is
 * refused (415). Two checks: a raw byte scan for the names of such things
 * (#xx escapes decoded; stream data every reader cuts the same way is left
 * out, since compressed images spell such names by chance), then
 * server/uploads/pdf-reader.ts, which reads every
 * version of every object a viewer could use (through the xref chain, by
 * scanning, inside every object stream, which it inflates and scans as well),
 * and every one is walked. An action run without a click (/OpenAction, any
 * /AA entry) may only go to a page; a /URI may only be a web, e-mail or phone
 * address. A PDF that cannot be read, is encrypted (its insides cannot be
 * checked) or goes past a cap on the work is refused too.
 * See docs/decisions/008-http-edge.md.
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

/** The refusals' words (English; server/uploads/intake.ts says them in the request's language). */
export const PDF_ACTIVE_CONTENT = m.upload_pdf_active({}, { locale: BASE_LOCALE });
export const PDF_UNREADABLE = m.upload_pdf_unreadable({}, { locale: BASE_LOCALE });

/** Decodes #xx escapes in PDF names (/J#61vaScript is /JavaScript). */
function decodeNames(text: string): string {
  return text.replace(/\/[^\s/<>[\]()%{}]*#[0-9A-Fa-f]{2}[^\s/<>[\]()%{}]*/g, (name) =>
    name.replace(/#([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
  );
}

/**
 * The first dangerous name in the raw bytes, or null. `skip` lists [start,
 * end) ranges left out: stream data whose extent every reader agrees on
 * (PdfFile.streamData), where compressed bytes spell `/JS ` or `/EF ` by
 * chance (about once in 130 MB) and no reader looks for a dictionary.
 */
export function scanRaw(bytes: Uint8Array, skip: readonly (readonly [number, number])[] = []): string | null {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let from = 0;
  // Ranges in order; the bytes on either side of one are `stream` and an end of line, then white space or
  // `endstream`, so no name is cut in two.
  for (const [start, end] of [...skip, [buf.length, buf.length] as const].sort((a, b) => a[0] - b[0])) {
    if (start > from) {
      const match = RAW_PATTERN.exec(decodeNames(buf.toString("latin1", from, start)));
      if (match) return match[1]!;
    }
    from = Math.max(from, end);
  }
  return null;
}

/** URI schemes a link may use: a web page, an e-mail or a phone number. */
const URI_SCHEMES = new Set(["http", "https", "mailto", "tel"]);
/** References followed one inside another (a reference to a reference ...). */
const MAX_HOPS = 8;
/** Versions looked at while following references, for the whole file: a bound on the work. */
const MAX_STEPS = 1_000_000;

type Walk = { file: PdfFile; steps: number };

/** Everything a reference may be in the file: every version of the object, references followed. */
function versions(w: Walk, value: PdfValue, hops = 0): PdfValue[] {
  if (++w.steps > MAX_STEPS) throw new PdfUnreadable("too many references");
  if (!(value instanceof PdfRef)) return [value];
  if (hops >= MAX_HOPS) return [value];
  return w.file.resolve(value).flatMap((v) => versions(w, v, hops + 1));
}

function names(w: Walk, values: PdfValue[]): string[] {
  return values.flatMap((v) => versions(w, v)).flatMap((v) => (v instanceof PdfName ? [v.name] : []));
}

/**
 * An action run without a click (/OpenAction, an /AA entry) must only go to a
 * page: a destination (array, name or string), or /S /GoTo and what /Next
 * chains, every version of each. Returns what was found, or null.
 */
function automatic(w: Walk, value: PdfValue, label: string, hops = 0): string | null {
  const all = versions(w, value);
  if (value instanceof PdfRef && !all.length) return `${label} (missing)`;
  for (const action of all) {
    if (action instanceof PdfRef) return `${label} (too deep)`;
    if (!(action instanceof PdfDict)) continue; // a destination, or nothing
    const types = names(w, action.all("S"));
    if (!types.length || types.some((type) => type !== "GoTo")) return `${label} /${types[0] ?? "?"}`;
    for (const next of action.all("Next").flatMap((n) => versions(w, n))) {
      if (hops >= MAX_HOPS) return `${label} (too deep)`;
      for (const item of Array.isArray(next) ? next : [next]) {
        const found = automatic(w, item, label, hops + 1);
        if (found) return found;
      }
    }
  }
  return null;
}

/** A /URI string with a scheme other than http, https, mailto or tel (javascript:, file:, data: ...). */
function badUri(w: Walk, value: PdfValue): string | null {
  for (const uri of versions(w, value)) {
    if (!(uri instanceof PdfString)) continue;
    const bytes = uri.bytes;
    const text =
      bytes[0] === 0xfe && bytes[1] === 0xff
        ? Buffer.from(bytes.subarray(2, 2 + ((bytes.length - 2) & ~1)))
            .swap16()
            .toString("utf16le")
        : bytes.toString("latin1");
    // Browsers ignore control characters and spaces in a scheme ("java\tscript:").
    const compact = [...text].filter((c) => c.charCodeAt(0) > 0x20 && !"\u007f\u00a0\ufeff".includes(c)).join("");
    const scheme = /^([a-z][a-z0-9+.-]*):/.exec(compact.toLowerCase());
    if (scheme && !URI_SCHEMES.has(scheme[1]!)) return `URI ${scheme[1]!.slice(0, 20)}:`;
  }
  return null;
}

/** Walks one value; references are not followed (every object version is walked on its own) except to judge actions. */
function findIn(w: Walk, value: PdfValue, seen: Set<object>): string | null {
  if (value === null || typeof value !== "object" || seen.has(value)) return null;
  seen.add(value);
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = findIn(w, item, seen);
      if (found) return found;
    }
    return null;
  }
  if (!(value instanceof PdfDict)) return null;
  const isUriAction = names(w, value.all("S")).includes("URI");
  for (const [key, entry] of value.entries) {
    if (DANGEROUS_KEYS.has(key)) return key;
    if (NAME_VALUE_KEYS.has(key)) {
      const danger = names(w, [entry]).find((name) => DANGEROUS_NAMES.has(name));
      if (danger) return danger;
    }
    const found =
      (key === "OpenAction" ? automatic(w, entry, "OpenAction") : null) ??
      (key === "AA" ? additionalActions(w, entry) : null) ??
      (key === "URI" && isUriAction ? badUri(w, entry) : null) ??
      findIn(w, entry, seen);
    if (found) return found;
  }
  return null;
}

/** Every entry of an /AA dictionary (page opened, field focused, key pressed ...) is an automatic action. */
function additionalActions(w: Walk, value: PdfValue): string | null {
  for (const aa of versions(w, value)) {
    if (!(aa instanceof PdfDict)) continue;
    for (const [event, action] of aa.entries) {
      const found = automatic(w, action, `AA /${event}`);
      if (found) return found;
    }
  }
  return null;
}

/** Checks a PDF for active content; `ok: false` says why it is refused. */
export function checkPdf(bytes: Uint8Array): PdfVerdict {
  let file: PdfFile;
  // Object streams are scanned as the file is: names hidden by compression count too.
  const packed: { found: string | null } = { found: null };
  try {
    file = readPdf(bytes, (data) => {
      packed.found ??= scanRaw(data);
    });
  } catch (error) {
    if (!(error instanceof PdfUnreadable)) throw error;
    // Nothing is known about the streams: every byte is scanned, and a name found is what the refusal says.
    const raw = scanRaw(bytes);
    return raw ? { ok: false, reason: "active", found: raw } : { ok: false, reason: "unreadable", found: error.found };
  }
  // The bytes outside stream data: every dictionary of the file, however a reader cuts its streams.
  const raw = scanRaw(bytes, file.streamData);
  if (raw) return { ok: false, reason: "active", found: raw };
  if (packed.found) return { ok: false, reason: "active", found: packed.found };
  const seen = new Set<object>();
  const walk: Walk = { file, steps: 0 };
  try {
    for (const object of file.objects) {
      const found = findIn(walk, object, seen);
      if (found) return { ok: false, reason: "active", found };
    }
  } catch (error) {
    if (error instanceof PdfUnreadable) return { ok: false, reason: "unreadable", found: error.found };
    throw error;
  }
  return { ok: true };
}
