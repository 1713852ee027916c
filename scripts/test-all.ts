/**
 * `npm test`: lint, typecheck, build, unit + integration tests (Vitest), then
 * end-to-end tests (Playwright in Debian's Chromium), then Lighthouse over every
 * public page with its score and budget assertions (one check; set
 * SKIP_LIGHTHOUSE=1 to leave it out of a quick local run). Every step runs even if
 * an earlier one failed, so one run shows everything that is broken; the
 * exit code is non-zero if anything failed. The last line totals all suites:
 * `N passed, N failed`.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

interface StepResult {
  name: string;
  passed: number;
  failed: number;
  ok: boolean;
}

const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), "clinic-test-"));
const results: StepResult[] = [];

function run(command: string, args: string[], env: Record<string, string> = {}): boolean {
  console.log(`\n▶ ${command} ${args.join(" ")}`);
  const child = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  return child.status === 0;
}

/** A step that is one check (lint, typecheck, build). */
function check(name: string, command: string, args: string[]) {
  const ok = run(command, args);
  results.push({ name, passed: ok ? 1 : 0, failed: ok ? 0 : 1, ok });
  return ok;
}

function readJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8")) as T;
  } catch {
    return undefined;
  }
}

check("lint", "npx", ["eslint", ".", "--max-warnings=0"]);
check("typecheck", "npm", ["run", "--silent", "typecheck"]);
const built = check("build", "npm", ["run", "--silent", "build"]);

{
  const out = path.join(reportDir, "vitest.json");
  const ok = run("npx", ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${out}`]);
  const report = readJson<{ numPassedTests: number; numFailedTests: number; numTotalTests: number }>(out);
  const passed = report?.numPassedTests ?? 0;
  const failed = report ? report.numFailedTests : 1;
  results.push({ name: "vitest", passed, failed: ok ? failed : Math.max(failed, 1), ok: ok && passed > 0 });
}

if (built && run("npx", ["tsx", "scripts/check-chromium.ts"])) {
  const out = path.join(reportDir, "playwright.json");
  const ok = run("npx", ["playwright", "test"], { PLAYWRIGHT_JSON_OUTPUT_NAME: out });
  const report = readJson<{ stats: { expected: number; unexpected: number; flaky: number } }>(out);
  const passed = report ? report.stats.expected + report.stats.flaky : 0;
  const failed = report ? report.stats.unexpected : 1;
  results.push({ name: "playwright", passed, failed: ok ? failed : Math.max(failed, 1), ok: ok && passed > 0 });
} else {
  results.push({ name: "playwright", passed: 0, failed: 1, ok: false });
}

if (process.env.SKIP_LIGHTHOUSE === "1") {
  console.log("\n▶ lighthouse skipped (SKIP_LIGHTHOUSE=1)");
} else if (built) {
  check("lighthouse", "npx", ["tsx", "scripts/lighthouse.ts"]);
} else {
  results.push({ name: "lighthouse", passed: 0, failed: 1, ok: false });
}

console.log("\nSummary:");
for (const r of results) {
  console.log(`  ${r.ok ? "ok  " : "FAIL"} ${r.name.padEnd(12)} ${r.passed} passed, ${r.failed} failed`);
}
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
