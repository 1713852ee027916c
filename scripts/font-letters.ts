/**
 * Which letters the pages' words use beyond the self-hosted font's latin file (decision 078):
 * Setswana's "š" (ntšha, lešwa). `npm run fonts` (scripts/font-subset.ts) cuts exactly these
 * from the font's latin-ext file into a file of their own, with the @font-face that serves it;
 * tests/unit/font-coverage.test.ts fails when the words have changed and the file has not.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const FONT_DIR = path.join(ROOT, "node_modules/@fontsource-variable/source-sans-3");
/** The font's subset nearly every letter is in (preloaded on every page). */
export const LATIN_FILE = "source-sans-3-latin-wght-normal.woff2";
/** The font's subset the extra letters are cut from. */
export const LATIN_EXT_FILE = "source-sans-3-latin-ext-wght-normal.woff2";
/** The extra letters' own file and its @font-face, both written by `npm run fonts`. */
export const EXTRA_FONT = path.join(ROOT, "app/styles/fonts/source-sans-3-extra-letters.woff2");
export const EXTRA_CSS = path.join(ROOT, "app/styles/fonts/extra-letters.css");

export type Range = [number, number];

/** A CSS unicode-range ("U+0000-00FF, U+0131") as ranges of code points. */
export function ranges(list: string): Range[] {
  return list.split(",").map((part) => {
    const [from, to] = part.trim().replace(/^U\+/i, "").split("-");
    return [parseInt(from!, 16), parseInt(to ?? from!, 16)];
  });
}

export const within = (code: number, rs: readonly Range[]) => rs.some(([a, b]) => code >= a && code <= b);

/** Each @font-face of a stylesheet: its file's name and its unicode-range. */
export function faces(css: string): { file: string; range: Range[] }[] {
  return [...css.matchAll(/@font-face\s*{([^}]*)}/g)].map(([, body]) => ({
    file: path.basename(/url\(["']?([^"')]+)["']?\)/.exec(body!)![1]!),
    range: ranges(/unicode-range:\s*([^;]+);/.exec(body!)![1]!.replace(/\s+/g, "")),
  }));
}

/** What each of the font's subset files holds, as @fontsource declares it. */
export function fontSubsets(): Map<string, Range[]> {
  return new Map(faces(fs.readFileSync(path.join(FONT_DIR, "wght.css"), "utf8")).map((f) => [f.file, f.range]));
}

/** The words of a language's catalogue and its service pages' content (all languages when none is given). */
export function pageWords(locale?: "en" | "tn"): string {
  const files = [
    ...(locale ? [locale] : ["en", "tn"]).flatMap((l) =>
      fs.readdirSync(path.join(ROOT, "messages", l)).map((f) => path.join(ROOT, "messages", l, f)),
    ),
    ...fs
      .readdirSync(path.join(ROOT, "domain/services"), { recursive: true, encoding: "utf8" })
      .filter((f) => f.endsWith(".ts") && (!locale || (locale === "tn") === f.startsWith("tn/")))
      .map((f) => path.join(ROOT, "domain/services", f)),
  ];
  return files.map((f) => fs.readFileSync(f, "utf8")).join("\n");
}

/**
 * The code points of the letters the words use that the latin file lacks, each with its other
 * case (a heading in capitals shows "Š"), in order.
 */
export function extraLetters(words = pageWords()): number[] {
  const latin = fontSubsets().get(LATIN_FILE)!;
  const found = new Set<number>();
  for (const char of new Set(words)) {
    const code = char.codePointAt(0)!;
    if (code < 0x20 || within(code, latin) || /\p{Extended_Pictographic}/u.test(char)) continue;
    for (const c of [char, char.toUpperCase(), char.toLowerCase()])
      if ([...c].length === 1) found.add(c.codePointAt(0)!);
  }
  return [...found].sort((a, b) => a - b);
}

/** Code points as a CSS unicode-range, runs joined: [0x160, 0x161] → "U+0160-0161". */
export function unicodeRange(codes: readonly number[]): string {
  const hex = (c: number) => c.toString(16).toUpperCase().padStart(4, "0");
  const runs: Range[] = [];
  for (const c of codes) {
    const last = runs.at(-1);
    if (last && c === last[1] + 1) last[1] = c;
    else runs.push([c, c]);
  }
  return runs.map(([a, b]) => (a === b ? `U+${hex(a)}` : `U+${hex(a)}-${hex(b)}`)).join(", ");
}
