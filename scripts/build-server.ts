/**
 * Compiles the server and the maintenance commands to JavaScript, so
 * production runs `node` on plain files (no TypeScript loader at run time):
 * build/node/server.js, staff.js, backup.js, restore.js, purge.js, and
 * pdf-check-worker.js, the PDF check's thread (server/uploads/pdf-pool.ts).
 * Packages are bundled in too, so start-up does not resolve and load
 * over 500 small ES module files (kysely's, zod's, libphonenumber's):
 * see decision 014. Left external: React and React Router, which the
 * app's own server build (build/server) imports from node_modules and which
 * must be one copy; native addons; optional and development-only imports.
 * Modules loaded on demand (the referral form PDF) become their own chunks.
 *
 * Each command's file (server.js, staff.js, …) is a two-line door: it checks
 * the Node version first (server/http/supported-node.ts) and only then imports the
 * compiled command (`<name>-main.js`), so an old Node gets a sentence, not a
 * native addon's stack trace (decision 023), and then has node keep the
 * compiled code of the modules in build/node/compile-cache (decision 085).
 */
import fs from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import { PROJECT_ROOT } from "../server/base/paths";
import { startServer } from "./server-process";

const OUT_DIR = path.join(PROJECT_ROOT, "build/node");

/** Resolved from node_modules at run time (see above). */
const EXTERNAL = [
  // Shared with build/server (one instance of React's and the router's state).
  "react",
  "react-dom",
  "react-dom/*",
  "react-router",
  "@react-router/*",
  "isbot",
  "lucide-react",
  // Native addons.
  "better-sqlite3",
  "@node-rs/argon2",
  // Optional (pg's native binding) and development only (the dev server's Vite).
  "pg-native",
  "vite",
];

/** The compiled commands: build/node/<name>.js, from these sources. */
const COMMANDS = {
  server: "server/index.ts",
  staff: "scripts/staff.ts",
  backup: "scripts/backup.ts",
  restore: "scripts/restore.ts",
  purge: "scripts/purge.ts",
};

const result = await build({
  absWorkingDir: PROJECT_ROOT,
  entryPoints: {
    ...Object.fromEntries(Object.entries(COMMANDS).map(([name, source]) => [`${name}-main`, source])),
    "supported-node": "server/http/supported-node.ts",
    // The PDF check's thread (server/uploads/pdf-pool.ts starts it from build/node/pdf-check-worker.js).
    "pdf-check-worker": "server/uploads/pdf-worker.ts",
  },
  outdir: OUT_DIR,
  entryNames: "[name]",
  chunkNames: "chunks/[name]-[hash]",
  bundle: true,
  splitting: true,
  platform: "node",
  format: "esm",
  target: "node24",
  external: EXTERNAL,
  // Bundled CommonJS packages call require() for Node's own modules.
  banner: {
    js: 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);',
  },
  sourcemap: true,
  legalComments: "none",
  // V8 keeps every script's source in the heap (11 MB of it, unminified): whitespace and syntax go,
  // names stay, so stack traces and profiles still name every function (decision 036).
  minifyWhitespace: true,
  minifySyntax: true,
  logLevel: "warning",
  metafile: true,
});

/**
 * Where node keeps the compiled code of build/node's modules (module.enableCompileCache), so a start
 * reads V8's code for them instead of compiling 4 MB of JavaScript again (decision 085). Written
 * below by starting the server once, as `npm start` runs it (V8 checks its flags against the cache's);
 * read-only where the service runs (docs/deploy.md), which node allows: it reads, and writes nothing.
 */
const COMPILE_CACHE = "compile-cache";

for (const name of Object.keys(COMMANDS)) {
  fs.writeFileSync(
    path.join(OUT_DIR, `${name}.js`),
    `import module from "node:module";\n` +
      `import { exitUnlessSupportedNode } from "./supported-node.js";\n` +
      `exitUnlessSupportedNode();\n` +
      `module.enableCompileCache(new URL("./${COMPILE_CACHE}/", import.meta.url).pathname);\n` +
      `await import("./${name}-main.js");\n`,
  );
}

// The server's start writes the cache (node writes it as the process ends); the commands add theirs when they run.
const cacheDir = path.join(OUT_DIR, COMPILE_CACHE);
fs.rmSync(cacheDir, { recursive: true, force: true });
const warm = await startServer({ LOG_LEVEL: "warn" });
warm.child.kill("SIGTERM");
await warm.exited;
fs.rmSync(warm.dataDir, { recursive: true, force: true });

const outputs = Object.entries(result.metafile.outputs).filter(([file]) => file.endsWith(".js"));
const kib = outputs.reduce((sum, [, o]) => sum + o.bytes, 0) / 1024;
console.log(`compiled the server and commands: ${outputs.length} files, ${kib.toFixed(0)} KiB in build/node`);

// V8 holds a script's source as one byte a character unless it has a character past Latin-1; esbuild
// escapes those everywhere but in regular expressions (write them as \u escapes there, decision 036).
const twoByte = outputs
  .filter(([file]) => /[\u0100-\u{10ffff}]/u.test(fs.readFileSync(path.join(PROJECT_ROOT, file), "utf8")))
  .map(([file, o]) => `${path.basename(file)} (${(o.bytes / 1024).toFixed(0)} KiB)`);
if (twoByte.length)
  console.log(`held at two bytes a character (past Latin-1 in a regular expression): ${twoByte.join(", ")}`);
