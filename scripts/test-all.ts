/**
 * `npm test`: lint, typecheck, build, unit + integration tests (Vitest), then
 * end-to-end tests (Playwright in Debian's Chromium), then Lighthouse over one
 * public page of each kind with its score and budget assertions (set
 * SKIP_LIGHTHOUSE=1 to leave it out of a quick local run). Every step runs even
 * if an earlier one failed, so one run shows everything that is broken; the exit
 * code is non-zero if anything failed. The last line totals all suites:
 * `N passed, N failed`.
 *
 * Independent steps run side by side (decisions 052, 057, 061, 080 and 086): lint and
 * typecheck at the lowest priority from start to end; the build, then the first Playwright
 * run, then the other suites and Lighthouse at most TEST_JOBS at a time (default 2). Each
 * step's output is kept in a file and printed whole when the step ends, so the log reads
 * step by step.
 *
 * Vitest runs the integration tests a second time on Kysely's own SQLite
 * driver (SQLITE_GROUP_COMMIT=false). With TEST_POSTGRES=1 (or `npm test --
 * --pg`), the integration tests run again on the PostgreSQL server named by
 * TEST_DATABASE_URL, in the same Vitest run, and the end-to-end suite runs
 * again there (each test file and each Playwright run gets its own fresh
 * database), counted into the same totals.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

interface StepResult {
  name: string;
  passed: number;
  failed: number;
  ok: boolean;
  seconds: number;
}

interface Step {
  name: string;
  command: string;
  args: string[];
  env?: Record<string, string>;
  /** Reads the step's counts from its report; without it the step counts as one check. */
  count?: (exited: boolean) => Pick<StepResult, "passed" | "failed" | "ok">;
}

const started = Date.now();
const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), "clinic-test-"));
const results: StepResult[] = [];

/** Runs one command with its output in a file, printed whole when it ends; resolves whether it exited 0. */
function run(name: string, command: string, args: string[], env: Record<string, string> = {}): Promise<boolean> {
  const log = path.join(reportDir, `${name}.log`);
  const out = fs.openSync(log, "w");
  const child = spawn(command, args, { stdio: ["ignore", out, out], env: { ...process.env, ...env } });
  return new Promise((resolve) => {
    const finish = (ok: boolean) => {
      fs.closeSync(out);
      process.stdout.write(`\n▶ ${name}: ${command} ${args.join(" ")}\n`);
      process.stdout.write(fs.readFileSync(log));
      resolve(ok);
    };
    child.on("error", () => finish(false));
    child.on("close", (code) => finish(code === 0));
  });
}

async function step({ name, command, args, env, count }: Step): Promise<boolean> {
  const start = Date.now();
  const exited = await run(name, command, args, env);
  const counts = count ? count(exited) : { passed: exited ? 1 : 0, failed: exited ? 0 : 1, ok: exited };
  results.push({ name, ...counts, seconds: Math.round((Date.now() - start) / 1000) });
  return counts.ok;
}

/** A step that could not run (its input failed): one failure. */
function skipped(name: string) {
  results.push({ name, passed: 0, failed: 1, ok: false, seconds: 0 });
}

function readJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8")) as T;
  } catch {
    return undefined;
  }
}

function vitest(name: string, args: string[], env: Record<string, string>): Step {
  const out = path.join(reportDir, `${name}.json`);
  return {
    name,
    command: "npx",
    args: ["vitest", "run", ...args, "--reporter=default", "--reporter=json", `--outputFile.json=${out}`],
    env,
    count: (exited) => {
      const report = readJson<{ numPassedTests: number; numFailedTests: number }>(out);
      const passed = report?.numPassedTests ?? 0;
      const failed = report ? report.numFailedTests : 1;
      return { passed, failed: exited ? failed : Math.max(failed, 1), ok: exited && passed > 0 };
    },
  };
}

function playwright(name: string, env: Record<string, string>): Step {
  const out = path.join(reportDir, `${name}.json`);
  return {
    name,
    command: "npx",
    args: ["playwright", "test"],
    // Its own output folder: Playwright empties it at start, and two runs may go side by side.
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: out, E2E_OUTPUT_DIR: path.join(reportDir, `${name}-results`), ...env },
    count: (exited) => {
      const report = readJson<{ stats: { expected: number; unexpected: number; flaky: number } }>(out);
      const passed = report ? report.stats.expected + report.stats.flaky : 0;
      const failed = report ? report.stats.unexpected : 1;
      return { passed, failed: exited ? failed : Math.max(failed, 1), ok: exited && passed > 0 };
    },
  };
}

/** Runs the steps at most `jobs` at a time, in the order given. */
async function pool(steps: Step[], jobs: number) {
  const queue = [...steps];
  const lane = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) await step(next);
  };
  await Promise.all(Array.from({ length: Math.min(jobs, steps.length) }, lane));
}

// After the first Playwright run, the rest two at a time by default: Vitest beside Playwright on
// PostgreSQL (their own ports and databases). Vitest alone leaves about a fifth of the two cores idle
// (decision 074). Never Vitest beside the SQLite Playwright run: beside its four browsers Vitest got
// too little of the cores (decision 057: 73 of its 274 files in 11 minutes).
const jobs = Number(process.env.TEST_JOBS) || 2;

// The catalogues are compiled once here, so the three steps below do not write them at the same time.
await run("i18n", "node", ["scripts/i18n.mjs"]);
// Lint and typecheck feed no other step: they run from the start to the end at the lowest priority, on the
// cycles the suites leave idle (Vitest waits on its servers and sockets), and the end-to-end run starts as
// soon as the build is done. Side by side with the build they held the first run back 73 s; the build alone
// takes about 25 s (decision 086).
const lowest = (script: string): Step => ({
  name: script,
  command: "nice",
  args: ["-n", "19", "npm", "run", "--silent", script],
});
const checks = Promise.all([step(lowest("lint")), step(lowest("typecheck"))]);
const built = await step({ name: "build", command: "npm", args: ["run", "--silent", "build"] });

// The first pass runs on SQLite whatever the environment says.
const sqliteEnv = { TEST_DATABASE_URL: "", E2E_DATABASE_URL: "" };
const chromiumReady = built && (await run("chromium", "npx", ["tsx", "scripts/check-chromium.ts"]));

let pgUrl: string | undefined;
if (process.env.TEST_POSTGRES === "1" || process.argv.includes("--pg")) {
  pgUrl = process.env.TEST_DATABASE_URL;
  if (!pgUrl || !/^postgres(ql)?:\/\//.test(pgUrl)) {
    console.error("\nTEST_POSTGRES is set but TEST_DATABASE_URL is not a postgres:// URL");
    skipped("postgres");
    pgUrl = undefined;
  }
}
const pgEnv = { TEST_DATABASE_URL: pgUrl ?? "", E2E_DATABASE_URL: "" };

// Longest first, so the lanes end together. Vitest runs the integration tests again on Kysely's own
// SQLite driver (SQLITE_GROUP_COMMIT=false, decision 054) and on PostgreSQL in the same run, so the
// passes share its workers (vitest.config.ts).
const passes = ["kysely", ...(pgUrl ? ["pg"] : [])].join(",");
const suites: Step[] = [
  playwright("playwright", sqliteEnv),
  vitest("vitest", [], { ...sqliteEnv, TEST_PASSES: passes, TEST_PG_URL: pgUrl ?? "" }),
];
// Its own port (and so its own SMTP sink's), as it may run beside the SQLite run.
const pgPort = String(Number(process.env.E2E_PORT ?? 4321) + 10);
if (pgUrl) suites.push(playwright("playwright-pg", { ...pgEnv, E2E_PORT: pgPort }));

// Best Practices, SEO and the byte budgets are deterministic and gate the run; Performance swings
// with machine load, so `npm run lighthouse` measures and asserts it on its own (decision 005).
// Accessibility is axe's rules, which public-routes.spec.ts runs whole on every page: not again
// here (decision 061). Without Performance the pages share one Chromium. One page of each kind:
// one module renders the service pages.
const lighthouse: Step | undefined =
  process.env.SKIP_LIGHTHOUSE === "1"
    ? undefined
    : {
        name: "lighthouse",
        command: "npx",
        args: ["tsx", "scripts/lighthouse.ts", "--assert-only", "bp,seo,budget", "--one-of-each-kind"],
      };
if (!lighthouse) console.log("\n▶ lighthouse skipped (SKIP_LIGHTHOUSE=1)");

const needsBuild = (s: Step) => !s.name.startsWith("vitest");
const needsChromium = (s: Step) => s.name.startsWith("playwright") || s.name === "lighthouse";
const canRun = (s: Step) => (!needsBuild(s) || built) && (!needsChromium(s) || chromiumReady);
for (const s of [...suites, ...(lighthouse ? [lighthouse] : [])]) if (!canRun(s)) skipped(s.name);
const runnable = suites.filter(canRun);
// The first Playwright run (SQLite's) fills both cores on its own. Lighthouse audits one page at a time
// and asserts no timing: it takes the second lane after Playwright on PostgreSQL, beside the end of
// Vitest, which leaves part of the cores idle there (decision 080; beside the SQLite run it took
// about 90 s of CPU from it).
const first = runnable[0]?.name.startsWith("playwright") ? runnable.shift() : undefined;
if (first) await step(first);
await pool([...runnable, ...(lighthouse && canRun(lighthouse) ? [lighthouse] : [])], jobs);
await checks;

console.log(`\nSummary (${jobs} at a time, ${Math.round((Date.now() - started) / 1000)} s in all):`);
for (const r of results) {
  console.log(
    `  ${r.ok ? "ok  " : "FAIL"} ${r.name.padEnd(14)} ${r.passed} passed, ${r.failed} failed (${r.seconds} s)`,
  );
}
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
