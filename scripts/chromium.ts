/**
 * Debian's Chromium, launched the way this machine's closed network needs:
 * by the end-to-end tests (playwright.config.ts) and by Lighthouse
 * (scripts/lighthouse.ts, headless).
 *
 * Debian's `chromium-headless-shell` when it is installed (`.ci/run` installs it): the same
 * Chromium build without the browser's window code, which ran the end-to-end suite in about
 * four fifths of the time of the full `chromium` on the 2-core machine (decision 061).
 * Otherwise `/usr/bin/chromium`. CHROMIUM_PATH names another binary.
 */
import fs from "node:fs";

const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const FULL_CHROMIUM = "/usr/bin/chromium";

export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM);

export const CHROMIUM_ARGS = [
  // One renderer process per page's site, not two: without a limit Chromium starts a spare renderer
  // beside each new page, and a new process is the dearest thing a test does on this machine (a fresh
  // context cost about 0.6 s of CPU a page against 0.4 s with the limit; decision 079). Pages of
  // different contexts never share a process whatever the limit, so tests stay apart.
  "--renderer-process-limit=1",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
