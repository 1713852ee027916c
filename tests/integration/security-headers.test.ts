import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { islandLoader } from "../../app/lib/hydrate";
import { REFERRAL_FORM_PATH } from "../../domain/paths";
import { ENQUIRY_PATH } from "../../domain/api-paths";
import { documentPolicy } from "../../server/http/security-headers";
import { createTestApp, type TestApp } from "../helpers/app";
import { injectRaw } from "../helpers/requests";
import { CLIENT_BUILD_DIR } from "../../server/base/paths";

// Needs a client build (`npm run build`), like every servePages test.
const assets = fs.readdirSync(path.join(CLIENT_BUILD_DIR, "assets"));
const jsAsset = assets.find((f) => f.endsWith(".js"));
const font = assets.find((f) => f.endsWith(".woff2"));
const cssAsset = assets.find((f) => f.endsWith(".css"));
// The referral form is made by the server from its configuration (server/http/static-site.ts).
const download = REFERRAL_FORM_PATH;

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp.split(";").map((d) => {
      const [name = "", ...values] = d.trim().split(/\s+/);
      return [name, values];
    }),
  );
}

/** The headers every response carries, whatever produced it. */
function expectCommonHeaders(res: LightMyRequestResponse) {
  expect(res.headers["content-security-policy"]).toBeTruthy();
  expect(res.headers["content-security-policy"]).not.toMatch(/unsafe-eval/);
  expect(directives(String(res.headers["content-security-policy"])).get("frame-ancestors")).toEqual(["'none'"]);
  expect(res.headers["x-content-type-options"]).toBe("nosniff");
  expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(res.headers["permissions-policy"]).toMatch(/camera=\(\)/);
  expect(res.headers["permissions-policy"]).toMatch(/microphone=\(\)/);
  expect(res.headers["permissions-policy"]).toMatch(/geolocation=\(\)/);
  expect(res.headers["permissions-policy"]).toMatch(/payment=\(\)/);
  expect(res.headers["permissions-policy"]).toMatch(/usb=\(\)/);
  expect(res.headers["cross-origin-opener-policy"]).toBe("same-origin");
  expect(res.headers["cross-origin-resource-policy"]).toBe("same-origin");
  // http:// base URL: no HSTS (it would pin a development host to https).
  expect(res.headers["strict-transport-security"]).toBeUndefined();
}

function expectTextWithCharset(res: LightMyRequestResponse, type: RegExp) {
  const contentType = String(res.headers["content-type"]);
  expect(contentType).toMatch(type);
  expect(contentType).toMatch(/;\s*charset=utf-8/i);
}

/** Inline scripts (not JSON data blocks) of an HTML body, with their attributes. */
function inlineScripts(html: string): { attrs: string; body: string }[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .map((m) => ({ attrs: m[1] ?? "", body: m[2] ?? "" }))
    .filter((s) => s.body.length > 0 && !/\bsrc=/.test(s.attrs) && !/type="application\/(ld\+)?json"/.test(s.attrs));
}

function sha256(text: string) {
  return `'sha256-${crypto.createHash("sha256").update(text, "utf8").digest("base64")}'`;
}

/** A page's policy must allow scripts without 'unsafe-inline' and set every fixed directive. */
function expectDocumentPolicy(res: LightMyRequestResponse) {
  const csp = directives(String(res.headers["content-security-policy"]));
  expect(csp.get("script-src")).toContain("'self'");
  expect(csp.get("script-src")).not.toContain("'unsafe-inline'");
  expect(csp.get("default-src")).toEqual(["'self'"]);
  expect(csp.get("object-src")).toEqual(["'none'"]);
  expect(csp.get("base-uri")).toEqual(["'none'"]);
  expect(csp.get("form-action")).toEqual(["'self'"]);
  expect(csp.get("img-src")).toEqual(["'self'", "data:"]);
  expect(csp.get("font-src")).toEqual(["'self'"]);
  // Styles: our stylesheets, and <style> elements only with this response's nonce, when it has one; never 'unsafe-inline'.
  const nonce = csp.get("script-src")?.find((s) => s.startsWith("'nonce-"));
  expect(csp.get("style-src")).toEqual(nonce ? ["'self'", nonce] : ["'self'"]);
  expect(csp.get("connect-src")).toEqual(["'self'"]);
  return csp;
}

describe("security headers", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ENABLE_TEST_ROUTES: "true" }, { servePages: true });
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: "GET", url, headers: { "accept-encoding": "identity" } });

  it("prerendered HTML: every inline script is allowed by its hash, and no page frames anything", async () => {
    // Content pages load no script at all (tests/integration/content-pages-no-script.test.ts);
    // a form page has one inline script, which loads its island from our origin ('self') and reports
    // if it cannot (islandLoader, app/lib/hydrate.ts; docs/decisions/027-island-failures.md).
    for (const url of ["/", "/about", "/book-appointment"]) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expectCommonHeaders(res);
      expectTextWithCharset(res, /^text\/html/);
      const csp = expectDocumentPolicy(res);
      const scripts = inlineScripts(res.body);
      expect(scripts.map((s) => s.body)).toEqual(url === "/book-appointment" ? [islandLoader("booking")] : []);
      expect(csp.get("script-src")).toContain("'self'");
      for (const script of scripts) expect(csp.get("script-src")).toContain(sha256(script.body));
      // No element of a prerendered page can carry this response's nonce: its policy names none.
      expect(csp.get("script-src")?.filter((s) => s.startsWith("'nonce-"))).toEqual([]);
      expect(csp.get("frame-src")).toEqual(["'none'"]);
    }
  });

  it("server-rendered HTML (/details?name=…, /staff/login): inline scripts carry this response's nonce, new on every request", async () => {
    // /details?name=… loads no script; the staff sign-in page, also rendered per request, does.
    for (const url of ["/details?name=x-ray", "/staff/login"]) {
      const first = await get(url);
      const second = await get(url);
      expect(first.statusCode).toBe(200);
      // The staff pages send a stricter Referrer-Policy (same-origin) than the public site.
      if (url !== "/staff/login") expectCommonHeaders(first);
      expectTextWithCharset(first, /^text\/html/);
      const nonces = [first, second].map((res) => {
        const src = expectDocumentPolicy(res).get("script-src") ?? [];
        const nonce = src.find((s) => s.startsWith("'nonce-"))?.slice(7, -1);
        expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
        const scripts = inlineScripts(res.body);
        expect(scripts.length > 0).toBe(url === "/staff/login");
        for (const script of scripts) expect(script.attrs).toContain(`nonce="${nonce}"`);
        return nonce;
      });
      expect(nonces[0]).not.toBe(nonces[1]);
      expect(directives(String(first.headers["content-security-policy"])).get("frame-src")).toEqual(["'none'"]);
    }
  });

  it("HTML 404: rendered with a nonce, a charset and the same headers", async () => {
    const res = await get("/no-such-page");
    expect(res.statusCode).toBe(404);
    expectCommonHeaders(res);
    expectTextWithCharset(res, /^text\/html/);
    const nonce = expectDocumentPolicy(res)
      .get("script-src")
      ?.find((s) => s.startsWith("'nonce-"));
    expect(nonce).toBeTruthy();
    for (const script of inlineScripts(res.body)) expect(script.attrs).toContain(`nonce="${nonce!.slice(7, -1)}"`);
  });

  it("a .data file is text/x-script with a charset", async () => {
    const res = await get("/about.data");
    expect(res.statusCode).toBe(200);
    expectCommonHeaders(res);
    expectTextWithCharset(res, /^text\/x-script/);
  });

  it("XML and plain text carry a charset", async () => {
    expectTextWithCharset(await get("/sitemap.xml"), /^application\/xml/);
    expectTextWithCharset(await get("/robots.txt"), /^text\/plain/);
  });

  it("a hashed JS asset: JavaScript with a charset; non-documents get a deny-all policy", async () => {
    const res = await get(`/assets/${jsAsset}`);
    expect(res.statusCode).toBe(200);
    expectCommonHeaders(res);
    expectTextWithCharset(res, /^(application|text)\/javascript/);
    expect(directives(String(res.headers["content-security-policy"])).get("default-src")).toEqual(["'none'"]);
  });

  it("a stylesheet: CSS with a charset", async () => {
    const res = await get(`/assets/${cssAsset}`);
    expect(res.statusCode).toBe(200);
    expectCommonHeaders(res);
    expectTextWithCharset(res, /^text\/css/);
  });

  it("a font: binary, no charset", async () => {
    const res = await get(`/assets/${font}`);
    expect(res.statusCode).toBe(200);
    expectCommonHeaders(res);
    expect(res.headers["content-type"]).toBe("font/woff2");
  });

  it("a file download: the same headers, binary type without charset", async () => {
    const res = await get(download);
    expect(res.statusCode).toBe(200);
    expectCommonHeaders(res);
    expect(String(res.headers["content-type"])).not.toMatch(/charset/);
  });

  it("JSON API 200, JSON 404 and an unhandled error all carry the headers and a charset", async () => {
    const ok = await get("/api/health");
    const missing = await get("/api/nope");
    const failed = await get("/api/__test/error");
    expect([ok.statusCode, missing.statusCode, failed.statusCode]).toEqual([200, 404, 500]);
    // A server error says nothing about its cause.
    expect(failed.json()).toEqual({ message: "Something went wrong on our side. Please try again." });
    for (const res of [ok, missing, failed]) {
      expectCommonHeaders(res);
      expectTextWithCharset(res, /^application\/json/);
      expect(directives(String(res.headers["content-security-policy"])).get("default-src")).toEqual(["'none'"]);
    }
  });

  it("a header a route set itself is kept", async () => {
    const res = await get("/api/health");
    expect(res.headers["cache-control"]).toBe("no-store");
  });
});

describe("Strict-Transport-Security", () => {
  const urls = [
    "/",
    "/about",
    "/details?name=x-ray",
    "/no-such-page",
    "/staff/login",
    "/robots.txt",
    `/assets/${cssAsset}`,
    "/api/health",
    "/api/nope",
    "/api/__test/error",
  ];

  it("is sent on every response, subdomains included, when PUBLIC_BASE_URL is https", async () => {
    const t = await createTestApp(
      { PUBLIC_BASE_URL: "https://clinic.example.org", ENABLE_TEST_ROUTES: "true" },
      { servePages: true },
    );
    try {
      for (const url of urls) {
        const res = await t.app.inject({ method: "GET", url });
        expect(res.headers["strict-transport-security"], url).toBe("max-age=31536000; includeSubDomains");
      }
      const post = await injectRaw(t.app, ENQUIRY_PATH, "{", "application/json");
      expect(post.statusCode).toBe(400);
      expect(post.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    } finally {
      await t.close();
    }
  });

  it("is not sent on any response when PUBLIC_BASE_URL is http", async () => {
    const t = await createTestApp(
      { PUBLIC_BASE_URL: "http://localhost:3000", ENABLE_TEST_ROUTES: "true" },
      { servePages: true },
    );
    try {
      for (const url of urls) {
        const res = await t.app.inject({ method: "GET", url });
        expect(res.headers["strict-transport-security"], url).toBeUndefined();
      }
    } finally {
      await t.close();
    }
  });
});

describe("style-src", () => {
  it("keeps 'unsafe-inline' for styles only in development (Vite injects <style> elements), never with a nonce", async () => {
    const styleSrc = (development: boolean) =>
      directives(documentPolicy({ nonce: "abc", hashes: [], development })).get("style-src");
    expect(styleSrc(false)).toEqual(["'self'", "'nonce-abc'"]);
    expect(styleSrc(true)).toEqual(["'self'", "'unsafe-inline'"]);
    // Development also lets Vite's hot-reload WebSocket connect; production does not.
    const connectSrc = (development: boolean) =>
      directives(documentPolicy({ nonce: "abc", hashes: [], development })).get("connect-src");
    expect(connectSrc(false)).toEqual(["'self'"]);
    expect(connectSrc(true)).toEqual(["'self'", "ws:"]);
  });
});
