// Compiles the message catalogues (messages/<locale>.json) to one function per message in
// domain/paraglide/ (not kept in git), with Paraglide's compiler (decision 037). The project's
// storage plugin is provided from node_modules, so nothing is fetched from the internet.
// Run by `npm install`, `npm run build`, `npm run typecheck`, `npm run dev` and the test command.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { compileProject } from "@inlang/paraglide-js";
import messageFormat from "@inlang/plugin-message-format";
import { loadProjectFromDirectory } from "@inlang/sdk";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const outdir = path.join(root, "domain/paraglide");

const project = await loadProjectFromDirectory({
  path: path.join(root, "project.inlang"),
  fs,
  providePlugins: [messageFormat],
});
const errors = await project.errors.get();
if (errors.length) {
  for (const error of errors) console.error(`messages: ${error.message}`);
  process.exit(1);
}
const files = await compileProject({
  project,
  compilerOptions: {
    // Every call names its language ({ locale }): a page's language is its path's, a message's the patient's.
    strategy: ["baseLocale"],
    disableAsyncLocalStorage: true,
    emitTsDeclarations: true,
    emitGitIgnore: false,
    emitPrettierIgnore: false,
    emitReadme: false,
  },
});
await project.close();
fs.rmSync(outdir, { recursive: true, force: true });
for (const [name, text] of Object.entries(files)) {
  const file = path.join(outdir, name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}
// The SDK leaves a timer behind (about 30 s): the work is done, so end now.
process.exit(0);
