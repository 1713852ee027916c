/**
 * After `react-router build`:
 * 1. hash every inline script of each prerendered page into build/csp-hashes.json,
 *    so the Content-Security-Policy can allow exactly those scripts (no 'unsafe-inline');
 * 2. write the fillable referral form PDF carrying the clinic's configured details;
 * 3. precompress every text asset of the client build with brotli and gzip, so
 *    the server sends compressed bytes without compressing per request (PDFs are
 *    already compressed and are not precompressed).
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { REFERRAL_FORM_PATH } from "../domain/paths";
import { loadConfig } from "../server/config";
import { buildReferralForm } from "../server/referral-form";

const CLIENT_DIR = path.resolve(import.meta.dirname, "../build/client");
const TEXT = /\.(html|js|mjs|css|svg|json|txt|xml|data|webmanifest|map|ics)$/;

function* files(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

/**
 * The CSP sources ('sha256-…') of a page's inline scripts. Data blocks
 * (application/ld+json) are not executed, so they need no hash; everything
 * else inline (classic, module, importmap) does.
 */
function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attrs = match[1] ?? "";
    const body = match[2] ?? "";
    if (/\bsrc\s*=/i.test(attrs) || body.length === 0) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attrs)?.[1]?.toLowerCase();
    if (type?.endsWith("json")) continue;
    hashes.add(`sha256-${crypto.createHash("sha256").update(body, "utf8").digest("base64")}`);
  }
  return [...hashes];
}

/**
 * The document policy's style-src has no 'unsafe-inline' (server/security-headers.ts):
 * a prerendered page with a <style> element or a style="…" attribute would render
 * unstyled in browsers, so it fails the build here instead.
 */
function inlineStyles(html: string): string[] {
  const found = [...html.matchAll(/<style\b[^>]*>/gi)].map((m) => m[0]);
  for (const m of html.matchAll(/<[a-z][\w:-]*\b[^>]*?\sstyle\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/gi)) found.push(m[0]);
  return found;
}

const manifest: Record<string, string[]> = {};
const styled: string[] = [];
for (const file of files(CLIENT_DIR)) {
  if (path.basename(file) !== "index.html") continue;
  const rel = path.relative(CLIENT_DIR, file).split(path.sep).join("/");
  const html = fs.readFileSync(file, "utf8");
  manifest[rel] = inlineScriptHashes(html);
  for (const tag of inlineStyles(html)) styled.push(`  ${rel}: ${tag.slice(0, 120)}`);
}
if (styled.length > 0) {
  console.error(
    "Inline styles in prerendered pages are blocked by the Content-Security-Policy (style-src has no 'unsafe-inline').\n" +
      "Use a class from the stylesheets instead:\n" +
      styled.join("\n"),
  );
  process.exit(1);
}
fs.writeFileSync(path.join(CLIENT_DIR, "../csp-hashes.json"), JSON.stringify(manifest, null, 2) + "\n");
console.log(`hashed inline scripts of ${Object.keys(manifest).length} prerendered pages into build/csp-hashes.json`);

{
  const target = path.join(CLIENT_DIR, REFERRAL_FORM_PATH);
  const pdf = await buildReferralForm(loadConfig());
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, pdf);
  console.log(`referral form: ${path.relative(process.cwd(), target)} (${(pdf.length / 1024).toFixed(1)} KiB)`);
}

let count = 0;
let raw = 0;
let brotli = 0;
for (const file of files(CLIENT_DIR)) {
  if (!TEXT.test(file)) continue;
  const body = fs.readFileSync(file);
  if (body.length < 256) continue;
  const br = zlib.brotliCompressSync(body, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
  const gz = zlib.gzipSync(body, { level: 9 });
  fs.writeFileSync(`${file}.br`, br);
  fs.writeFileSync(`${file}.gz`, gz);
  count += 1;
  raw += body.length;
  brotli += br.length;
}
console.log(
  `precompressed ${count} files: ${(raw / 1024).toFixed(0)} KiB -> ${(brotli / 1024).toFixed(0)} KiB (brotli)`,
);
