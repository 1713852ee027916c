import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../helpers/scripts";

// Decision 085: the compiled server (npm run build) loads at start only what it needs before it is
// asked for anything; what a feature needs alone is loaded with its first use. Read from the build
// itself: the files node loads with build/node/server-main.js, following their static imports (an
// `import(…)` waits for its first use).

const BUILD = path.join(ROOT, "build/node");

/** Each compiled file loaded at start, by its path under build/node, with its text. */
function loadedAtStart(): Map<string, string> {
  const files = new Map<string, string>();
  const queue = ["server-main.js"];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (files.has(file)) continue;
    const text = fs.readFileSync(path.join(BUILD, file), "utf8");
    files.set(file, text);
    // A static import (minified: `import{a as b}from"./chunks/x.js"` or `import"./chunks/x.js"`), never `import(`.
    for (const [, target] of text.matchAll(/\bimport\s*(?:[\w$*{},\s]*?\bfrom\s*)?"(\.\.?\/[^"]+)"/g))
      queue.push(path.posix.normalize(path.posix.join(path.posix.dirname(file), target!)));
  }
  return files;
}

/** The files loaded at start that hold `marker`, a string of one package's own code. */
const holding = (files: Map<string, string>, marker: string) =>
  [...files].filter(([, text]) => text.includes(marker)).map(([file]) => file);

describe("what the compiled server loads at start (decision 085)", () => {
  const files = loadedAtStart();

  it("follows the static imports into the shared chunks", () => {
    expect(files.size).toBeGreaterThan(3);
    // Fastify's router and Kysely are loaded at start, from chunks of their own or the main file.
    expect(holding(files, "find-my-way")).not.toEqual([]);
    expect(holding(files, "SqliteAdapter")).not.toEqual([]);
  });

  it("leaves nodemailer (and the fetch its ES module build brings in through node:http) to the first message", () => {
    expect(holding(files, "EHLO")).toEqual([]);
  });

  it("leaves dcmjs and its DICOM dictionary to the first worklist file", () => {
    expect(holding(files, "CommandGroupLength")).toEqual([]);
  });

  it("reads V8's compiled code of what it loads from build/node/compile-cache, which the build writes", () => {
    expect(fs.readFileSync(path.join(BUILD, "server.js"), "utf8")).toMatch(
      /exitUnlessSupportedNode\(\);\nmodule\.enableCompileCache\(new URL\("\.\/compile-cache\/", import\.meta\.url\)\.pathname\);\nawait import\("\.\/server-main\.js"\)/,
    );
    // An entry a module: at least one for each file loaded at start.
    const entries = fs.readdirSync(path.join(BUILD, "compile-cache"), { recursive: true, withFileTypes: true });
    expect(entries.filter((entry) => entry.isFile()).length).toBeGreaterThanOrEqual(files.size);
  });
});
