import zlib from "node:zlib";

/**
 * Writes PDF files by hand, object by object, so tests can build what no
 * ordinary producer writes: two objects with one number, object streams a
 * reader reaches only through the cross-reference stream, updates appended
 * after a %%EOF. Offsets in the xref are always right: the files are hostile
 * only in the ways a test asks for.
 */
export class RawPdf {
  private readonly chunks: Buffer[] = [];
  private length = 0;
  /** Where each object number was last written (type 1 xref entries). */
  private readonly offsets = new Map<number, number>();
  /** Objects last written inside an object stream: [stream number, index] (type 2 entries). */
  private readonly packed = new Map<number, [number, number]>();
  private lastXref: number | undefined;

  constructor(header = "%PDF-1.7\n%\xe2\xe3\xcf\xd3\n") {
    this.write(header);
  }

  write(text: string | Buffer): this {
    const chunk = typeof text === "string" ? Buffer.from(text, "latin1") : text;
    this.chunks.push(chunk);
    this.length += chunk.length;
    return this;
  }

  /** `num 0 obj <body> endobj`; `register: false` leaves the xref pointing where it did. */
  object(num: number, body: string, { register = true } = {}): this {
    if (register) {
      this.offsets.set(num, this.length);
      this.packed.delete(num);
    }
    return this.write(`${num} 0 obj\n${body}\nendobj\n`);
  }

  /**
   * A stream object; `dict` is the inside of its dictionary, without /Length.
   * `length` replaces the /Length value (null leaves /Length out) and `end`
   * what follows the data, for streams whose extent is meant to be unclear.
   */
  stream(
    num: number,
    dict: string,
    data: Buffer,
    {
      register = true,
      length = String(data.length) as string | null,
      end = "\nendstream\nendobj\n",
    }: { register?: boolean; length?: string | null; end?: string } = {},
  ): this {
    if (register) {
      this.offsets.set(num, this.length);
      this.packed.delete(num);
    }
    this.write(`${num} 0 obj\n<<${dict}${length === null ? "" : `/Length ${length}`}>>\nstream\n`);
    return this.write(data).write(end);
  }

  /**
   * An object stream holding `members` ([number, body]), Flate-compressed.
   * `typed: false` leaves out /Type /ObjStm (readers reach it through the xref
   * stream all the same); `register: false` keeps the xref from pointing at it.
   */
  objectStream(num: number, members: [number, string][], { typed = true, register = true } = {}): this {
    let header = "";
    let body = "";
    for (const [member, text] of members) {
      header += `${member} ${body.length} `;
      body += `${text}\n`;
    }
    const packed = zlib.deflateSync(Buffer.from(header + body, "latin1"));
    const dict = `${typed ? "/Type/ObjStm" : ""}/N ${members.length}/First ${header.length}/Filter/FlateDecode`;
    this.stream(num, dict, packed);
    if (register) members.forEach(([member], index) => this.pack(member, num, index));
    return this;
  }

  /** Points the next xref's entry for `num` at a byte offset (into something written by hand, say). */
  pointAt(num: number, offset: number): this {
    this.offsets.set(num, offset);
    this.packed.delete(num);
    return this;
  }

  /** Points the next xref's entry for `num` at member `index` of object stream `stream`. */
  pack(num: number, stream: number, index: number): this {
    this.offsets.delete(num);
    this.packed.set(num, [stream, index]);
    return this;
  }

  /** A cross-reference stream (object `num`) for every object written so far, its trailer, startxref and %%EOF. */
  xrefStream(num: number, trailer: string): this {
    const at = this.length;
    this.offsets.set(num, at);
    const size = Math.max(num, ...this.offsets.keys(), ...this.packed.keys()) + 1;
    const rows = Buffer.alloc(size * 7);
    rows.writeUInt8(0, 0);
    rows.writeUInt16BE(0xffff, 5);
    for (const [n, offset] of this.offsets) {
      rows.writeUInt8(1, n * 7);
      rows.writeUInt32BE(offset, n * 7 + 1);
    }
    for (const [n, [stream, index]] of this.packed) {
      rows.writeUInt8(2, n * 7);
      rows.writeUInt32BE(stream, n * 7 + 1);
      rows.writeUInt16BE(index, n * 7 + 5);
    }
    const prev = this.lastXref === undefined ? "" : `/Prev ${this.lastXref}`;
    this.stream(num, `/Type/XRef/W[1 4 2]/Size ${size}${prev}${trailer}/Filter/FlateDecode`, zlib.deflateSync(rows));
    this.lastXref = at;
    return this.write(`startxref\n${at}\n%%EOF\n`);
  }

  /** A classic xref table for objects 0 to the highest written, the trailer, startxref and %%EOF. */
  xrefTable(trailer: string): this {
    const at = this.length;
    const size = Math.max(...this.offsets.keys()) + 1;
    let table = `xref\n0 ${size}\n0000000000 65535 f\r\n`;
    for (let n = 1; n < size; n++) {
      const offset = this.offsets.get(n);
      table += offset === undefined ? "0000000000 65535 f\r\n" : `${String(offset).padStart(10, "0")} 00000 n\r\n`;
    }
    const prev = this.lastXref === undefined ? "" : `/Prev ${this.lastXref}`;
    this.lastXref = at;
    return this.write(`${table}trailer\n<</Size ${size}${prev}${trailer}>>\nstartxref\n${at}\n%%EOF\n`);
  }

  bytes(): Buffer {
    return Buffer.concat(this.chunks);
  }
}

/**
 * A PDF of `count` small link annotations (each an object with a web
 * address), and `numbers` numbers in an array in each: a file every part of
 * which the check must read and walk, the kind that once held the server for
 * seconds (issue 33, N2).
 */
export function manyLinks(count: number, numbers = 0): Buffer {
  const pdf = new RawPdf();
  pdf.object(1, "<</Type/Catalog/Pages 2 0 R>>");
  pdf.object(2, "<</Type/Pages/Kids[]/Count 0>>");
  const array = numbers ? `/K[${Array.from({ length: numbers }, (_, i) => i).join(" ")}]` : "";
  for (let n = 3; n < count + 3; n++)
    pdf.object(n, `<</Type/Annot/Subtype/Link/Rect[0 0 1 1]/A<</S/URI/URI(https://example.org/${n})>>${array}>>`);
  return pdf.xrefTable("/Root 1 0 R").bytes();
}
