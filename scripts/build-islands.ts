/**
 * Builds the form islands (app/lib/hydrate.ts): each `app/islands/<name>.tsx`
 * becomes `build/client/islands/<name>.js`, React and the form in one file so
 * the browser finds everything in one request, with what it loads later (the
 * form's validation) as hashed chunks in build/client/assets/. One build per
 * island keeps each page to its own file. Run after `react-router build`,
 * which empties build/client; postbuild compresses the output.
 */
import fs from "node:fs";
import path from "node:path";
import { build } from "vite";
import { ISLANDS } from "../app/lib/hydrate";
import { CLIENT_BUILD_DIR, PROJECT_ROOT } from "../server/base/paths";

for (const name of ISLANDS) {
  await build({
    configFile: false,
    root: PROJECT_ROOT,
    logLevel: "warn",
    mode: "production",
    resolve: {
      alias: { "~": path.join(PROJECT_ROOT, "app"), "@domain": path.join(PROJECT_ROOT, "domain") },
    },
    build: {
      outDir: CLIENT_BUILD_DIR,
      emptyOutDir: false,
      copyPublicDir: false,
      // The page links its stylesheets itself (React Router's build).
      cssCodeSplit: false,
      modulePreload: false,
      rolldownOptions: {
        // lucide-react marks its modules "use client", which means nothing outside React Server Components.
        onLog: (level, log, handler) => (log.code === "MODULE_LEVEL_DIRECTIVE" ? undefined : handler(level, log)),
        input: { [name]: path.join(PROJECT_ROOT, `app/islands/${name}.tsx`) },
        output: {
          entryFileNames: "islands/[name].js",
          chunkFileNames: `assets/island-${name}-[name]-[hash].js`,
          assetFileNames: `assets/island-${name}-[name]-[hash][extname]`,
        },
      },
    },
  });
}

const files = (dir: string) => fs.readdirSync(dir).filter((f) => f.endsWith(".js"));
const kib = (file: string) => fs.statSync(file).size / 1024;
const islands = ISLANDS.map((n) => `${n} ${kib(path.join(CLIENT_BUILD_DIR, "islands", `${n}.js`)).toFixed(0)} KiB`);
const later = files(path.join(CLIENT_BUILD_DIR, "assets")).filter((f) => f.startsWith("island-")).length;
console.log(`built the form islands: ${islands.join(", ")} (before compression), and ${later} chunks loaded later`);
