/**
 * `npm run lighthouse`: Lighthouse 12 (its Node API, mobile preset: the default
 * form factor and throttling) against every public page of the existing
 * production build, served by the real server on a free port with a fresh
 * data folder. Builds nothing: run `npm run build` first.
 *
 * Prints, per page, the four category scores, the Largest Contentful Paint,
 * the compressed JavaScript it loaded (brotli bodies, no HTTP headers) and
 * everything it transferred; with --runs N, the median of N runs of each.
 * Exits non-zero when an assertion fails:
 *   - a11y, bp, seo: Accessibility, Best Practices or SEO below 100 on any page;
 *   - perf: Performance below 100 on a content page, or below 98 on a form page
 *     (SCRIPTED_PAGE_PATHS: the only pages that load JavaScript);
 *   - budget: any script on a content page, more than FORM_JS_BUDGET_KIB of
 *     JavaScript on a form page, or more than TOTAL_BUDGET_KIB in all on any page.
 *
 * Options:
 *   --routes /,/about          audit only these pages (default: every public page)
 *   --one-of-each-kind         audit one page of each kind: every page but the service pages, three
 *                              service pages (SERVICE_PAGE_SAMPLE) and the Setswana sample
 *   --runs 3                   run each page N times and print the medians (default 1)
 *   --assert-only a11y,bp,seo  check only these assertions (a11y, bp, seo, perf, budget; default: all)
 *   --report-only              print the table, assert nothing
 *   --url http://host:port     audit a server that is already running instead of starting one
 *   --keep-reports             keep each page's full JSON report (its folder is printed)
 *
 * Only the categories asserted are measured (all four in a report), and the two size audits always.
 * Without Performance (`npm test` asserts bp,seo,budget) the pages share one Chromium, and no trace
 * or screenshot is taken (decision 061).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { launch, type LaunchedChrome } from "chrome-launcher";
import lighthouse from "lighthouse";
import { PRERENDERED_PATHS, SCRIPTED_PAGE_PATHS, SERVICE_PAGE_SAMPLE } from "../app/lib/prerender-paths";
import { BASE_LOCALE, localeOfPath } from "../domain/locale";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium";

/** The Setswana pages measured by default: the home page, a long text, a service page and both forms. */
const SETSWANA_SAMPLE = ["/tn", "/tn/privacy", "/tn/services/ultrasound", "/tn/book-appointment", "/tn/contact-us"];
import { startServer, type ServerProcess } from "./server-process";

const ROOT = path.resolve(import.meta.dirname, "..");
const CHROME_PATH = process.env.CHROME_PATH ?? CHROMIUM_PATH;

/** Performance goals: content pages ship no script and must score 100; the two form pages load theirs. */
const CONTENT_PERFORMANCE_MIN = 100;
const FORM_PERFORMANCE_MIN = 98;
/**
 * The two form pages' JavaScript: a limit of 100 KB (decision 021). Each form is an
 * island hydrated by React without the router (app/lib/hydrate.ts), about 61 and
 * 69 KiB of brotli (docs/decisions/021-form-islands.md).
 */
const FORM_JS_BUDGET_KIB = 100;
const TOTAL_BUDGET_KIB = 300;
const isFormPage = (route: string) => SCRIPTED_PAGE_PATHS.includes(route);
const RUN_TIMEOUT_MS = 150_000;
/** Lighthouse runtime errors about recording the browser's trace, not about the page. */
const TRACE_ERRORS = new Set(["NO_NAVSTART", "NO_TRACING_STARTED"]);

const ASSERTIONS = ["a11y", "bp", "seo", "perf", "budget"] as const;
type Assertion = (typeof ASSERTIONS)[number];

/** Lighthouse's categories, each with the assertion that reads it. */
const CATEGORIES = [
  { id: "performance", label: "Performance", assertion: "perf" },
  { id: "accessibility", label: "Accessibility", assertion: "a11y" },
  { id: "best-practices", label: "Best Practices", assertion: "bp" },
  { id: "seo", label: "SEO", assertion: "seo" },
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
  /** Medians over the runs. */
  scores: Partial<Record<CategoryId, number | null>>;
  lcpMs?: number;
  scriptBytes?: number;
  totalBytes?: number;
  error?: string;
  /** The last run's report, to explain a score. */
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
      runs: { type: "string", default: "1" },
      "assert-only": { type: "string" },
      "report-only": { type: "boolean", default: false },
      url: { type: "string" },
      "keep-reports": { type: "boolean", default: false },
      "one-of-each-kind": { type: "boolean", default: false },
    },
    strict: true,
  });
  const allPages = PRERENDERED_PATHS.filter((p) => !/\.[a-z]+$/.test(p));
  // Every English page, and the Setswana twins of one page of each kind: a twin is the same module with
  // other words, so these show what the words change (longer lines, the switch, lang) (decision 037).
  let routes = [...allPages.filter((p) => localeOfPath(p) === BASE_LOCALE), ...SETSWANA_SAMPLE];
  if (values["one-of-each-kind"])
    routes = routes.filter(
      (p) => !p.startsWith("/services/") || SERVICE_PAGE_SAMPLE.includes(p) || localeOfPath(p) !== BASE_LOCALE,
    );
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
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1 || runs > 9) fail("--runs takes a whole number from 1 to 9");
  return {
    routes,
    asserted,
    runs,
    // A category is measured when it is asserted, and every one in a report.
    categories: CATEGORIES.filter((c) => values["report-only"] || asserted.has(c.assertion)).map((c) => c.id),
    url: values.url?.replace(/\/+$/, ""),
    keepReports: values["keep-reports"],
  };
}

/** What the size budget reads, gathered whatever the categories. */
const SIZE_AUDITS = ["network-requests", "resource-summary"];

/** What a run gathers: the categories measured, and the Chromium the runs share when Performance is not one. */
interface Gathering {
  categories: CategoryId[];
  shared?: LaunchedChrome;
}

/** A headless Chromium in a fresh profile, for Lighthouse to drive. */
async function startChrome(): Promise<{ chrome: LaunchedChrome; stop: () => void }> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "lh-profile-"));
  const chrome = await launch({
    chromePath: CHROME_PATH,
    chromeFlags: ["--headless", ...CHROMIUM_ARGS],
    userDataDir: profile,
  });
  return {
    chrome,
    stop: () => {
      chrome.kill();
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * Runs Lighthouse (its Node API, in this process) on one URL; resolves with the report, also
 * written to `outFile`. Measuring Performance, each run gets a Chromium of its own, as Lighthouse's
 * CLI does; otherwise runs share `shared` and no trace is recorded and no screenshot taken.
 */
async function runLighthouse(url: string, outFile: string, { categories, shared }: Gathering): Promise<LhResult> {
  const own = shared ? undefined : await startChrome();
  const chrome = shared ?? own!.chrome;
  let timer: NodeJS.Timeout | undefined;
  try {
    const run = lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: categories,
      onlyAudits: SIZE_AUDITS,
      // Throttling stays simulated: with "provided", Lighthouse waits 5.25 s for a quiet network and CPU.
      disableFullPageScreenshot: !categories.includes("performance"),
    });
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`timed out after ${RUN_TIMEOUT_MS / 1000} s`)), RUN_TIMEOUT_MS);
    });
    const result = await Promise.race([run, timeout]);
    if (!result) throw new Error("Lighthouse returned no result");
    fs.writeFileSync(outFile, JSON.stringify(result.lhr));
    return result.lhr as unknown as LhResult;
  } finally {
    clearTimeout(timer);
    own?.stop();
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

/** Everything the page transferred, as Lighthouse counts it (bodies and headers). */
function totalTransfer(lhr: LhResult): number | undefined {
  const items = lhr.audits["resource-summary"]?.details?.items;
  const total = items?.find((i) => i.resourceType === "total")?.transferSize;
  return total === undefined ? undefined : Number(total);
}

function median(values: number[]): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * One Lighthouse run. Chromium sometimes fails to record the trace itself
 * (TRACE_ERRORS: nothing the page did, and the same page passes the next
 * time), so such a run is measured again, at most twice; any other error stands.
 */
async function measure(url: string, outFile: string, gathering: Gathering): Promise<LhResult> {
  for (let attempt = 1; ; attempt++) {
    const again = attempt < 3;
    try {
      const lhr = await runLighthouse(url, outFile, gathering);
      if (again && lhr.runtimeError && TRACE_ERRORS.has(lhr.runtimeError.code)) continue;
      return lhr;
    } catch (error) {
      if (again && [...TRACE_ERRORS].some((code) => String(error).includes(code))) continue;
      throw error;
    }
  }
}

/** Runs one page `runs` times; the result holds the medians, or the first error. */
async function auditPage(
  base: string,
  route: string,
  runs: number,
  reportDir: string,
  gathering: Gathering,
): Promise<PageResult> {
  const name = route === "/" ? "home" : route.slice(1).replace(/\//g, "_");
  const reports: LhResult[] = [];
  const scripts: number[] = [];
  for (let run = 1; run <= runs; run++) {
    try {
      const outFile = path.join(reportDir, `${name}-${run}.json`);
      const lhr = await measure(`${base}${route}`, outFile, gathering);
      if (lhr.runtimeError)
        return { route, scores: {}, lhr, error: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` };
      reports.push(lhr);
      scripts.push(await compressedScriptBytes(lhr));
    } catch (error) {
      return { route, scores: {}, error: error instanceof Error ? error.message : String(error) };
    }
  }
  const numbers = (pick: (lhr: LhResult) => number | null | undefined) =>
    reports.map(pick).filter((v): v is number => typeof v === "number");
  return {
    route,
    scores: Object.fromEntries(
      CATEGORIES.map((c) => [c.id, median(numbers((lhr) => lhr.categories[c.id]?.score)) ?? null]),
    ) as PageResult["scores"],
    lcpMs: median(numbers((lhr) => lhr.audits["largest-contentful-paint"]?.numericValue)),
    scriptBytes: median(scripts),
    totalBytes: median(numbers(totalTransfer)),
    lhr: reports.at(-1),
  };
}

/** The budget problems of one page (see the header). */
function overBudget(r: PageResult): string[] {
  const over: string[] = [];
  if (r.scriptBytes === undefined || r.totalBytes === undefined) return [`${r.route}: no sizes in the report`];
  if (isFormPage(r.route)) {
    if (kib(r.scriptBytes) > FORM_JS_BUDGET_KIB)
      over.push(
        `${r.route}: JavaScript ${kib(r.scriptBytes).toFixed(1)} KiB is over the ${FORM_JS_BUDGET_KIB} KiB budget`,
      );
  } else if (r.scriptBytes > 0) {
    over.push(`${r.route}: loads ${kib(r.scriptBytes).toFixed(1)} KiB of JavaScript; content pages load none`);
  }
  if (kib(r.totalBytes) > TOTAL_BUDGET_KIB)
    over.push(`${r.route}: total ${kib(r.totalBytes).toFixed(1)} KiB is over the ${TOTAL_BUDGET_KIB} KiB budget`);
  return over;
}

async function main() {
  const { routes, asserted, runs, url, keepReports, categories } = parseOptions();
  const performance = categories.includes("performance");
  if (!url && !fs.existsSync(path.join(ROOT, "build/client/index.html")))
    fail('no production build: run "npm run build" first');
  if (!fs.existsSync(CHROME_PATH))
    fail(`no Chromium at ${CHROME_PATH}: install it (apt-get install -y chromium) or set CHROME_PATH`);

  const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), "lighthouse-reports-"));
  let server: ServerProcess | undefined;
  let sharedChrome: Awaited<ReturnType<typeof startChrome>> | undefined;
  const results: PageResult[] = [];
  const columns = ["Page", ...CATEGORIES.map((c) => c.label), "LCP s", "JS KiB", "Total KiB"];
  const cells = (r: PageResult) => [
    r.route,
    ...CATEGORIES.map((c) => pct(r.scores[c.id])),
    r.lcpMs === undefined ? "-" : (r.lcpMs / 1000).toFixed(2),
    r.scriptBytes === undefined ? "-" : kib(r.scriptBytes).toFixed(1),
    r.totalBytes === undefined ? "-" : kib(r.totalBytes).toFixed(1),
  ];
  try {
    if (!url) server = await startServer({ LOG_LEVEL: "warn" });
    if (!performance) sharedChrome = await startChrome();
    const gathering: Gathering = { categories, shared: sharedChrome?.chrome };
    const base = url ?? server!.url;
    const { version } = JSON.parse(
      fs.readFileSync(path.join(ROOT, "node_modules/lighthouse/package.json"), "utf8"),
    ) as { version: string };
    console.log(
      `Lighthouse ${version} (mobile) against ${base}, ${routes.length} page(s) × ${runs} run(s), ` +
        `${performance ? "about 15 s each" : `measuring ${categories.join(", ") || "sizes"} only`}` +
        `${runs > 1 ? "; figures are medians" : ""}\n`,
    );
    // One page after another: Lighthouse's runs share global state, so one process runs one at a time.
    for (const route of routes) {
      const started = Date.now();
      const r = await auditPage(base, route, runs, reportDir, gathering);
      results.push(r);
      console.log(
        `  ${cells(r).join("  ")}   ${((Date.now() - started) / 1000).toFixed(0)} s${r.error ? `  ERROR ${r.error}` : ""}`,
      );
    }
  } finally {
    sharedChrome?.stop();
    if (server) {
      server.child.kill("SIGTERM");
      await server.exited;
      fs.rmSync(server.dataDir, { recursive: true, force: true });
    }
  }

  // The table.
  const rows = results.map(cells);
  const widths = columns.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (row: string[]) =>
    `| ${row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join(" | ")} |`;
  console.log(
    `\n${line(columns)}\n| ${widths.map((w, i) => (i === 0 ? "-".repeat(w) : `${"-".repeat(w - 1)}:`)).join(" | ")} |`,
  );
  for (const row of rows) console.log(line(row));
  console.log(
    "\nJS: compressed JavaScript bodies as the server sends them (no headers); Total: all Lighthouse transfer sizes.",
  );

  // Assertions.
  const problems: string[] = [];
  const checks: [Assertion, CategoryId, (route: string) => number][] = [
    ["a11y", "accessibility", () => 100],
    ["bp", "best-practices", () => 100],
    ["seo", "seo", () => 100],
    ["perf", "performance", (route) => (isFormPage(route) ? FORM_PERFORMANCE_MIN : CONTENT_PERFORMANCE_MIN)],
  ];
  const report = (assertion: Assertion, message: string) => {
    if (asserted.has(assertion)) problems.push(message);
    else console.log(`  (not asserted) ${message}`);
  };
  for (const r of results) {
    if (r.error) {
      problems.push(`${r.route}: ${r.error}`);
      continue;
    }
    for (const [assertion, category, goal] of checks) {
      if (!categories.includes(category)) continue;
      const score = r.scores[category];
      const min = goal(r.route) / 100;
      if (score !== null && score !== undefined && score >= min - 1e-9) continue;
      const because = r.lhr ? failingAudits(r.lhr, category) : [];
      if (category === "best-practices" && r.lhr) because.push(...consoleErrors(r.lhr));
      const label = CATEGORIES.find((c) => c.id === category)!.label;
      report(
        assertion,
        `${r.route}: ${label} ${pct(score)} < ${goal(r.route)}${because.length ? `\n      ${because.join("\n      ")}` : ""}`,
      );
    }
    for (const over of overBudget(r)) report("budget", over);
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
