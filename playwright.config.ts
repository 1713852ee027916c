import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./tests/e2e/chromium";

const port = Number(process.env.E2E_PORT ?? 4321);
// One fresh data folder per run, shared by the server and the test workers.
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), "clinic-e2e-"));
// The SMTP sink (tests/e2e/global-setup.ts) writes every message the server sends here as .eml.
process.env.E2E_MAIL_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), "clinic-e2e-mail-"));
process.env.E2E_SMTP_PORT ??= String(port + 5);

export default defineConfig({
  testDir: "tests/e2e",
  globalSetup: "./tests/e2e/global-setup.ts",
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: 2,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["list"], ["json"]] : [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    trace: "off",
  },
  projects: [
    { name: "mobile", use: { ...devices["Desktop Chrome"], viewport: { width: 390, height: 844 } } },
    { name: "desktop", use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } } },
  ],
  webServer: {
    command: "node --import tsx server/index.ts",
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: process.env.E2E_DATA_DIR,
      LOG_LEVEL: "warn",
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
      SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
      MAIL_FROM: "Clinic tests <no-reply@clinic.example.org>",
      MAIL_POLL_MS: "200",
      // Limits stay on, raised so both projects' specs from one address fit in a minute.
      RATE_LIMIT_BOOKINGS_PER_MINUTE: "500",
      RATE_LIMIT_ENQUIRIES_PER_MINUTE: "500",
      RATE_LIMIT_UPLOADS_PER_MINUTE: "500",
    },
  },
});
