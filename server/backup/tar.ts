import fs from "node:fs";
import path from "node:path";

/**
 * A minimal POSIX ustar writer and reader for backups: regular files only,
 * sizes known before each file is written (so a reader never has to guess
 * where a file ends), names checked on the way back in. Any tar can read
 * what this writes (`age -d -i key.txt FILE | tar -t`).
 */

const BLOCK = 512;
const MAX_SIZE = 8 ** 11 - 1; // 11 octal digits: 8 GiB

export interface TarSource {
  /** Name inside the archive, "/"-separated. */
  name: string;
  /** File on disk, or bytes in memory. */
  file?: string;
  data?: Uint8Array;
}

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, "0") + "\0";
}

function header(name: string, size: number, mtime: number): Buffer {
  const nameBytes = Buffer.from(name, "utf8");
  if (nameBytes.length > 100) throw new Error(`backup: name too long for the archive (${name})`);
  if (size > MAX_SIZE) throw new Error(`backup: ${name} is larger than 8 GiB`);
  const h = Buffer.alloc(BLOCK);
  nameBytes.copy(h, 0);
  h.write(octal(0o600, 8), 100, "ascii");
  h.write(octal(0, 8), 108, "ascii");
  h.write(octal(0, 8), 116, "ascii");
  h.write(octal(size, 12), 124, "ascii");
  h.write(octal(Math.floor(mtime / 1000), 12), 136, "ascii");
  h.write("        ", 148, "ascii");
  h.write("0", 156, "ascii");
  h.write("ustar\0", 257, "ascii");
  h.write("00", 263, "ascii");
  let sum = 0;
  for (const byte of h) sum += byte;
  h.write(octal(sum, 7) + " ", 148, "ascii");
  return h;
}

/** The archive as a stream of chunks, read file by file as the consumer pulls. */
export async function* tarStream(sources: TarSource[]): AsyncGenerator<Uint8Array> {
  for (const source of sources) {
    if (source.data) {
      yield header(source.name, source.data.length, Date.now());
      yield source.data;
      const pad = (BLOCK - (source.data.length % BLOCK)) % BLOCK;
      if (pad) yield Buffer.alloc(pad);
      continue;
    }
    const fd = fs.openSync(source.file!, "r");
    try {
      const stat = fs.fstatSync(fd);
      yield header(source.name, stat.size, stat.mtimeMs);
      // Exactly the size in the header, even if the file changes meanwhile.
      let left = stat.size;
      while (left > 0) {
        const chunk = Buffer.allocUnsafe(Math.min(left, 1 << 20));
        const n = fs.readSync(fd, chunk, 0, chunk.length, null);
        if (n === 0) throw new Error(`backup: ${source.file} shrank while it was read`);
        left -= n;
        yield chunk.subarray(0, n);
      }
      const pad = (BLOCK - (stat.size % BLOCK)) % BLOCK;
      if (pad) yield Buffer.alloc(pad);
    } finally {
      fs.closeSync(fd);
    }
  }
  yield Buffer.alloc(BLOCK * 2);
}

function readOctal(h: Buffer, offset: number, width: number): number {
  const text = h
    .subarray(offset, offset + width)
    .toString("ascii")
    .replace(/[\0 ]+$/g, "")
    .trim();
  if (!/^[0-7]+$/.test(text)) throw new Error("not a backup archive (bad header)");
  return parseInt(text, 8);
}

/**
 * Unpacks a tar stream into `dir`, accepting only regular files whose names
 * `allowed` accepts (no absolute paths, no "..", no links). Files are written
 * 0600 and folders 0700. Returns the names written.
 */
export async function untar(
  chunks: AsyncIterable<Uint8Array>,
  dir: string,
  allowed: (name: string) => boolean,
): Promise<string[]> {
  const names: string[] = [];
  let buffer = Buffer.alloc(0);
  let fd: number | undefined;
  let left = 0; // bytes of the current file still to come
  let skip = 0; // padding after it
  let ended = false;
  try {
    for await (const chunk of chunks) {
      buffer = buffer.length ? Buffer.concat([buffer, chunk]) : Buffer.from(chunk);
      while (!ended) {
        if (fd !== undefined) {
          const n = Math.min(left, buffer.length);
          if (n > 0) fs.writeSync(fd, buffer, 0, n);
          buffer = buffer.subarray(n);
          left -= n;
          if (left > 0) break;
          fs.closeSync(fd);
          fd = undefined;
          continue;
        }
        if (skip > 0) {
          const n = Math.min(skip, buffer.length);
          buffer = buffer.subarray(n);
          skip -= n;
          if (skip > 0) break;
        }
        if (buffer.length < BLOCK) break;
        const h = buffer.subarray(0, BLOCK);
        buffer = buffer.subarray(BLOCK);
        if (h.every((b) => b === 0)) {
          ended = true;
          break;
        }
        let sum = 0;
        for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : h[i]!;
        if (sum !== readOctal(h, 148, 8) || h.subarray(257, 262).toString("ascii") !== "ustar") {
          throw new Error("not a backup archive (bad header)");
        }
        const type = String.fromCharCode(h[156]!);
        const name = h.subarray(0, 100).toString("utf8").replace(/\0.*$/s, "");
        if ((type !== "0" && type !== "\0") || !safeName(name) || !allowed(name)) {
          throw new Error(`backup archive holds an unexpected entry: ${JSON.stringify(name.slice(0, 120))}`);
        }
        const size = readOctal(h, 124, 12);
        const target = path.join(dir, ...name.split("/"));
        fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
        fd = fs.openSync(target, "wx", 0o600);
        names.push(name);
        left = size;
        skip = (BLOCK - (size % BLOCK)) % BLOCK;
      }
    }
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
  if (!ended || left > 0) throw new Error("backup archive is truncated");
  return names;
}

function safeName(name: string): boolean {
  if (!name || name.startsWith("/") || name.includes("\\")) return false;
  return name.split("/").every((part) => part !== "" && part !== "." && part !== "..");
}
