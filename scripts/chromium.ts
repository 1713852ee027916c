/**
 * Debian's Chromium, launched the way this machine's closed network needs:
 * by the end-to-end tests (playwright.config.ts) and by Lighthouse
 * (scripts/lighthouse.ts, headless).
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
