// Compiles the message catalogues (messages/<locale>/<area>.json) to one function per message in
// domain/paraglide/ (not kept in git), with Paraglide's compiler (decision 037). The project's
// storage plugin is provided from node_modules, so nothing is fetched from the internet.
// Run by `npm install`, `npm run build`, `npm run typecheck`, `npm run lint`, `npm run dev` and the
// unit tests; it does nothing when the output is newer than every catalogue and this script.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const outdir = path.join(root, "domain/paraglide");
// Written last, once every file is: a compile cut short leaves no stamp and runs again.
const stamp = path.join(outdir, ".compiled");

const mtime = (file) => fs.statSync(file).mtimeMs;
const sources = [
  fileURLToPath(import.meta.url),
  path.join(root, "project.inlang/settings.json"),
  ...fs
    .readdirSync(path.join(root, "messages"), { recursive: true })
    .filter((name) => String(name).endsWith(".json"))
    .map((name) => path.join(root, "messages", String(name))),
];
if (fs.existsSync(stamp) && sources.every((file) => mtime(file) < mtime(stamp))) process.exit(0);

const { compileProject } = await import("@inlang/paraglide-js");
const { default: messageFormat } = await import("@inlang/plugin-message-format");
const { loadProjectFromDirectory } = await import("@inlang/sdk");

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
fs.writeFileSync(stamp, "");
// The SDK leaves a timer behind (about 30 s): the work is done, so end now.
process.exit(0);
