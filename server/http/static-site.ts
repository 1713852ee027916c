import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";
import { clinicInstant, clinicYear } from "../../domain/dates";
import { REFERRAL_FORM_PATH } from "../../domain/paths";
import { BUILD_BASE_URL, YEAR_STAMP_ATTRIBUTE } from "../../domain/stamps";
import type { ReferralFormConfig } from "./referral-form";
import { inlineScriptHashes } from "./security-headers";

/**
 * The client build held in memory: every prerendered page, hashed asset and
 * public file of build/client, with its brotli and gzip forms, loaded once at
 * start and served with a strong ETag per form (304 on If-None-Match).
 *
 * Text files outside /assets are stamped as they load: the build's
 * placeholder base URL (BUILD_BASE_URL) becomes the running PUBLIC_BASE_URL,
 * and the footer's copyright year becomes the clinic's current year; a page
 * is stamped again on its first request after the year turns. A stamped file
 * is compressed again when it is first asked for: at once with a fast brotli
 * level (about a millisecond a page), then at full quality in the background.
 * Nothing is compressed at start, so the server listens sooner, and a server
 * that serves few pages (a test's) compresses only those; an unchanged file
 * keeps the build's precompressed twins. The CSP hashes of each page's inline scripts
 * are taken from the stamped HTML. The referral form PDF carries the base
 * URL and clinic details too, so it is made from the running configuration,
 * on its first request.
 */

export interface Representation {
  body: Buffer;
  etag: string;
}

interface StaticFile {
  contentType: string;
  cacheControl: string;
  identity: Representation;
  br?: Representation;
  gzip?: Representation;
  /**
   * For a page with the footer's year: its HTML as built (base URL already stamped; kept as UTF-8 bytes,
   * half the memory of a string with any non-ASCII character) and the year it carries now.
   */
  yearTemplate?: Buffer;
  year?: number;
}

export interface StaticSiteOptions {
  publicBaseUrl: string;
  /** The clock the copyright year follows (tests inject one). */
  now?: () => Date;
  /** Makes the referral form PDF (loaded on first request). */
  referralForm?: () => Promise<Uint8Array>;
}

const IMMUTABLE = "public, max-age=31536000, immutable";
const REVALIDATE = "public, max-age=0, must-revalidate";

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".ics": "text/calendar; charset=utf-8",
  // React Router's single-fetch data files (turbo-stream).
  ".data": "text/x-script; charset=utf-8",
  ".svg": "image/svg+xml; charset=utf-8",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".gif": "image/gif",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
  ".pdf": "application/pdf",
};

/** Files whose text may carry the base URL or the year. */
const STAMPABLE = /\.(html|data|xml|txt|json|webmanifest)$/;

const YEAR_STAMP = new RegExp(`(<span\\b[^>]*\\s${YEAR_STAMP_ATTRIBUTE}=""[^>]*>)\\d{4}(</span>)`, "g");

const brotli = promisify(zlib.brotliCompress);

function representation(body: Buffer): Representation {
  const digest = crypto.createHash("sha256").update(body).digest("base64url").slice(0, 22);
  return { body, etag: `"${digest}"` };
}

/** A body's three forms (brotli made by the caller, gzip here). */
function forms(body: Buffer, br: Buffer): Pick<StaticFile, "identity" | "br" | "gzip"> {
  return {
    identity: representation(body),
    br: representation(br),
    gzip: representation(zlib.gzipSync(body, { level: 9 })),
  };
}

function contentTypeOf(file: string): string {
  return CONTENT_TYPES[path.extname(file).toLowerCase()] ?? "application/octet-stream";
}

/** Brotli's level for stamping at start: about 30 times faster than the full level, output about 10 % larger. */
const FAST_BROTLI = 5;

function brotliOptions(size: number, quality: number = zlib.constants.BROTLI_MAX_QUALITY): zlib.BrotliOptions {
  return {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
    },
  };
}

/** The year in every footer year marker of a page. */
export function stampYear(html: string, year: number): string {
  return html.replace(YEAR_STAMP, `$1${year}$2`);
}

/** The build's placeholder base URL replaced by the running one. */
export function stampBaseUrl(text: string, publicBaseUrl: string): string {
  return text.replaceAll(BUILD_BASE_URL, publicBaseUrl);
}

function* walk(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else yield full;
  }
}

/** The URL a built file answers at: a folder's index.html at the folder, anything else at its own path. */
function urlOf(rel: string): string {
  const url = "/" + rel.replace(/(^|\/)index\.html$/, "");
  return url.length > 1 ? url.replace(/\/$/, "") : "/";
}

/** Parses Accept-Encoding into the codings the client accepts (q > 0). */
export function acceptedEncodings(header: string | undefined): { br: boolean; gzip: boolean } {
  const accepted = { br: false, gzip: false };
  if (!header) return accepted;
  let star: boolean | undefined;
  const named = new Map<string, boolean>();
  for (const part of header.split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const ok = q === undefined || Number(q.slice(2)) > 0;
    if (name === "*") star = ok;
    else named.set(name.trim(), ok);
  }
  accepted.br = named.get("br") ?? star ?? false;
  accepted.gzip = named.get("gzip") ?? named.get("x-gzip") ?? star ?? false;
  return accepted;
}

/** True when If-None-Match names this entity tag (weak comparison, as RFC 9110 asks for GET). */
function notModified(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  return header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

export class StaticSite {
  private readonly files = new Map<string, StaticFile>();
  private readonly hashes = new Map<string, string[]>();
  /** Stamped files not asked for yet, and the full-quality compressions under way. */
  private readonly uncompressed = new Set<StaticFile>();
  private readonly compressing = new Set<Promise<void>>();
  private readonly now: () => Date;
  private readonly referralForm?: () => Promise<Uint8Array>;
  private referral?: Promise<StaticFile>;
  /** The clinic year the pages were last checked against, and the instants it starts and ends. */
  private year = 0;
  private yearStarts = 0;
  private yearEnds = 0;

  private constructor(options: StaticSiteOptions) {
    this.now = options.now ?? (() => new Date());
    this.referralForm = options.referralForm;
  }

  /** Loads and stamps every file of a client build. */
  static load(clientDir: string, options: StaticSiteOptions): StaticSite {
    if (/[<>"'&\\\s]/.test(options.publicBaseUrl)) {
      // Stamped into HTML attributes, JSON and script strings as is: it must need no escaping there.
      throw new Error(`PUBLIC_BASE_URL must not contain spaces, quotes, <, >, & or \\: ${options.publicBaseUrl}`);
    }
    const site = new StaticSite(options);
    site.currentYear();
    for (const full of walk(clientDir)) {
      if (/\.(br|gz)$/.test(full)) continue;
      const rel = path.relative(clientDir, full).split(path.sep).join("/");
      const url = urlOf(rel);
      if (url === REFERRAL_FORM_PATH && options.referralForm) continue; // made from the running configuration
      site.add(url, full, rel, options.publicBaseUrl);
    }
    return site;
  }

  /**
   * Brings every stamped file to full brotli quality now, those not asked for yet
   * as well, and waits for the compressions under way (for tests and tools: a
   * serving server compresses each page on its first request).
   */
  async recompress(): Promise<void> {
    for (const file of this.uncompressed) this.compress(file);
    await Promise.all(this.compressing);
  }

  /**
   * A stamped file's compressed forms: brotli at a fast level and gzip at once, then brotli at full
   * quality on the thread pool. A file stamped again meanwhile (the year turned) keeps its newer forms.
   */
  private compress(file: StaticFile): void {
    this.uncompressed.delete(file);
    const body = file.identity.body;
    Object.assign(file, forms(body, zlib.brotliCompressSync(body, brotliOptions(body.length, FAST_BROTLI))));
    const full = brotli(body, brotliOptions(body.length))
      .then((br) => {
        if (file.identity.body === body) file.br = representation(br);
      })
      // The fast form stays: it is valid brotli, about 10 % larger.
      .catch(() => undefined)
      .finally(() => this.compressing.delete(full));
    this.compressing.add(full);
  }

  private add(url: string, full: string, rel: string, publicBaseUrl: string): void {
    const built = fs.readFileSync(full);
    const file: StaticFile = {
      contentType: contentTypeOf(full),
      cacheControl: rel.startsWith("assets/") ? IMMUTABLE : REVALIDATE,
      identity: representation(built),
    };
    this.files.set(url, file);
    if (!rel.startsWith("assets/") && STAMPABLE.test(rel)) {
      const text = stampBaseUrl(built.toString("utf8"), publicBaseUrl);
      const hasYear = text.search(YEAR_STAMP) !== -1;
      if (hasYear) file.yearTemplate = Buffer.from(text, "utf8");
      const stamped = hasYear ? stampYear(text, this.year) : text;
      file.year = this.year;
      if (rel.endsWith("index.html")) this.hashes.set(url, inlineScriptHashes(stamped));
      if (stamped !== built.toString("utf8")) {
        file.identity = representation(Buffer.from(stamped, "utf8"));
        this.uncompressed.add(file);
        return;
      }
    }
    for (const [form, ext] of [
      ["br", ".br"],
      ["gzip", ".gz"],
    ] as const) {
      if (fs.existsSync(full + ext)) file[form] = representation(fs.readFileSync(full + ext));
    }
  }

  /** The clinic's year now; cheap (two comparisons) unless the year turned since the last call. */
  currentYear(): number {
    const now = this.now().getTime();
    if (now < this.yearStarts || now >= this.yearEnds) {
      this.year = clinicYear(new Date(now));
      this.yearStarts = clinicInstant(`${this.year}-01-01`, "00:00").getTime();
      this.yearEnds = clinicInstant(`${this.year + 1}-01-01`, "00:00").getTime();
    }
    return this.year;
  }

  /** True for a prerendered page's URL (a folder's index.html). */
  isPage(url: string): boolean {
    return this.hashes.has(url);
  }

  /** True for every URL the site answers (pages, assets, public files, the referral form). */
  has(url: string): boolean {
    return this.files.has(url) || (url === REFERRAL_FORM_PATH && this.referralForm !== undefined);
  }

  /** The CSP sources of a prerendered page's inline scripts. */
  scriptHashes(urlPath: string): readonly string[] {
    return this.hashes.get(urlPath) ?? [];
  }

  /** A file by URL, its year stamp brought up to date. */
  async file(url: string): Promise<StaticFile | undefined> {
    if (url === REFERRAL_FORM_PATH && this.referralForm) return this.referralFile();
    const file = this.files.get(url);
    if (!file) return undefined;
    if (file.yearTemplate) {
      const year = this.currentYear();
      // The year turned since this page was stamped: stamp it again, once a year per page, and compress it
      // as on a first request, so every form of the page changes at once (and once, not also for the old year).
      if (file.year !== year) {
        const body = Buffer.from(stampYear(file.yearTemplate.toString("utf8"), year), "utf8");
        Object.assign(file, { year, identity: representation(body) });
        this.uncompressed.add(file);
      }
    }
    if (this.uncompressed.has(file)) this.compress(file);
    return file;
  }

  private referralFile(): Promise<StaticFile> {
    this.referral ??= this.referralForm!().then((pdf) => ({
      contentType: CONTENT_TYPES[".pdf"]!,
      cacheControl: REVALIDATE,
      identity: representation(Buffer.from(pdf)),
    }));
    // A failure is not cached: the next request tries again.
    this.referral.catch(() => (this.referral = undefined));
    return this.referral;
  }

  /** Sends a file: the best form the client accepts, ETag, 304 on If-None-Match, Vary, cache-control. */
  async send(request: FastifyRequest, reply: FastifyReply, url: string): Promise<FastifyReply> {
    const file = await this.file(url);
    if (!file) throw new Error(`not in the client build: ${url}`);
    const accepts = acceptedEncodings(request.headers["accept-encoding"]);
    const [form, encoding] =
      accepts.br && file.br ? [file.br, "br"] : accepts.gzip && file.gzip ? [file.gzip, "gzip"] : [file.identity, null];
    reply.header("content-type", file.contentType).header("cache-control", file.cacheControl).header("etag", form.etag);
    if (file.br || file.gzip) reply.header("vary", "Accept-Encoding");
    if (encoding) reply.header("content-encoding", encoding);
    if (notModified(request.headers["if-none-match"], form.etag)) return reply.code(304).send();
    return reply.header("content-length", form.body.length).send(form.body);
  }
}

/** Makes the referral form from the running configuration; pdf-lib loads only when the form is first asked for. */
export function referralFormMaker(config: ReferralFormConfig): () => Promise<Uint8Array> {
  return async () => {
    const { buildReferralForm } = await import("./referral-form");
    return buildReferralForm(config);
  };
}
