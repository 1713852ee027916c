import fs from "node:fs";
import path from "node:path";

/**
 * The project's root folder (the one holding package.json), found once by
 * walking up from this module. The same code runs from source (server/) and
 * compiled (build/node/), so nothing may assume how deep it sits.
 */
function findProjectRoot(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, "package.json"))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No package.json above ${start}`);
  }
}

export const PROJECT_ROOT = findProjectRoot(import.meta.dirname);

/** React Router's client build: prerendered pages, hashed assets and public files. */
export const CLIENT_BUILD_DIR = path.join(PROJECT_ROOT, "build/client");

/** React Router's server build, loaded at start to render the pages that are not prerendered. */
export const SERVER_BUILD_FILE = path.join(PROJECT_ROOT, "build/server/index.js");
