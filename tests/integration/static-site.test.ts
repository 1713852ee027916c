import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clinicYear } from "../../domain/dates";
import { REFERRAL_FORM_PATH } from "../../domain/paths";
import { BUILD_BASE_URL } from "../../domain/stamps";
import { buildApp } from "../../server/app";
import { loadConfig } from "../../server/base/config";
import { migrate, openDb } from "../../server/db/index";
import { acceptedEncodings, StaticSite } from "../../server/http/static-site";
import { CLIENT_BUILD_DIR } from "../../server/base/paths";

// Needs a client build (`npm run build`), like every servePages test.
const BASE = "https://imaging.example.bw";

/** A production-like app on the build, with this base URL and clock. */
async function startApp(now: () => Date): Promise<{ app: FastifyInstance; close: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "clinic-static-"));
  const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, LOG_LEVEL: "silent", PUBLIC_BASE_URL: BASE });
  const db = openDb(config);
  await migrate(db);
  const app = await buildApp({ config, db, now });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function decoded(res: LightMyRequestResponse): string {
  const body = res.rawPayload;
  const encoding = res.headers["content-encoding"];
  if (encoding === "br") return zlib.brotliDecompressSync(body).toString("utf8");
  if (encoding === "gzip") return zlib.gunzipSync(body).toString("utf8");
  return body.toString("utf8");
}

function footerYear(html: string): string | undefined {
  return /data-testid="copyright-year"[^>]*>(\d{4})</.exec(html)?.[1];
}

/** The text of a PDF's deflated streams (pdf-lib writes text as hex strings, so search upper-case hex). */
function pdfStreamsText(pdf: Buffer): string {
  const raw = pdf.toString("latin1");
  let text = "";
  for (const m of raw.matchAll(/stream\r?\n/g)) {
    const start = m.index + m[0].length;
    try {
      text += zlib.inflateSync(pdf.subarray(start, raw.indexOf("endstream", start))).toString("latin1");
    } catch {
      // not a deflated stream
    }
  }
  return text.toUpperCase();
}

describe("the in-memory client build", () => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ app, close } = await startApp(() => new Date()));
  });
  afterAll(() => close());

  const get = (url: string, headers: Record<string, string> = {}, method: "GET" | "HEAD" = "GET") =>
    app.inject({ method, url, headers });

  it("sends brotli, gzip or identity as the client accepts, the same page each time", async () => {
    const br = await get("/about", { "accept-encoding": "gzip, deflate, br" });
    const gzip = await get("/about", { "accept-encoding": "gzip" });
    const identity = await get("/about", { "accept-encoding": "identity" });
    const none = await get("/about");
    const brRefused = await get("/about", { "accept-encoding": "br;q=0, gzip;q=0.5" });
    expect([br, gzip, identity, none, brRefused].map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(identity.headers["content-encoding"]).toBeUndefined();
    expect(none.headers["content-encoding"]).toBeUndefined();
    expect(brRefused.headers["content-encoding"]).toBe("gzip");
    expect(decoded(br)).toBe(identity.body);
    expect(decoded(gzip)).toBe(identity.body);
    expect(br.rawPayload.length).toBeLessThan(gzip.rawPayload.length);
    expect(gzip.rawPayload.length).toBeLessThan(identity.rawPayload.length / 3);
    for (const res of [br, gzip, identity]) {
      expect(res.headers.vary).toBe("Accept-Encoding");
      expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(res.headers["cache-control"]).toBe("public, max-age=0, must-revalidate");
      expect(Number(res.headers["content-length"])).toBe(res.rawPayload.length);
      expect(res.headers["content-security-policy"]).toMatch(/script-src 'self'/);
    }
  });

  it("parses Accept-Encoding with q-values and wildcards", () => {
    expect(acceptedEncodings(undefined)).toEqual({ br: false, gzip: false });
    expect(acceptedEncodings("gzip, br")).toEqual({ br: true, gzip: true });
    expect(acceptedEncodings("BR;q=0.1")).toEqual({ br: true, gzip: false });
    expect(acceptedEncodings("br;q=0, *")).toEqual({ br: false, gzip: true });
    expect(acceptedEncodings("*;q=0")).toEqual({ br: false, gzip: false });
    expect(acceptedEncodings("x-gzip")).toEqual({ br: false, gzip: true });
  });

  it("gives each form a strong ETag and answers 304 when the client has it", async () => {
    const br = await get("/about", { "accept-encoding": "br" });
    const identity = await get("/about");
    const etag = String(br.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(identity.headers.etag).not.toBe(etag);

    const again = await get("/about", { "accept-encoding": "br", "if-none-match": etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    expect(again.headers["cache-control"]).toBe("public, max-age=0, must-revalidate");
    expect(again.headers.vary).toBe("Accept-Encoding");
    expect((await get("/about", { "accept-encoding": "br", "if-none-match": `"x", W/${etag}` })).statusCode).toBe(304);
    // Another form's tag, or a stale one, gets the full page.
    expect((await get("/about", { "if-none-match": etag })).statusCode).toBe(200);
    expect((await get("/about", { "accept-encoding": "br", "if-none-match": '"stale"' })).statusCode).toBe(200);
  });

  it("answers HEAD with the GET's headers and no body", async () => {
    const full = await get("/services/x-ray", { "accept-encoding": "gzip" });
    const head = await get("/services/x-ray", { "accept-encoding": "gzip" }, "HEAD");
    expect(head.statusCode).toBe(200);
    expect(head.rawPayload.length).toBe(0);
    for (const name of ["etag", "content-length", "content-encoding", "content-type", "cache-control", "vary"]) {
      expect(head.headers[name], name).toBe(full.headers[name]);
    }
    expect(head.headers["content-security-policy"]).toMatch(/script-src/);
  });

  it("serves hashed assets as immutable, precompressed, with ETags and 304", async () => {
    const assets = fs.readdirSync(path.join(CLIENT_BUILD_DIR, "assets"));
    const js = assets.find(
      (f) => f.endsWith(".js") && fs.existsSync(path.join(CLIENT_BUILD_DIR, "assets", `${f}.br`)),
    )!;
    const css = assets.find((f) => f.endsWith(".css"))!;
    const font = assets.find((f) => f.endsWith(".woff2"))!;
    const script = await get(`/assets/${js}`, { "accept-encoding": "br, gzip" });
    expect(script.statusCode).toBe(200);
    expect(script.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(script.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(script.headers["content-encoding"]).toBe("br");
    expect(script.rawPayload.equals(fs.readFileSync(path.join(CLIENT_BUILD_DIR, "assets", `${js}.br`)))).toBe(true);
    const cached = await get(`/assets/${js}`, {
      "accept-encoding": "br, gzip",
      "if-none-match": String(script.headers.etag),
    });
    expect(cached.statusCode).toBe(304);
    expect((await get(`/assets/${css}`)).headers["content-type"]).toBe("text/css; charset=utf-8");
    const woff = await get(`/assets/${font}`, { "accept-encoding": "br, gzip" });
    expect(woff.headers["content-type"]).toBe("font/woff2");
    expect(woff.headers["content-encoding"]).toBeUndefined();
    expect(woff.headers.vary).toBeUndefined();
    expect(woff.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("keeps the other behaviours: redirect of /page/, /details?query rendered, 404 page, public files", async () => {
    const slash = await get("/about/");
    expect(slash.statusCode).toBe(301);
    expect(slash.headers.location).toBe("/about");
    const rendered = await get("/details?name=x-ray");
    expect(rendered.statusCode).toBe(200);
    expect(rendered.headers.etag).toBeUndefined(); // rendered per request, not the prerendered file
    expect(rendered.body).toContain("<html");
    const missing = await get("/no-such-page");
    expect(missing.statusCode).toBe(404);
    expect(missing.headers["content-type"]).toMatch(/^text\/html/);
    // The 404 page is rendered per request: it prints the year directly.
    expect(footerYear(missing.body)).toBe(String(clinicYear()));
    expect((await get("/favicon.svg")).headers["content-type"]).toBe("image/svg+xml; charset=utf-8");
    expect((await get("/robots.txt")).headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect((await get("/sitemap.xml")).headers["content-type"]).toBe("application/xml; charset=utf-8");
    const pdf = await get(REFERRAL_FORM_PATH);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    expect((await get(REFERRAL_FORM_PATH, { "if-none-match": String(pdf.headers.etag) })).statusCode).toBe(304);
  });

  it("carries the running PUBLIC_BASE_URL, not the build's, in links, Open Graph, JSON-LD, sitemap and PDF", async () => {
    const page = await get("/services/ultrasound");
    expect(page.body).toContain(`<link rel="canonical" href="${BASE}/services/ultrasound"/>`);
    expect(page.body).toContain(`<meta property="og:url" content="${BASE}/services/ultrasound"/>`);
    const jsonLd = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(page.body)?.[1];
    expect(JSON.parse(jsonLd ?? "{}").url).toBe(`${BASE}/`);
    const sitemap = (await get("/sitemap.xml", { "accept-encoding": "br" })).rawPayload;
    expect(zlib.brotliDecompressSync(sitemap).toString()).toContain(`<loc>${BASE}/services/ultrasound</loc>`);
    expect((await get("/robots.txt")).body).toContain(`Sitemap: ${BASE}/sitemap.xml`);
    expect((await get("/services/ultrasound.data")).body).toContain(BASE);
    const pdf = (await get(REFERRAL_FORM_PATH)).rawPayload;
    expect(pdfStreamsText(pdf)).toContain(
      Buffer.from(`${BASE.replace("https://", "")}/book-appointment`)
        .toString("hex")
        .toUpperCase(),
    );
    // Nothing anywhere still names the build's placeholder.
    for (const url of [
      "/",
      "/about",
      "/book-appointment",
      "/contact-us",
      "/sitemap.xml",
      "/robots.txt",
      "/about.data",
    ]) {
      for (const encoding of ["identity", "gzip", "br"]) {
        const text = decoded(await get(url, { "accept-encoding": encoding }));
        expect(text, `${url} ${encoding}`).not.toContain(BUILD_BASE_URL);
        expect(text, `${url} ${encoding}`).not.toContain("localhost:3000");
      }
    }
  });

  it("allows each stamped page's inline scripts by their hashes", async () => {
    for (const url of ["/", "/book-appointment", "/contact-us"]) {
      const res = await get(url);
      const policy = String(res.headers["content-security-policy"]);
      const scripts = [...res.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)].filter(
        (m) => m[2] && !/\bsrc=/.test(m[1]!) && !/json/.test(m[1]!),
      );
      for (const [, , body] of scripts) {
        const hash = `'sha256-${crypto.createHash("sha256").update(body!, "utf8").digest("base64")}'`;
        expect(policy, url).toContain(hash);
      }
    }
  });
});

describe("compression of the stamped pages", () => {
  it("is fast on the first request, then full-quality brotli once recompressed, the page unchanged", async () => {
    const site = StaticSite.load(CLIENT_BUILD_DIR, { publicBaseUrl: BASE });
    const before = (await site.file("/services/ultrasound"))!;
    const fast = before.br!;
    await site.recompress();
    const after = (await site.file("/services/ultrasound"))!;
    expect(after.br!.body.length).toBeLessThan(fast.body.length);
    expect(after.br!.etag).not.toBe(fast.etag);
    expect(zlib.brotliDecompressSync(after.br!.body).equals(after.identity.body)).toBe(true);
    expect(after.identity.body.toString()).toContain(`${BASE}/services/ultrasound`);
  });
});

describe("the footer's year", () => {
  let clock = new Date("2031-06-01T10:00:00Z");
  let app: FastifyInstance;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ app, close } = await startApp(() => clock));
  });
  afterAll(() => close());

  const page = async (encoding: string) =>
    decoded(await app.inject({ method: "GET", url: "/about", headers: { "accept-encoding": encoding } }));

  it("is the clinic's current year in every form of a prerendered page, with no script", async () => {
    for (const encoding of ["br", "gzip", "identity"]) expect(footerYear(await page(encoding))).toBe("2031");
    expect(await page("identity")).toMatch(/© <span data-testid="copyright-year" data-year-stamp="">2031<\/span>/);
  });

  it("turns at midnight in Gaborone without a rebuild, and old ETags stop matching", async () => {
    clock = new Date("2031-12-31T21:59:59Z"); // 23:59:59 in Gaborone
    const before = await app.inject({ method: "GET", url: "/about", headers: { "accept-encoding": "br" } });
    expect(footerYear(decoded(before))).toBe("2031");

    clock = new Date("2031-12-31T22:00:00Z"); // midnight in Gaborone
    const after = await app.inject({
      method: "GET",
      url: "/about",
      headers: { "accept-encoding": "br", "if-none-match": String(before.headers.etag) },
    });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    for (const encoding of ["br", "gzip", "identity"]) expect(footerYear(await page(encoding))).toBe("2032");
    expect(footerYear(await page("br"))).toBe("2032");
  });

  it("a page first asked for after the year turned (stamped at start, never compressed) is served in the new year", async () => {
    for (const encoding of ["br", "gzip", "identity"]) {
      const staff = await app.inject({ method: "GET", url: "/our-staff", headers: { "accept-encoding": encoding } });
      expect(staff.headers["content-encoding"] ?? "identity").toBe(encoding);
      expect(footerYear(decoded(staff))).toBe("2032");
    }
  });
});
