/**
 * `postinstall`: makes the native addons load in the Node this project runs on.
 *
 * The project brings its own runtime (the npm registry's `node` package, Node 24:
 * decision 023), but `npm install` itself may run on an older machine Node.
 * better-sqlite3 13 ships Node-API builds that load in any Node; on a platform
 * it has no build for, npm compiles it against the installing Node's headers.
 * npm puts `node_modules/.bin` first on PATH for this script, so `process` here
 * is the project's Node: if the addon does not load in it, rebuild it against
 * the headers the `node` package ships, and fail the install if it still does
 * not load. Plain JavaScript: it runs before any dev tool is known to be installed.
 */
import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);
const ADDONS = ["better-sqlite3"];

function loads() {
  try {
    const Database = require("better-sqlite3");
    new Database(":memory:").close();
    return true;
  } catch {
    return false;
  }
}

if (loads()) {
  console.log(`native addons: ${ADDONS.join(", ")} load in Node ${process.version}`);
} else {
  // The headers of the Node running this script: the `node` package's platform build.
  const platformPackage = `node-${process.platform}-${process.arch}/package.json`;
  const nodeDir = path.dirname(createRequire(require.resolve("node/package.json")).resolve(platformPackage));
  console.log(`native addons: rebuilding ${ADDONS.join(", ")} for Node ${process.version} (${nodeDir})`);
  execFileSync("npm", ["rebuild", ...ADDONS], {
    stdio: "inherit",
    env: { ...process.env, npm_config_nodedir: nodeDir },
  });
  // Decache and check again: a rebuild that did not take must fail the install, not the first request.
  for (const key of Object.keys(require.cache)) delete require.cache[key];
  if (!loads()) {
    console.error(`native addons: better-sqlite3 still does not load in Node ${process.version}`);
    process.exit(1);
  }
}
