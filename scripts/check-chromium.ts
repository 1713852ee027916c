/** Fails loudly, with the fix, when Debian's Chromium is not installed. */
import { execFileSync } from "node:child_process";
import { CHROMIUM_PATH } from "./chromium";

try {
  const version = execFileSync(CHROMIUM_PATH, ["--version"], { encoding: "utf8" }).trim();
  console.log(`browser: ${version}`);
} catch {
  console.error(
    `No usable Chromium at ${CHROMIUM_PATH}. The end-to-end tests need Debian's Chromium:\n` +
      `  apt-get update && apt-get install -y chromium   (as root)\n` +
      `or set CHROMIUM_PATH to another Chromium binary.`,
  );
  process.exit(1);
}
