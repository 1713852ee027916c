import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BASE_LOCALE, LOCALES } from "../../domain/locale";

/*
 * The message catalogues (decision 037): every key in every language, with the same placeholders,
 * and the glossary's one Setswana word for each medical and clinic term.
 */

const root = path.resolve(import.meta.dirname, "../..");
const settings = JSON.parse(fs.readFileSync(path.join(root, "project.inlang/settings.json"), "utf8")) as {
  locales: string[];
  "plugin.inlang.messageFormat": { pathPattern: string[] };
};
const patterns = settings["plugin.inlang.messageFormat"].pathPattern;
type Catalogue = Record<string, string>;
const read = (pattern: string, locale: string): Catalogue => {
  const { $schema: _schema, ...messages } = JSON.parse(
    fs.readFileSync(path.join(root, pattern.replace("{locale}", locale)), "utf8"),
  ) as Catalogue;
  return messages;
};
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe("the message catalogues", () => {
  it("name the site's languages", () => {
    expect(settings.locales).toEqual([...LOCALES]);
  });

  it.each(patterns)("%s: every key has a text in every language, with the same placeholders", (pattern) => {
    const base = read(pattern, BASE_LOCALE);
    for (const locale of LOCALES) {
      const messages = read(pattern, locale);
      expect(Object.keys(messages).sort(), `${locale}: keys`).toEqual(Object.keys(base).sort());
      for (const [key, text] of Object.entries(messages)) {
        expect(text.trim(), `${locale}.${key} is empty`).not.toBe("");
        expect(placeholders(text), `${locale}.${key}: placeholders`).toEqual(placeholders(base[key]!));
      }
    }
  });

  it("keep each key in one file only, grouped by page (its prefix names the page or part)", () => {
    const seen = new Map<string, string>();
    for (const pattern of patterns)
      for (const key of Object.keys(read(pattern, BASE_LOCALE))) {
        expect(seen.get(key), `${key} is in two files`).toBeUndefined();
        seen.set(key, pattern);
        expect(key).toMatch(/^[a-z0-9]+_[a-z0-9_]+$/);
      }
  });

  it("hold no key that nothing uses (a text left behind would still be translated and reviewed)", () => {
    const sources: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) {
          if (entry.name !== "paraglide" && entry.name !== "node_modules") walk(file);
        } else if (/\.tsx?$/.test(entry.name)) sources.push(fs.readFileSync(file, "utf8"));
      }
    };
    for (const dir of ["app", "server", "domain", "scripts"]) walk(path.join(root, dir));
    const code = sources.join("\n");
    const unused = patterns.flatMap((pattern) =>
      Object.keys(read(pattern, BASE_LOCALE)).filter((key) => !new RegExp(`\\b${key}\\b`).test(code)),
    );
    expect(unused).toEqual([]);
  });

  it("use the glossary's Setswana word wherever the English uses the term", () => {
    const glossary = JSON.parse(fs.readFileSync(path.join(root, "messages/glossary.json"), "utf8")) as {
      terms: { en: string; tn: string[] }[];
    };
    const misses: string[] = [];
    for (const pattern of patterns) {
      const en = read(pattern, "en");
      const tn = read(pattern, "tn");
      for (const [key, english] of Object.entries(en))
        for (const term of glossary.terms) {
          if (!new RegExp(`\\b${term.en}s?\\b`, "i").test(english)) continue;
          const setswana = tn[key]!.toLowerCase();
          if (!term.tn.some((word) => setswana.includes(word.toLowerCase())))
            misses.push(`${key}: "${term.en}" should be one of ${term.tn.join(" / ")}`);
        }
    }
    expect(misses).toEqual([]);
  });
});
