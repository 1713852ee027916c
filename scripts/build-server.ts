/**
 * Compiles the server and the maintenance commands to JavaScript, so
 * production runs `node` on plain files (no TypeScript loader at run time):
 * build/node/server.js, staff.js, backup.js, restore.js, purge.js.
 * Packages stay external (resolved from node_modules at run time); modules
 * loaded on demand (the referral form PDF) become their own chunks.
 */
import path from "node:path";
import { build } from "esbuild";
import { PROJECT_ROOT } from "../server/paths";

const OUT_DIR = path.join(PROJECT_ROOT, "build/node");

const result = await build({
  absWorkingDir: PROJECT_ROOT,
  entryPoints: {
    server: "server/index.ts",
    staff: "scripts/staff.ts",
    backup: "scripts/backup.ts",
    restore: "scripts/restore.ts",
    purge: "scripts/purge.ts",
  },
  outdir: OUT_DIR,
  entryNames: "[name]",
  chunkNames: "chunks/[name]-[hash]",
  bundle: true,
  splitting: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  legalComments: "none",
  logLevel: "warning",
  metafile: true,
});

const outputs = Object.entries(result.metafile.outputs).filter(([file]) => file.endsWith(".js"));
const kib = outputs.reduce((sum, [, o]) => sum + o.bytes, 0) / 1024;
console.log(`compiled the server and commands: ${outputs.length} files, ${kib.toFixed(0)} KiB in build/node`);
