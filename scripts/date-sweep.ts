/**
 * Runs the date-sensitive integration tests with the whole test process's clock set to other days
 * of the year (libfaketime), to find the tests that pass only on some days: where holidays and
 * weekends push two tests onto one day, or a month end or a year end changes what "in 5 days"
 * means. Nothing in the server or the tests needs changing for it: every `new Date()` and
 * `Date.now()` reads the faked clock, which starts at the given moment and then runs.
 *
 *   apt-get install -y faketime          # Debian's libfaketime; CI does not need it
 *   npm run build                        # the page tests read the build
 *   npx tsx scripts/date-sweep.ts        # the default days below, on SQLite
 *   npx tsx scripts/date-sweep.ts 2027-03-26 2027-12-24   # chosen days (at 08:00 UTC, 10:00 in Gaborone)
 *   npx tsx scripts/date-sweep.ts 2026-12-19T22:30         # a chosen moment (UTC): Sunday 00:30 in Gaborone
 *   DATE_SWEEP_FILES="tests/integration/schedule.test.ts" npx tsx scripts/date-sweep.ts
 *
 * The files are run serially, one worker, at low priority: the sweep is for a person to run now
 * and then (docs/testing-dates.md has the last results), not a CI step.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Christmas and New Year, Easter 2027 (Good Friday 26 March), month ends, Botswana's July and September holidays. */
export const SWEEP_DAYS = [
  "2026-12-06",
  "2026-12-18",
  "2026-12-23",
  "2026-12-30",
  "2027-01-29",
  "2027-02-26",
  "2027-03-19",
  "2027-03-24",
  "2027-04-30",
  "2027-06-28",
  "2027-09-24",
];

const LIBFAKETIME = ["/usr/lib/x86_64-linux-gnu/faketime/libfaketimeMT.so.1", "/usr/lib/faketime/libfaketimeMT.so.1"];

/**
 * The integration files that compute days from today, or that set a clock of their own to a fixed
 * moment: those are the ones a date can break (a test whose rows take the wall clock's time and whose
 * clock is fixed fails once the wall clock passes it).
 */
export function dateSensitiveFiles(): string[] {
  const dir = path.join(root, "tests/integration");
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith(".test.ts"))
    .filter((name) =>
      /nextOpenWeekday|openWeekdays|openDate\(|clinicDate|clinicToday|addDays|new Date\("20\d\d-/.test(
        fs.readFileSync(path.join(dir, name), "utf8"),
      ),
    )
    .map((name) => `tests/integration/${name}`)
    .sort();
}

interface JsonReport {
  testResults: {
    name: string;
    assertionResults: { fullName: string; status: string; failureMessages?: string[] }[];
    message?: string;
  }[];
}

function sweepDay(day: string, files: string[], library: string): string[] {
  const out = path.join(os.tmpdir(), `date-sweep-${day}-${process.pid}.json`);
  spawnSync(
    "nice",
    [
      "-n",
      "15",
      "npx",
      "vitest",
      "run",
      ...files,
      "--maxWorkers=1",
      // The sweep looks for dates, not speed: a machine it shares may be slow.
      "--testTimeout=120000",
      "--reporter=json",
      `--outputFile=${out}`,
    ],
    {
      cwd: root,
      stdio: ["ignore", "ignore", "inherit"],
      env: {
        ...process.env,
        LD_PRELOAD: library,
        FAKETIME: `@${day.includes("T") ? `${day.replace("T", " ")}:00` : `${day} 08:00:00`}`,
        // Timers and the event loop keep real time; only the calendar is moved.
        FAKETIME_DONT_FAKE_MONOTONIC: "1",
        FAKETIME_NO_CACHE: "1",
      },
    },
  );
  if (!fs.existsSync(out)) return [`(no report: vitest did not run)`];
  const report = JSON.parse(fs.readFileSync(out, "utf8")) as JsonReport;
  fs.rmSync(out);
  return report.testResults.flatMap((file) => {
    const name = path.relative(root, file.name);
    const failed = file.assertionResults
      .filter((a) => a.status === "failed")
      .map((a) => `${name} > ${a.fullName}\n    ${(a.failureMessages?.[0] ?? "").split("\n")[0]}`);
    return failed.length || !file.message ? failed : [`${name}: ${file.message.split("\n")[0]}`];
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const library = LIBFAKETIME.find((file) => fs.existsSync(file));
  if (!library) {
    console.error("libfaketime is not installed: apt-get install -y faketime");
    process.exit(78);
  }
  const days = process.argv.slice(2).length ? process.argv.slice(2) : SWEEP_DAYS;
  const files = process.env.DATE_SWEEP_FILES?.split(/\s+/).filter(Boolean) ?? dateSensitiveFiles();
  console.log(`${files.length} files, ${days.length} days`);
  let failures = 0;
  for (const day of days) {
    const started = Date.now();
    const failed = sweepDay(day, files, library);
    failures += failed.length;
    console.log(
      `${day}: ${failed.length ? `${failed.length} failed` : "all passed"} (${Math.round((Date.now() - started) / 1000)} s)`,
    );
    for (const line of failed) console.log(`  ${line}`);
  }
  process.exit(failures ? 1 : 0);
}
