import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./scripts/chromium";
import { SERVER_ARGS, SERVER_ENV } from "./scripts/server-process";
import { MARKUP_TAG, NO_DATABASE_TAG } from "./tests/e2e/tags";

const port = Number(process.env.E2E_PORT ?? 4321);
// One fresh data folder per run, shared by the server and the test workers.
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), "clinic-e2e-"));
// With TEST_DATABASE_URL (a PostgreSQL server), a fresh database per run; the
// workers inherit E2E_DATABASE_URL, so it is created once; global-teardown drops it.
if (process.env.TEST_DATABASE_URL && !process.env.E2E_DATABASE_URL) {
  process.env.E2E_DATABASE_URL = execFileSync(
    process.execPath,
    ["--import", "tsx", "tests/helpers/pg-cli.ts", "create", "e2e"],
    {
      encoding: "utf8",
      timeout: 30_000,
    },
  );
}
// The SMTP sink (tests/e2e/global-setup.ts) writes every message the server sends here as .eml.
process.env.E2E_MAIL_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), "clinic-e2e-mail-"));
process.env.E2E_SMTP_PORT ??= String(port + 5);

// Every spec runs once, at phone width. Specs that check layout run again at
// desktop width; on PostgreSQL only the specs that write to the database run
// again (the rest read static pages, the same whatever the database), less
// their tests that end before the database (tagged NO_DATABASE_TAG) and those
// of markup any database's data shapes alike (MARKUP_TAG, decision 061).
const LAYOUT_SPECS = ["layout", "home", "services", "public-routes"].map((name) => `**/${name}.spec.ts`);
const DATABASE_SPECS = ["booking", "book-a-time", "contact", "staff", "patient-link", "front-desk", "reports"].map(
  (name) => `**/${name}.spec.ts`,
);
const onPostgres = !!process.env.E2E_DATABASE_URL;
const phone = { name: "mobile", use: { ...devices["Desktop Chrome"], viewport: { width: 390, height: 844 } } };
const desktop = { name: "desktop", use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } } };

export default defineConfig({
  testDir: "tests/e2e",
  // scripts/test-all.ts gives each run its own, as two runs may go side by side.
  outputDir: process.env.E2E_OUTPUT_DIR ?? "test-results",
  globalSetup: "./tests/e2e/global-setup.ts",
  // Generous: CI machines are shared and noisy; a hung test still fails.
  timeout: 60_000,
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // Four gained nothing measurable over two on the 2-core CI machine (757 s against 770 s): Chromium fills both
  // cores either way (decision 057). More help on a machine with more cores.
  workers: Number(process.env.E2E_WORKERS) || 4,
  globalTeardown: "./tests/e2e/global-teardown.ts",
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["list"], ["json"]] : [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    trace: "off",
  },
  projects: onPostgres
    ? [{ ...phone, testMatch: DATABASE_SPECS, grepInvert: new RegExp(`${NO_DATABASE_TAG}|${MARKUP_TAG}`) }]
    : [phone, { ...desktop, testMatch: LAYOUT_SPECS }],
  webServer: {
    command: `node ${SERVER_ARGS.join(" ")}`,
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      ...SERVER_ENV,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: process.env.E2E_DATA_DIR,
      ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
      LOG_LEVEL: "warn",
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
      SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
      MAIL_FROM: "Clinic tests <no-reply@clinic.example.org>",
      MAIL_POLL_MS: "200",
      // Texts go at any hour here, so no test depends on the clock (quiet hours: tests/integration).
      MESSAGE_QUIET_HOURS: "",
      // Limits stay on, raised so both projects' specs from one address fit in a minute.
      RATE_LIMIT_BOOKINGS_PER_MINUTE: "500",
      RATE_LIMIT_ENQUIRIES_PER_MINUTE: "500",
      RATE_LIMIT_UPLOADS_PER_MINUTE: "500",
      RATE_LIMIT_PRIVATE_LINKS_PER_MINUTE: "500",
      // The specs book with the same few test numbers all day: the texts' daily caps (N3) raised likewise.
      MESSAGE_DAILY_LIMIT: "100000",
      MESSAGE_DAILY_LIMIT_PER_NUMBER: "1000",
      // A DEXA scan's report is the patient's at once, so reports.spec.ts walks the patient's way to it
      // (an X-ray's keeps the default delay, whose waiting page it walks too).
      REPORT_RELEASE_DAYS_BY_SERVICE: "bone-densitometry-dexa-scan=0",
    },
  },
});
