/**
 * After `react-router build`: write the referral form PDF, then precompress
 * every text asset of the client build with brotli and gzip, so the server
 * sends compressed bytes without compressing per request (PDFs are already
 * compressed and are not precompressed).
 */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { REFERRAL_FORM_PATH } from "../app/content/site";
import { loadConfig } from "../server/config";
import { buildReferralForm } from "./referral-form";

const CLIENT_DIR = path.resolve(import.meta.dirname, "../build/client");
const TEXT = /\.(html|js|mjs|css|svg|json|txt|xml|data|webmanifest|map|ics)$/;

function* files(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

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
console.log(`precompressed ${count} files: ${(raw / 1024).toFixed(0)} KiB -> ${(brotli / 1024).toFixed(0)} KiB (brotli)`);
