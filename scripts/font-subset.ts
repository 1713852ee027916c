/**
 * `npm run fonts`: writes the file of the letters the pages use beyond the font's latin file
 * (Setswana's "š") and its @font-face (decision 078), cut from the font's latin-ext file with
 * HarfBuzz's subsetter (subset-font), its weight axis kept. Run it after adding words with a new
 * letter; tests/unit/font-coverage.test.ts says when.
 */
import fs from "node:fs";
import path from "node:path";
import subsetFont from "subset-font";
import {
  EXTRA_CSS,
  EXTRA_FONT,
  extraLetters,
  FONT_DIR,
  fontSubsets,
  LATIN_EXT_FILE,
  unicodeRange,
  within,
} from "./font-letters";

const letters = extraLetters();
const ext = fontSubsets().get(LATIN_EXT_FILE)!;
const outside = letters.filter((c) => !within(c, ext));
if (outside.length) {
  throw new Error(`Not in the font's latin-ext file: ${outside.map((c) => String.fromCodePoint(c)).join(" ")}`);
}
const source = fs.readFileSync(path.join(FONT_DIR, "files", LATIN_EXT_FILE));
const font = await subsetFont(source, String.fromCodePoint(...letters), { targetFormat: "woff2" });
fs.mkdirSync(path.dirname(EXTRA_FONT), { recursive: true });
fs.writeFileSync(EXTRA_FONT, font);
fs.writeFileSync(
  EXTRA_CSS,
  `/* Written by \`npm run fonts\` (scripts/font-subset.ts, decision 078): the letters the pages' words use beyond
   the latin file (${letters.map((c) => String.fromCodePoint(c)).join(" ")}), cut from the font's latin-ext file. Setswana pages
   preload it (app/root.tsx); the English pages use none of its letters, so never load it. */
@font-face {
  font-family: "Source Sans 3 Variable";
  font-style: normal;
  font-display: optional;
  font-weight: 200 900;
  src: url("./${path.basename(EXTRA_FONT)}") format("woff2-variations");
  unicode-range: ${unicodeRange(letters)};
}
`,
);
console.log(`fonts: ${letters.length} letters, ${font.length} bytes in ${path.relative(process.cwd(), EXTRA_FONT)}`);
