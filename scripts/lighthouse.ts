/**
 * `npm run lighthouse`: Lighthouse 12 (its CLI, mobile preset: the default
 * form factor and throttling) against every public page of the existing
 * production build, served by the real server on a free port with a fresh
 * data folder. Builds nothing: run `npm run build` first.
 *
 * Prints the four category scores per page, then the compressed transfer
 * size of the home page's first load (JavaScript and everything) against
 * the budget. Exits non-zero when an assertion fails:
 *   - Accessibility, Best Practices or SEO below 100 on any page;
 *   - Performance below 95 on the key pages (PERFORMANCE_PAGES);
 *   - the home page's first load over JS_BUDGET_KIB or TOTAL_BUDGET_KIB.
 *
 * Options:
 *   --routes /,/about          audit only these pages (default: every public page)
 *   --assert-only a11y,bp,seo  check only these assertions (a11y, bp, seo, perf, budget; default: all)
 *   --report-only              print the table, assert nothing
 *   --url http://host:port     audit a server that is already running instead of starting one
 *   --keep-reports             keep each page's full JSON report (its folder is printed)
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { PRERENDERED_PATHS } from "../app/lib/prerender-paths";
import { startServer, type ServerProcess } from "../tests/helpers/server-process";

const ROOT = path.resolve(import.meta.dirname, "..");
const LIGHTHOUSE_CLI = path.join(ROOT, "node_modules/lighthouse/cli/index.js");
const CHROME_PATH = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Pages where Performance is asserted: the patient's path from landing to booking. */
const PERFORMANCE_PAGES = ["/", "/services", "/services/ultrasound", "/book-appointment"];
const PERFORMANCE_MIN = 95;
const JS_BUDGET_KIB = 120;
const TOTAL_BUDGET_KIB = 300;
const RUN_TIMEOUT_MS = 150_000;

const ASSERTIONS = ["a11y", "bp", "seo", "perf", "budget"] as const;
type Assertion = (typeof ASSERTIONS)[number];

const CATEGORIES = [
  { id: "performance", label: "Performance" },
  { id: "accessibility", label: "Accessibility" },
  { id: "best-practices", label: "Best Practices" },
  { id: "seo", label: "SEO" },
] as const;
type CategoryId = (typeof CATEGORIES)[number]["id"];

/** The parts of a Lighthouse result (LH.Result) this script reads. */
interface LhResult {
  runtimeError?: { code: string; message: string };
  runWarnings?: string[];
  categories: Record<CategoryId, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<
    string,
    {
      id: string;
      title: string;
      score: number | null;
      scoreDisplayMode: string;
      displayValue?: string;
      numericValue?: number;
      details?: { items?: Record<string, unknown>[] };
    }
  >;
}

interface PageResult {
  route: string;
  scores: Partial<Record<CategoryId, number | null>>;
  error?: string;
  lhr?: LhResult;
}

function fail(message: string): never {
  console.error(`lighthouse: ${message}`);
  process.exit(2);
}

function parseOptions() {
  const { values } = parseArgs({
    options: {
      routes: { type: "string" },
      "assert-only": { type: "string" },
      "report-only": { type: "boolean", default: false },
      url: { type: "string" },
      "keep-reports": { type: "boolean", default: false },
    },
    strict: true,
  });
  const allPages = PRERENDERED_PATHS.filter((p) => !/\.[a-z]+$/.test(p));
  let routes = allPages;
  if (values.routes) {
    routes = values.routes
      .split(",")
      .map((r) => r.trim())
      .filter(Boolean);
    const unknown = routes.filter((r) => !allPages.includes(r));
    if (unknown.length) fail(`unknown route(s) ${unknown.join(", ")}; public pages are: ${allPages.join(", ")}`);
  }
  let asserted = new Set<Assertion>(ASSERTIONS);
  if (values["report-only"]) asserted = new Set();
  else if (values["assert-only"] !== undefined) {
    const wanted = values["assert-only"]
      .split(",")
      .map((a) => a.trim())
      .filter(Boolean);
    const bad = wanted.filter((a) => !(ASSERTIONS as readonly string[]).includes(a));
    if (bad.length) fail(`unknown assertion(s) ${bad.join(", ")}; choose from ${ASSERTIONS.join(", ")}`);
    asserted = new Set(wanted as Assertion[]);
  }
  if (values.url && !/^https?:\/\//.test(values.url)) fail("--url must start with http:// or https://");
  return { routes, asserted, url: values.url?.replace(/\/+$/, ""), keepReports: values["keep-reports"] };
}

/** Runs the Lighthouse CLI for one URL in a fresh Chromium profile; resolves with the parsed report. */
async function runLighthouse(url: string, outFile: string): Promise<LhResult> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "lh-profile-"));
  const chromeFlags = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    `--user-data-dir=${profile}`,
  ].join(" ");
  const args = [
    LIGHTHOUSE_CLI,
    url,
    "--output=json",
    `--output-path=${outFile}`,
    "--quiet",
    "--only-categories=performance,accessibility,best-practices,seo",
    `--chrome-flags=${chromeFlags}`,
  ];
  try {
    await new Promise<void>((resolve, reject) => {
      const child = spawn(process.execPath, args, {
        env: { ...process.env, CHROME_PATH },
        stdio: ["ignore", "ignore", "pipe"],
      });
      let stderr = "";
      child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
      const timer = setTimeout(() => {
        child.kill("SIGKILL");
        reject(new Error(`timed out after ${RUN_TIMEOUT_MS / 1000} s`));
      }, RUN_TIMEOUT_MS);
      child.on("error", (error) => {
        clearTimeout(timer);
        reject(error);
      });
      child.on("exit", (code) => {
        clearTimeout(timer);
        if (code === 0) resolve();
        else reject(new Error(`lighthouse exited with ${code}: ${stderr.trim().split("\n").slice(-3).join(" ")}`));
      });
    });
    return JSON.parse(fs.readFileSync(outFile, "utf8")) as LhResult;
  } finally {
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

const pct = (score: number | null | undefined) =>
  score === null || score === undefined ? "-" : String(Math.round(score * 100));
const kib = (bytes: number) => bytes / 1024;

/** Audits that cost a category points: for explaining a failing score. */
function failingAudits(lhr: LhResult, category: CategoryId): string[] {
  return lhr.categories[category].auditRefs
    .filter((ref) => ref.weight > 0)
    .map((ref) => lhr.audits[ref.id])
    .filter(
      (a): a is NonNullable<typeof a> => !!a && a.score !== null && a.score < 1 && a.scoreDisplayMode !== "informative",
    )
    .map((a) => `${a.id}: ${a.title}${a.displayValue ? ` (${a.displayValue})` : ""}`);
}

function consoleErrors(lhr: LhResult): string[] {
  const items = lhr.audits["errors-in-console"]?.details?.items ?? [];
  return items.map(
    (item) =>
      `console: ${String(item.description ?? "").slice(0, 200)} ${item.sourceLocation ? JSON.stringify(item.sourceLocation) : ""}`,
  );
}

/**
 * The compressed bytes of JavaScript a page loaded: the brotli body of each
 * script, as this server sends it (Content-Length), without HTTP headers.
 * Lighthouse's transfer sizes include each response's headers, which are not
 * JavaScript and which HTTP/2 compresses in production.
 */
async function compressedScriptBytes(lhr: LhResult): Promise<number> {
  const items = (lhr.audits["network-requests"]?.details?.items ?? []) as { url?: string; resourceType?: string }[];
  const urls = items.filter((i) => i.resourceType === "Script" && i.url).map((i) => i.url!);
  let total = 0;
  for (const scriptUrl of new Set(urls)) {
    const response = await fetch(scriptUrl, { headers: { "accept-encoding": "br" } });
    await response.arrayBuffer();
    total += Number(response.headers.get("content-length") ?? 0);
  }
  return total;
}

function transferSizes(lhr: LhResult): { script: number; total: number } | undefined {
  const items = lhr.audits["resource-summary"]?.details?.items;
  if (!items) return undefined;
  const size = (type: string) => Number(items.find((i) => i.resourceType === type)?.transferSize ?? 0);
  return { script: size("script"), total: size("total") };
}

async function main() {
  const { routes, asserted, url, keepReports } = parseOptions();
  if (!url && !fs.existsSync(path.join(ROOT, "build/client/index.html")))
    fail('no production build: run "npm run build" first');
  if (!fs.existsSync(CHROME_PATH))
    fail(`no Chromium at ${CHROME_PATH}: install it (apt-get install -y chromium) or set CHROME_PATH`);

  const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), "lighthouse-reports-"));
  let server: ServerProcess | undefined;
  const results: PageResult[] = [];
  let homeScriptBytes: number | undefined;
  try {
    if (!url) server = await startServer({ LOG_LEVEL: "warn" });
    const base = url ?? server!.url;
    const { version } = JSON.parse(
      fs.readFileSync(path.join(ROOT, "node_modules/lighthouse/package.json"), "utf8"),
    ) as { version: string };
    console.log(`Lighthouse ${version} (mobile) against ${base}, ${routes.length} page(s), about 15 s each\n`);
    const routeWidth = Math.max(...routes.map((r) => r.length)) + 2;
    console.log(
      `  ${"Page".padEnd(routeWidth)} ${CATEGORIES.map((c) =>
        c.label
          .split(" ")
          .map((w) => w[0])
          .join("")
          .padStart(3),
      ).join("  ")}`,
    );
    for (const [index, route] of routes.entries()) {
      const outFile = path.join(
        reportDir,
        `${String(index).padStart(2, "0")}-${route === "/" ? "home" : route.slice(1).replace(/\//g, "_")}.json`,
      );
      const started = Date.now();
      try {
        const lhr = await runLighthouse(`${base}${route}`, outFile);
        const scores = Object.fromEntries(
          CATEGORIES.map((c) => [c.id, lhr.categories[c.id]?.score ?? null]),
        ) as PageResult["scores"];
        results.push({
          route,
          scores,
          lhr,
          error: lhr.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : undefined,
        });
      } catch (error) {
        results.push({ route, scores: {}, error: error instanceof Error ? error.message : String(error) });
      }
      const r = results.at(-1)!;
      console.log(
        `  ${route.padEnd(routeWidth)} ${CATEGORIES.map((c) => pct(r.scores[c.id]).padStart(3)).join("  ")}   ${((Date.now() - started) / 1000).toFixed(0)} s${r.error ? `  ERROR ${r.error}` : ""}`,
      );
    }
    const homeReport = results.find((r) => r.route === "/")?.lhr;
    if (homeReport) homeScriptBytes = await compressedScriptBytes(homeReport);
  } finally {
    if (server) {
      server.child.kill("SIGTERM");
      await server.exited;
      fs.rmSync(server.dataDir, { recursive: true, force: true });
    }
  }

  // The table.
  const header = ["Page", ...CATEGORIES.map((c) => c.label)];
  const rows = results.map((r) => [r.route, ...CATEGORIES.map((c) => pct(r.scores[c.id]))]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    `| ${cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join(" | ")} |`;
  console.log(
    `\n${line(header)}\n| ${widths.map((w, i) => (i === 0 ? "-".repeat(w) : `${"-".repeat(w - 1)}:`)).join(" | ")} |`,
  );
  for (const row of rows) console.log(line(row));

  // Assertions.
  const problems: string[] = [];
  const checks: [Assertion, CategoryId, number, (route: string) => boolean][] = [
    ["a11y", "accessibility", 1, () => true],
    ["bp", "best-practices", 1, () => true],
    ["seo", "seo", 1, () => true],
    ["perf", "performance", PERFORMANCE_MIN / 100, (route) => PERFORMANCE_PAGES.includes(route)],
  ];
  for (const r of results) {
    if (r.error) {
      problems.push(`${r.route}: ${r.error}`);
      continue;
    }
    for (const [assertion, category, min, applies] of checks) {
      const score = r.scores[category];
      if (!applies(r.route) || (score !== null && score !== undefined && score >= min - 1e-9)) continue;
      const because = r.lhr ? failingAudits(r.lhr, category) : [];
      if (category === "best-practices" && r.lhr) because.push(...consoleErrors(r.lhr));
      const message = `${r.route}: ${CATEGORIES.find((c) => c.id === category)!.label} ${pct(score)} < ${Math.round(min * 100)}${because.length ? `\n      ${because.join("\n      ")}` : ""}`;
      if (asserted.has(assertion)) problems.push(message);
      else console.log(`  (not asserted) ${message}`);
    }
  }

  const home = results.find((r) => r.route === "/");
  if (home?.lhr) {
    const sizes = transferSizes(home.lhr);
    if (!sizes) problems.push("/: no resource-summary audit in the report");
    else {
      const script = homeScriptBytes ?? sizes.script;
      console.log(
        `\nHome page first load: JavaScript ${kib(script).toFixed(1)} KiB compressed (budget ${JS_BUDGET_KIB} KiB; ${kib(sizes.script).toFixed(1)} KiB with HTTP headers), everything ${kib(sizes.total).toFixed(1)} KiB transferred (budget ${TOTAL_BUDGET_KIB} KiB)`,
      );
      const over: string[] = [];
      if (kib(script) > JS_BUDGET_KIB)
        over.push(`/: JavaScript ${kib(script).toFixed(1)} KiB is over the ${JS_BUDGET_KIB} KiB budget`);
      if (kib(sizes.total) > TOTAL_BUDGET_KIB)
        over.push(`/: total ${kib(sizes.total).toFixed(1)} KiB is over the ${TOTAL_BUDGET_KIB} KiB budget`);
      if (asserted.has("budget")) problems.push(...over);
      else over.forEach((o) => console.log(`  (not asserted) ${o}`));
    }
  } else if (routes.includes("/") && asserted.has("budget")) {
    problems.push("/: no report, so the home page budget could not be checked");
  }

  if (problems.length) {
    console.log(`\nFAILED (${problems.length}):\n  ${problems.join("\n  ")}`);
    console.log(`\nFull reports: ${reportDir}`);
    process.exit(1);
  }
  console.log(
    asserted.size
      ? `\nAll assertions (${[...asserted].join(", ")}) passed for ${results.length} page(s).`
      : `\nReport only: nothing asserted (${results.length} page(s)).`,
  );
  if (keepReports) console.log(`Full reports: ${reportDir}`);
  else fs.rmSync(reportDir, { recursive: true, force: true });
}

await main();
