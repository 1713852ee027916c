import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Every character the pages' words use is in a file of the self-hosted font
 * (app/styles/app.css), by the unicode-range the page declares and by the range
 * the font's own subset covers (@fontsource's CSS): no letter of a Setswana
 * page ("š" in ntšha, lešwa) falls back to another font.
 */

const ROOT = path.resolve(import.meta.dirname, "../..");
const FONT_DIR = path.join(ROOT, "node_modules/@fontsource-variable/source-sans-3");

type Range = [number, number];
function ranges(list: string): Range[] {
  return list.split(",").map((part) => {
    const [from, to] = part.trim().replace(/^U\+/i, "").split("-");
    return [parseInt(from!, 16), parseInt(to ?? from!, 16)];
  });
}
const within = (code: number, rs: Range[]) => rs.some(([a, b]) => code >= a && code <= b);

/** Each @font-face of a stylesheet: its file's name and its unicode-range. */
function faces(css: string): { file: string; range: Range[] }[] {
  return [...css.matchAll(/@font-face\s*{([^}]*)}/g)].map(([, body]) => ({
    file: path.basename(/url\(["']?([^"')]+)["']?\)/.exec(body!)![1]!),
    range: ranges(/unicode-range:\s*([^;]+);/.exec(body!)![1]!.replace(/\s+/g, "")),
  }));
}

const ours = faces(fs.readFileSync(path.join(ROOT, "app/styles/app.css"), "utf8"));
/** What each subset file holds, as @fontsource declares it. */
const subsets = new Map(faces(fs.readFileSync(path.join(FONT_DIR, "wght.css"), "utf8")).map((f) => [f.file, f.range]));

/** The words of both catalogues and the service pages' content. */
function words(): string {
  const files = [
    ...["en", "tn"].flatMap((l) =>
      fs.readdirSync(path.join(ROOT, "messages", l)).map((f) => path.join(ROOT, "messages", l, f)),
    ),
    ...fs
      .readdirSync(path.join(ROOT, "domain/services"), { recursive: true, encoding: "utf8" })
      .filter((f) => f.endsWith(".ts"))
      .map((f) => path.join(ROOT, "domain/services", f)),
  ];
  return files.map((f) => fs.readFileSync(f, "utf8")).join("\n");
}

describe("the self-hosted font", () => {
  it("ships only files of the font's subsets", () => {
    for (const face of ours) expect(subsets.has(face.file), face.file).toBe(true);
  });

  it("covers every letter the pages use, in a file that has it", () => {
    const missing = new Set<string>();
    for (const char of new Set(words())) {
      const code = char.codePointAt(0)!;
      if (code < 0x20 || /\p{Extended_Pictographic}/u.test(char)) continue;
      const face = ours.find((f) => within(code, f.range));
      if (!face || !within(code, subsets.get(face.file)!)) missing.add(`${char} U+${code.toString(16).toUpperCase()}`);
    }
    expect([...missing]).toEqual([]);
  });

  it("covers š with the latin-ext file only for what the latin file lacks, so English pages never load it", () => {
    const ext = ours.find((f) => f.file.includes("latin-ext"));
    expect(ext?.range).toEqual([[0x160, 0x161]]);
    expect(within(0x161, subsets.get("source-sans-3-latin-wght-normal.woff2")!)).toBe(false);
  });
});
