/**
 * After `react-router build`:
 * 1. check the prerendered pages: no inline styles (the CSP blocks them), and
 *    built for the placeholder base URL the server stamps (BUILD_BASE_URL);
 * 2. precompress every text asset of the client build with brotli and gzip, so
 *    the server sends compressed bytes without compressing per request (PDFs are
 *    already compressed and are not precompressed).
 * The server hashes each page's inline scripts for the CSP when it loads the
 * stamped pages, and makes the referral form PDF from its own configuration
 * (server/http/static-site.ts).
 */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { BUILD_BASE_URL } from "../domain/stamps";
import { CLIENT_BUILD_DIR as CLIENT_DIR } from "../server/base/paths";
const TEXT = /\.(html|js|mjs|css|svg|json|txt|xml|data|webmanifest|map|ics)$/;

function* files(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

/**
 * The document policy's style-src has no 'unsafe-inline' (server/http/security-headers.ts):
 * a prerendered page with a <style> element or a style="…" attribute would render
 * unstyled in browsers, so it fails the build here instead.
 */
function inlineStyles(html: string): string[] {
  const found = [...html.matchAll(/<style\b[^>]*>/gi)].map((m) => m[0]);
  for (const m of html.matchAll(/<[a-z][\w:-]*\b[^>]*?\sstyle\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/gi)) found.push(m[0]);
  return found;
}

const styled: string[] = [];
const unstamped: string[] = [];
for (const file of files(CLIENT_DIR)) {
  if (path.basename(file) !== "index.html") continue;
  const rel = path.relative(CLIENT_DIR, file).split(path.sep).join("/");
  const html = fs.readFileSync(file, "utf8");
  for (const tag of inlineStyles(html)) styled.push(`  ${rel}: ${tag.slice(0, 120)}`);
  if (!html.includes(`"${BUILD_BASE_URL}`)) unstamped.push(`  ${rel}`);
}
if (styled.length > 0) {
  console.error(
    "Inline styles in prerendered pages are blocked by the Content-Security-Policy (style-src has no 'unsafe-inline').\n" +
      "Use a class from the stylesheets instead:\n" +
      styled.join("\n"),
  );
  process.exit(1);
}
if (unstamped.length > 0) {
  console.error(
    `These pages were not built for the placeholder base URL ${BUILD_BASE_URL}, which the server replaces with ` +
      "its PUBLIC_BASE_URL: build with `npm run build` (it sets PUBLIC_BASE_URL for React Router's build).\n" +
      unstamped.join("\n"),
  );
  process.exit(1);
}

let count = 0;
let raw = 0;
let brotli = 0;
for (const file of files(CLIENT_DIR)) {
  if (!TEXT.test(file)) continue;
  const body = fs.readFileSync(file);
  // Files with the placeholder base URL are stamped, then compressed, by the server when it starts.
  if (body.length < 256 || body.includes(BUILD_BASE_URL)) continue;
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
