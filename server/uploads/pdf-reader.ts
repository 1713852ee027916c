import zlib from "node:zlib";

/**
 * Reads an uploaded PDF the way its readers may: every object a viewer could
 * take for a given number, not one. A viewer follows the cross-reference
 * chain from the last `startxref` (classic tables and xref streams, through
 * /Prev and /XRefStm, into object streams); when that chain is broken it
 * rebuilds it by scanning the file for `N G obj`. So this reader collects the
 * union: every object header found in the bytes, every object an xref entry
 * (of any section) points at, and every member of every object stream, each
 * version kept. A later object with the same number, an update appended after
 * %%EOF or an object stream without /Type cannot hide a version from the check
 * (server/uploads/pdf-check.ts), which walks them all and resolves a reference
 * to every version. Work is bounded: objects, parsed values, nesting, xref
 * sections and inflated bytes are capped, and a file past a cap is refused as
 * unreadable.
 */

export class PdfName {
  constructor(readonly name: string) {}
}
export class PdfString {
  constructor(readonly bytes: Buffer) {}
}
export class PdfRef {
  constructor(
    readonly num: number,
    readonly gen: number,
  ) {}
}
/** A dictionary's entries in file order; a key written twice keeps both values (readers differ on which wins). */
export class PdfDict {
  constructor(readonly entries: [string, PdfValue][]) {}
  all(key: string): PdfValue[] {
    return this.entries.filter(([k]) => k === key).map(([, v]) => v);
  }
}
export type PdfValue = null | boolean | number | PdfName | PdfString | PdfRef | PdfDict | PdfValue[];

/** Thrown when a file cannot be read, or goes past a cap: `found` says why (logged, no personal data). */
export class PdfUnreadable extends Error {
  constructor(readonly found: string) {
    super(found);
    this.name = "PdfUnreadable";
  }
}

export const PDF_LIMITS = {
  /**
   * Objects parsed, all versions, top-level and in object streams (a long scanned letter holds a few
   * thousand; a check takes about 0.1 ms an object, so this bounds one file to about a second: decision 040).
   */
  objects: 10_000,
  /** Values parsed (numbers, names, strings, arrays, dictionaries): about 3 µs each, read and walked. */
  values: 500_000,
  /** Arrays and dictionaries inside one another. */
  depth: 64,
  /** Cross-reference sections followed from startxref. */
  xrefSections: 256,
  /** Bytes one object or xref stream may inflate to, and all of them together. */
  streamBytes: 16 * 1024 * 1024,
  inflatedBytes: 64 * 1024 * 1024,
  /** Bytes stepped over between the ends /Length gives object and xref streams and `endstream`, in all. */
  gapBytes: 16 * 1024 * 1024,
} as const;

export type PdfFile = {
  /** Every version of every object (a stream as its dictionary), and every trailer. */
  objects: PdfValue[];
  /** Every version a reader could take for a reference. */
  resolve(ref: PdfRef): PdfValue[];
  /**
   * Stream data that every reader cuts the same way, as [start, end) byte
   * ranges: no reader can take a dictionary from these bytes.
   */
  streamData: [number, number][];
};

const WHITE = new Uint8Array(256);
for (const c of [0, 9, 10, 12, 13, 32]) WHITE[c] = 1;
const DELIMITER = new Uint8Array(256);
for (const c of "()<>[]{}/%") DELIMITER[c.charCodeAt(0)] = 1;
const regular = (c: number | undefined) => c !== undefined && !WHITE[c] && !DELIMITER[c];
const isDigit = (c: number | undefined) => c !== undefined && c >= 0x30 && c <= 0x39;
const HEX = /^[0-9A-Fa-f]*$/;
/** \n \r \t \b \f in literal strings. */
const ESCAPES: Record<number, number> = { 0x6e: 10, 0x72: 13, 0x74: 9, 0x62: 8, 0x66: 12 };

type Budget = { objects: number; values: number; inflated: number; gaps: number };
type Stream = { dict: PdfDict; start: number };
type Parsed = { num: number; value: PdfValue; stream?: Stream };

/** A PDF lexer and object parser over one buffer (the file, or an inflated object stream). */
class Parser {
  pos: number;
  constructor(
    readonly buf: Buffer,
    readonly budget: Budget,
    pos = 0,
  ) {
    this.pos = pos;
  }

  fail(what: string): never {
    throw new PdfUnreadable(`${what} at byte ${this.pos}`);
  }

  skipSpace(): void {
    const { buf } = this;
    while (this.pos < buf.length) {
      const c = buf[this.pos]!;
      if (WHITE[c]) this.pos++;
      else if (c === 0x25) {
        while (this.pos < buf.length && buf[this.pos] !== 0x0a && buf[this.pos] !== 0x0d) this.pos++;
      } else return;
    }
  }

  /** A run of regular characters (a keyword or number), without moving past it if `peek`. */
  word(peek = false): string {
    const start = this.pos;
    let end = start;
    while (regular(this.buf[end])) end++;
    if (!peek) this.pos = end;
    return this.buf.toString("latin1", start, end);
  }

  unsigned(): number | null {
    const start = this.pos;
    while (isDigit(this.buf[this.pos])) this.pos++;
    if (this.pos === start || this.pos - start > 10 || regular(this.buf[this.pos])) {
      this.pos = start;
      return null;
    }
    return Number(this.buf.toString("latin1", start, this.pos));
  }

  value(depth = 0): PdfValue {
    if (depth > PDF_LIMITS.depth) this.fail("nesting too deep");
    if (++this.budget.values > PDF_LIMITS.values) throw new PdfUnreadable("too many values");
    this.skipSpace();
    const { buf } = this;
    const c = buf[this.pos];
    if (c === undefined) this.fail("unexpected end");
    if (c === 0x2f) return this.name();
    if (c === 0x28) return this.literal();
    if (c === 0x3c) return buf[this.pos + 1] === 0x3c ? this.dict(depth) : this.hex();
    if (c === 0x5b) {
      this.pos++;
      const items: PdfValue[] = [];
      for (;;) {
        this.skipSpace();
        if (buf[this.pos] === 0x5d) {
          this.pos++;
          return items;
        }
        items.push(this.value(depth + 1));
      }
    }
    if (isDigit(c) || c === 0x2b || c === 0x2d || c === 0x2e) return this.number();
    const word = this.word();
    if (word === "true") return true;
    if (word === "false") return false;
    if (word === "null") return null;
    return this.fail(word ? `unexpected keyword ${word.slice(0, 20)}` : "unexpected delimiter");
  }

  dict(depth: number): PdfDict {
    this.pos += 2;
    const entries: [string, PdfValue][] = [];
    for (;;) {
      this.skipSpace();
      if (this.buf[this.pos] === 0x3e && this.buf[this.pos + 1] === 0x3e) {
        this.pos += 2;
        return new PdfDict(entries);
      }
      if (this.buf[this.pos] !== 0x2f) this.fail("dictionary key is not a name");
      const key = this.name().name;
      entries.push([key, this.value(depth + 1)]);
    }
  }

  /** A name, #xx escapes decoded (/J#61vaScript is /JavaScript). */
  name(): PdfName {
    this.pos++;
    const raw = this.word();
    return new PdfName(raw.replace(/#([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))));
  }

  number(): number | PdfRef {
    const start = this.pos;
    while (isDigit(this.buf[this.pos]) || [0x2b, 0x2d, 0x2e].includes(this.buf[this.pos]!)) this.pos++;
    const text = this.buf.toString("latin1", start, this.pos);
    const n = Number(text);
    if (!Number.isFinite(n)) {
      const loose = parseFloat(text.replace(/^[+-]+/, (signs: string) => signs[0]!));
      if (!Number.isFinite(loose)) this.fail("bad number");
      return loose;
    }
    // `num gen R` is a reference.
    if (/^\d{1,10}$/.test(text)) {
      const after = this.pos;
      this.skipSpace();
      const gen = this.unsigned();
      if (gen !== null) {
        this.skipSpace();
        if (this.buf[this.pos] === 0x52 && !regular(this.buf[this.pos + 1])) {
          this.pos++;
          return new PdfRef(n, gen);
        }
      }
      this.pos = after;
    }
    return n;
  }

  literal(): PdfString {
    const { buf } = this;
    const out: number[] = [];
    let nesting = 1;
    this.pos++;
    while (this.pos < buf.length) {
      const c = buf[this.pos++]!;
      if (c === 0x28) nesting++;
      else if (c === 0x29 && --nesting === 0) return new PdfString(Buffer.from(out));
      if (c !== 0x5c) {
        out.push(c);
        continue;
      }
      const e = buf[this.pos++];
      if (e === undefined) break;
      if (e in ESCAPES) out.push(ESCAPES[e]!);
      else if (e >= 0x30 && e <= 0x37) {
        let octal = e - 0x30;
        for (let i = 0; i < 2 && buf[this.pos]! >= 0x30 && buf[this.pos]! <= 0x37; i++)
          octal = octal * 8 + buf[this.pos++]! - 0x30;
        out.push(octal & 0xff);
      } else if (e === 0x0d) {
        if (buf[this.pos] === 0x0a) this.pos++;
      } else if (e !== 0x0a) out.push(e);
    }
    return this.fail("unterminated string");
  }

  hex(): PdfString {
    const end = this.buf.indexOf(0x3e, this.pos);
    if (end < 0) this.fail("unterminated hex string");
    const digits = this.buf.toString("latin1", this.pos + 1, end).replace(/[\0\t\n\f\r ]/g, "");
    if (!HEX.test(digits)) this.fail("bad hex string");
    this.pos = end + 1;
    return new PdfString(Buffer.from(digits.length % 2 ? `${digits}0` : digits, "hex"));
  }

  /** `num gen obj value [stream]` at the current position, or null when no object header is there. */
  indirect(): Parsed | null {
    this.skipSpace();
    const num = this.unsigned();
    if (num === null) return null;
    this.skipSpace();
    if (this.unsigned() === null) return null;
    this.skipSpace();
    if (this.word() !== "obj") return null;
    if (++this.budget.objects > PDF_LIMITS.objects) throw new PdfUnreadable("too many objects");
    this.skipSpace();
    // `N 0 obj endobj`, an empty object some writers leave, is null.
    const value = this.word(true) === "endobj" ? null : this.value();
    this.skipSpace();
    if (this.word(true) !== "stream") return { num, value };
    if (!(value instanceof PdfDict)) this.fail("stream without a dictionary");
    this.pos += 6;
    if (this.buf[this.pos] === 0x0d) this.pos++;
    if (this.buf[this.pos] === 0x0a) this.pos++;
    return { num, value, stream: { dict: value, start: this.pos } };
  }
}

/** Object headers as a scanning reader finds them (pdf.js rebuilds a broken xref this way). */
const OBJECT_HEADER = /(?<![0-9])[0-9]{1,10}[\0\t\n\f\r ]+[0-9]{1,10}[\0\t\n\f\r ]+obj(?![^\0\t\n\f\r ()<>[\]{}/%])/g;
const TRAILER = /trailer[\0\t\n\f\r ]*<</g;

/** Reads every object version of a PDF; throws PdfUnreadable when it cannot, or when a cap is reached. */
export function readPdf(bytes: Uint8Array, onObjectStream: (data: Buffer) => void = () => undefined): PdfFile {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const text = buf.toString("latin1", 0, buf.length);
  // Found once: a search per stream would read to the end of the file for every stream that never ends.
  const ends = occurrences(buf, "endstream");
  const budget: Budget = { objects: 0, values: 0, inflated: 0, gaps: 0 };
  const versions = new Map<number, Set<PdfValue>>();
  const objects: PdfValue[] = [];
  const trailers: PdfDict[] = [];
  const streams: Parsed[] = [];
  const parsedAt = new Map<number, Parsed | null>();

  const add = (num: number, value: PdfValue) => {
    const set = versions.get(num) ?? new Set();
    versions.set(num, set.add(value));
  };
  const resolve = (ref: PdfRef) => [...(versions.get(ref.num) ?? [])];

  /** Parses the object at a byte offset once; a header that does not parse gives null. */
  const objectAt = (offset: number): Parsed | null => {
    if (parsedAt.has(offset)) return parsedAt.get(offset)!;
    const parsed = new Parser(buf, budget, offset).indirect();
    parsedAt.set(offset, parsed);
    if (parsed) {
      add(parsed.num, parsed.value);
      objects.push(parsed.value);
      if (parsed.stream) streams.push(parsed);
      if (isType(parsed.value, "XRef")) trailers.push(parsed.value as PdfDict);
    }
    return parsed;
  };

  // 1. Every object header and every trailer in the bytes.
  for (const match of text.matchAll(OBJECT_HEADER)) objectAt(match.index);
  for (const match of text.matchAll(TRAILER)) {
    const dict = new Parser(buf, budget, match.index + 7).value();
    if (dict instanceof PdfDict) trailers.push(dict);
  }

  // 2. The cross-reference chain a reader follows; a broken chain sends readers to the scan above.
  const packed = new Map<number, [number, number][]>();
  const xref = new Map<number, number[]>();
  try {
    readXrefChain(buf, text, ends, budget, objectAt, trailers, xref, packed);
  } catch (error) {
    if (!(error instanceof PdfUnreadable) || error.found.startsWith("too ")) throw error;
  }
  for (const [num, offsets] of xref)
    for (const offset of offsets) {
      const parsed = objectAt(offset);
      if (parsed) add(num, parsed.value);
    }

  // 3. Encrypted strings and streams cannot be checked.
  if (trailers.some((t) => t.all("Encrypt").length > 0)) throw new PdfUnreadable("encrypted");
  for (const trailer of trailers) objects.push(trailer);

  // 4. Every object stream's members, by their own table, and by the xref's (stream, index) entries.
  const packedStreams = new Set([...packed.values()].flat().map(([stream]) => stream));
  const members = new Map<number, PdfValue[][]>();
  for (const parsed of streams) {
    const { dict } = parsed.stream!;
    const looksPacked =
      isType(dict, "ObjStm") ||
      (dict.all("N").length > 0 && dict.all("First").length > 0) ||
      packedStreams.has(parsed.num);
    if (!looksPacked) continue;
    for (const data of streamData(buf, ends, budget, parsed.stream!, resolve)) {
      const decoded = decode(data, parsed.stream!.dict, resolve, budget, "object stream");
      onObjectStream(decoded);
      const byIndex = objectStreamMembers(decoded, dict, resolve, budget);
      for (const [num, value] of byIndex) {
        add(num, value);
        objects.push(value);
      }
      const list = members.get(parsed.num) ?? [];
      list.push(byIndex.map(([, value]) => value));
      members.set(parsed.num, list);
    }
  }
  for (const [num, places] of packed)
    for (const [stream, index] of places)
      for (const list of members.get(stream) ?? []) if (index < list.length) add(num, list[index]!);

  // 5. Something must be a document.
  const roots = trailers.flatMap((t) => t.all("Root")).flatMap((r) => (r instanceof PdfRef ? resolve(r) : [r]));
  if (!roots.some((r) => r instanceof PdfDict) && !objects.some((o) => isType(o, "Catalog")))
    throw new PdfUnreadable("no document catalog");

  // 6. The stream data no reader can take for anything else (the byte scan leaves it out).
  const objectStarts = [...parsedAt].flatMap(([offset, parsed]) => (parsed ? [offset] : []));
  for (const offsets of xref.values()) objectStarts.push(...offsets);
  return { objects, resolve, streamData: clearStreamData(buf, text, ends, streams, resolve, objectStarts) };
}

/** Object headers as loosely as a reader rebuilding the xref may take them (more kinds of space, anything after `obj`). */
const LOOSE_HEADER = /[0-9][\0\t\n\v\f\r \x85\xa0]+[0-9]+[\0\t\n\v\f\r \x85\xa0]*obj/g;

/** Where `word` occurs in the bytes, in order. */
function occurrences(buf: Buffer, word: string): number[] {
  const found: number[] = [];
  for (let at = buf.indexOf(word, 0, "latin1"); at >= 0; at = buf.indexOf(word, at + word.length, "latin1"))
    found.push(at);
  return found;
}

/** The first number in the sorted `list` at or after `from` (Infinity when none). */
function firstFrom(list: number[], from: number): number {
  let [low, high] = [0, list.length];
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (list[middle]! < from) low = middle + 1;
    else high = middle;
  }
  return list[low] ?? Infinity;
}

/**
 * The data of each stream whose extent no reader can take differently, as
 * [start, end) ranges. A stream counts only when its `stream` keyword ends a
 * line; every /Length it has (every version of an indirect one) is the same
 * whole number; between the end that length gives and the first `endstream`
 * after the data there is only white space; and the data holds no object
 * header (however loosely written), no object a parse or an xref entry found,
 * and no `trailer`. Then a reader that trusts /Length, one that looks for
 * `endstream` and one that rebuilds the xref by scanning for headers all take
 * these bytes for data. Any other stream is left out, so its bytes are
 * scanned. Linear in the file: every search is made once for the whole file,
 * then each stream is a few binary searches.
 */
function clearStreamData(
  buf: Buffer,
  text: string,
  ends: number[],
  streams: Parsed[],
  resolve: (ref: PdfRef) => PdfValue[],
  objectStarts: number[],
): [number, number][] {
  if (!streams.length) return [];
  const headers = [...text.matchAll(LOOSE_HEADER)].map((m) => m.index);
  const starts = objectStarts.sort((a, b) => a - b);
  const trailers = occurrences(buf, "trailer");
  /** Where the white space just before each `endstream` begins (runs before different endstreams never overlap). */
  const spaceFrom = new Map<number, number>();
  const clear = new Map<number, number>();
  for (const { stream } of streams) {
    const { start, dict } = stream!;
    if (clear.has(start) || (buf[start - 1] !== 0x0a && buf[start - 1] !== 0x0d)) continue;
    // A missing object or any other value counts as a second, different length.
    const lengths = new Set(
      dict.all("Length").flatMap((l): PdfValue[] => {
        const all = l instanceof PdfRef ? resolve(l) : [l];
        return all.length ? all : [l];
      }),
    );
    const [length] = lengths;
    if (lengths.size !== 1 || typeof length !== "number" || !Number.isInteger(length) || length < 0) continue;
    const end = start + length;
    const endstream = firstFrom(ends, start);
    if (end > endstream || endstream === Infinity) continue;
    if (firstFrom(headers, start) < end || firstFrom(starts, start) < end || firstFrom(trailers, start) < end) continue;
    if (!spaceFrom.has(endstream)) {
      let from = endstream;
      while (from > 0 && WHITE[buf[from - 1]!]) from--;
      spaceFrom.set(endstream, from);
    }
    if (spaceFrom.get(endstream)! > end) continue;
    clear.set(start, end);
  }
  return [...clear].filter(([start, end]) => end > start);
}

function isType(value: PdfValue, type: string): boolean {
  return value instanceof PdfDict && value.all("Type").some((t) => t instanceof PdfName && t.name === type);
}

function integer(value: PdfValue | undefined, resolve: (ref: PdfRef) => PdfValue[]): number | undefined {
  const v = value instanceof PdfRef ? resolve(value).find((x) => typeof x === "number") : value;
  return typeof v === "number" && Number.isInteger(v) && v >= 0 ? v : undefined;
}

/**
 * The data of a stream, as each reader may cut it: by every /Length that ends
 * just before `endstream`, and up to the first `endstream` (readers differ).
 */
function streamData(
  buf: Buffer,
  ends: number[],
  budget: Budget,
  stream: Stream,
  resolve: (ref: PdfRef) => PdfValue[],
): Buffer[] {
  const cuts = new Set<number>();
  for (const length of stream.dict.all("Length").flatMap((l) => (l instanceof PdfRef ? resolve(l) : [l]))) {
    if (typeof length !== "number" || !Number.isInteger(length) || length < 0) continue;
    const end = stream.start + length;
    if (end > buf.length) continue;
    const after = new Parser(buf, budget, end);
    after.skipSpace();
    // Many streams whose lengths end in one long run of white space would each step over it.
    budget.gaps += after.pos - end;
    if (budget.gaps > PDF_LIMITS.gapBytes) throw new PdfUnreadable("too much space after stream lengths");
    if (after.word(true) === "endstream") cuts.add(end);
  }
  const found = firstFrom(ends, stream.start);
  let end = found === Infinity ? buf.length : found;
  if (buf[end - 1] === 0x0a) end--;
  if (buf[end - 1] === 0x0d) end--;
  cuts.add(Math.max(end, stream.start));
  return [...cuts].map((e) => buf.subarray(stream.start, e));
}

/** Undoes a stream's filters (FlateDecode with or without a PNG predictor; nothing else is used for these streams). */
function decode(
  data: Buffer,
  dict: PdfDict,
  resolve: (ref: PdfRef) => PdfValue[],
  budget: Budget,
  what: string,
): Buffer {
  const list = (v: PdfValue | undefined) => {
    const r = v instanceof PdfRef ? resolve(v)[0] : v;
    return r === undefined || r === null ? [] : Array.isArray(r) ? r : [r];
  };
  const filters = list(dict.all("Filter")[0]);
  const parms = list(dict.all("DecodeParms")[0]);
  if (!filters.length) {
    // Data used as it is (scanned, parsed) counts against the caps on inflated data.
    if (data.length > Math.min(PDF_LIMITS.streamBytes, PDF_LIMITS.inflatedBytes - budget.inflated))
      throw new PdfUnreadable("too much stream data");
    budget.inflated += data.length;
  }
  let out = data;
  filters.forEach((filter, i) => {
    const name = filter instanceof PdfName ? filter.name : "";
    if (name !== "FlateDecode" && name !== "Fl") throw new PdfUnreadable(`${what} with filter ${name || "?"}`);
    out = inflate(out, budget);
    const p = parms[i] instanceof PdfRef ? resolve(parms[i] as PdfRef)[0] : parms[i];
    if (p instanceof PdfDict) out = unpredict(out, p, resolve);
  });
  return out;
}

function inflate(data: Buffer, budget: Budget): Buffer {
  const room = Math.min(PDF_LIMITS.streamBytes, PDF_LIMITS.inflatedBytes - budget.inflated);
  const options = { maxOutputLength: Math.max(room, 1), finishFlush: zlib.constants.Z_SYNC_FLUSH };
  let out: Buffer;
  try {
    out = zlib.inflateSync(data, options);
  } catch (error) {
    if ((error as { code?: string }).code === "ERR_BUFFER_TOO_LARGE") throw new PdfUnreadable("too much inflated data");
    try {
      out = zlib.inflateRawSync(data, options);
    } catch (raw) {
      if ((raw as { code?: string }).code === "ERR_BUFFER_TOO_LARGE") throw new PdfUnreadable("too much inflated data");
      throw new PdfUnreadable("damaged compressed stream");
    }
  }
  budget.inflated += out.length;
  return out;
}

/** PNG predictors (10 to 15), as xref streams use them. */
function unpredict(data: Buffer, parms: PdfDict, resolve: (ref: PdfRef) => PdfValue[]): Buffer {
  const get = (key: string, fallback: number) => integer(parms.all(key)[0], resolve) ?? fallback;
  const predictor = get("Predictor", 1);
  if (predictor === 1) return data;
  if (predictor < 10) throw new PdfUnreadable(`predictor ${predictor}`);
  const colors = get("Colors", 1);
  const bits = get("BitsPerComponent", 8);
  const columns = get("Columns", 1);
  const pixel = Math.max(1, Math.ceil((colors * bits) / 8));
  const row = Math.ceil((columns * colors * bits) / 8);
  if (row < 1 || row > PDF_LIMITS.streamBytes) throw new PdfUnreadable("bad predictor columns");
  const rows = Math.floor(data.length / (row + 1));
  const out = Buffer.alloc(rows * row);
  for (let r = 0; r < rows; r++) {
    const type = data[r * (row + 1)]!;
    const src = r * (row + 1) + 1;
    const at = r * row;
    for (let i = 0; i < row; i++) {
      const left = i >= pixel ? out[at + i - pixel]! : 0;
      const up = r > 0 ? out[at + i - row]! : 0;
      const corner = r > 0 && i >= pixel ? out[at + i - row - pixel]! : 0;
      let add = 0;
      if (type === 1) add = left;
      else if (type === 2) add = up;
      else if (type === 3) add = (left + up) >> 1;
      else if (type === 4) {
        const p = left + up - corner;
        const [pa, pb, pc] = [Math.abs(p - left), Math.abs(p - up), Math.abs(p - corner)];
        add = pa <= pb && pa <= pc ? left : pb <= pc ? up : corner;
      }
      out[at + i] = (data[src + i]! + add) & 0xff;
    }
  }
  return out;
}

/** An object stream's members in index order: [number, value], read at the offsets its table gives. */
function objectStreamMembers(
  data: Buffer,
  dict: PdfDict,
  resolve: (ref: PdfRef) => PdfValue[],
  budget: Budget,
): [number, PdfValue][] {
  const count = integer(dict.all("N")[0], resolve);
  const first = integer(dict.all("First")[0], resolve);
  if (count === undefined || first === undefined || first > data.length)
    throw new PdfUnreadable("object stream without /N or /First");
  if (count > PDF_LIMITS.objects) throw new PdfUnreadable("too many objects");
  const table = new Parser(data, budget);
  const members: [number, PdfValue][] = [];
  for (let i = 0; i < count; i++) {
    table.skipSpace();
    const num = table.unsigned();
    table.skipSpace();
    const offset = table.unsigned();
    if (num === null || offset === null) throw new PdfUnreadable("damaged object stream table");
    if (++budget.objects > PDF_LIMITS.objects) throw new PdfUnreadable("too many objects");
    members.push([num, new Parser(data, budget, first + offset).value()]);
  }
  return members;
}

/**
 * Follows startxref and every /Prev and /XRefStm: classic tables and xref
 * streams. Type 1 entries go to `xref` (number → offsets), type 2 to `packed`
 * (number → [object stream, index]); every section of every update counts,
 * not only the newest.
 */
function readXrefChain(
  buf: Buffer,
  text: string,
  ends: number[],
  budget: Budget,
  objectAt: (offset: number) => Parsed | null,
  trailers: PdfDict[],
  xref: Map<number, number[]>,
  packed: Map<number, [number, number][]>,
): void {
  const at = text.lastIndexOf("startxref");
  if (at < 0) return;
  const start = new Parser(buf, budget, at + 9);
  start.skipSpace();
  const first = start.unsigned();
  if (first === null) return;
  const push = <T>(map: Map<number, T[]>, num: number, entry: T) => map.set(num, [...(map.get(num) ?? []), entry]);
  const queue = [first];
  const visited = new Set<number>();
  const none = () => [];
  while (queue.length) {
    const offset = queue.shift()!;
    if (visited.has(offset) || offset >= buf.length) continue;
    visited.add(offset);
    if (visited.size > PDF_LIMITS.xrefSections) throw new PdfUnreadable("too many xref sections");
    const p = new Parser(buf, budget, offset);
    p.skipSpace();
    let trailer: PdfValue;
    if (p.word(true) === "xref") {
      p.word();
      for (;;) {
        p.skipSpace();
        if (p.word(true) === "trailer") {
          p.word();
          trailer = p.value();
          break;
        }
        const from = p.unsigned();
        p.skipSpace();
        const count = p.unsigned();
        if (from === null || count === null || count > (buf.length - p.pos) / 18 + 1)
          throw new PdfUnreadable("bad xref table");
        for (let i = 0; i < count; i++) {
          p.skipSpace();
          const where = p.unsigned();
          p.skipSpace();
          const gen = p.unsigned();
          p.skipSpace();
          const kind = p.word();
          if (where === null || gen === null || (kind !== "n" && kind !== "f"))
            throw new PdfUnreadable("bad xref entry");
          if (kind === "n") push(xref, from + i, where);
        }
      }
    } else {
      const parsed = objectAt(offset);
      if (!parsed?.stream || !isType(parsed.value, "XRef")) return p.fail("startxref points at no xref");
      const dict = parsed.stream.dict;
      trailer = dict;
      const widths = dict.all("W")[0];
      if (!Array.isArray(widths) || widths.length < 3) return p.fail("xref stream without /W");
      const w = widths.slice(0, 3).map((x) => integer(x, none) ?? -1);
      if (w.some((x) => x < 0 || x > 8)) return p.fail("bad /W");
      const size = integer(dict.all("Size")[0], none) ?? 0;
      const index = dict.all("Index")[0];
      const ranges = (Array.isArray(index) ? index : [0, size]).map((x) => integer(x, none) ?? 0);
      const rowSize = w[0]! + w[1]! + w[2]!;
      if (rowSize === 0) return p.fail("bad /W");
      const [data] = streamData(buf, ends, budget, parsed.stream, none);
      const rows = decode(data!, dict, none, budget, "xref stream");
      const field = (row: number, skip: number, width: number, fallback: number) => {
        if (width === 0) return fallback;
        let v = 0;
        for (let i = 0; i < width; i++) v = v * 256 + rows[row * rowSize + skip + i]!;
        return v;
      };
      let row = 0;
      for (let r = 0; r + 1 < ranges.length; r += 2) {
        for (let i = 0; i < ranges[r + 1]! && (row + 1) * rowSize <= rows.length; i++, row++) {
          const type = field(row, 0, w[0]!, 1);
          const a = field(row, w[0]!, w[1]!, 0);
          const b = field(row, w[0]! + w[1]!, w[2]!, 0);
          if (type === 1) push(xref, ranges[r]! + i, a);
          else if (type === 2) push(packed, ranges[r]! + i, [a, b]);
        }
      }
    }
    if (!(trailer instanceof PdfDict)) return p.fail("xref without a trailer");
    trailers.push(trailer);
    for (const key of ["Prev", "XRefStm"]) {
      const next = integer(trailer.all(key)[0], none);
      if (next !== undefined) queue.push(next);
    }
  }
}
