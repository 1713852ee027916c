import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  EXTRA_CSS,
  EXTRA_FONT,
  extraLetters,
  faces,
  fontSubsets,
  LATIN_EXT_FILE,
  LATIN_FILE,
  pageWords,
  ROOT,
  within,
} from "../../scripts/font-letters";

/**
 * Every character the pages' words use is in a file of the self-hosted font
 * (app/styles/app.css), by the unicode-range the page declares and by the range
 * the file holds: no letter of a Setswana page ("š" in ntšha, lešwa) falls back
 * to another font. The letters the latin file lacks have a file of their own, cut
 * by `npm run fonts` for exactly the letters the words use (decision 078).
 */

const ours = [
  ...faces(fs.readFileSync(path.join(ROOT, "app/styles/app.css"), "utf8")),
  ...faces(fs.readFileSync(EXTRA_CSS, "utf8")),
];
const subsets = fontSubsets();
const extra = ours.find((f) => f.file === path.basename(EXTRA_FONT))!;
const codes = (rs: readonly [number, number][]) =>
  rs.flatMap(([a, b]) => Array.from({ length: b - a + 1 }, (_, i) => a + i));

describe("the self-hosted font", () => {
  it("ships the font's own subset files, and the extra letters' file cut from its latin-ext file", () => {
    for (const face of ours) expect(subsets.has(face.file) || face === extra, face.file).toBe(true);
    expect(codes(extra.range).every((c) => within(c, subsets.get(LATIN_EXT_FILE)!))).toBe(true);
  });

  it("covers every letter the pages use, in a file that has it", () => {
    const missing = new Set<string>();
    for (const char of new Set(pageWords())) {
      const code = char.codePointAt(0)!;
      if (code < 0x20 || /\p{Extended_Pictographic}/u.test(char)) continue;
      const face = ours.find((f) => within(code, f.range));
      const holds = face === extra ? extra.range : face && subsets.get(face.file)!;
      if (!holds || !within(code, holds)) missing.add(`${char} U+${code.toString(16).toUpperCase()}`);
    }
    expect([...missing]).toEqual([]);
  });

  it("cuts the extra letters' file for exactly the letters the words use beyond the latin file (else: npm run fonts)", () => {
    expect(codes(extra.range)).toEqual(extraLetters());
    expect(codes(extra.range)).toContain(0x161);
    expect(within(0x161, subsets.get(LATIN_FILE)!)).toBe(false);
    // A few kilobytes, not the 60 KB latin-ext file decision 047 served for one letter.
    expect(fs.statSync(EXTRA_FONT).size).toBeLessThan(8 * 1024);
  });

  it("English words use none of the extra letters, so English pages never load the file (only Setswana pages preload it)", () => {
    expect(extraLetters(pageWords("en"))).toEqual([]);
    expect(extraLetters(pageWords("tn"))).toEqual(extraLetters());
  });
});
