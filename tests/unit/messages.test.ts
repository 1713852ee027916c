import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BASE_LOCALE, LOCALES } from "../../domain/locale";
import { SERVICE_PAGE_CONTENT } from "../../domain/services/pages";
import type { ServiceKey } from "../../domain/catalogue";

/*
 * The message catalogues (decision 037): every key in every language, with the same placeholders,
 * the glossary's one Setswana word for each medical and clinic term, and its rules (decision 050),
 * kept by every Setswana text: the catalogues and the service pages' content modules.
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

interface Rule {
  id: string;
  rule: string;
  /** Where the English matches this (case-insensitive)… */
  english?: string;
  /** …the Setswana twin has one of these… */
  tn?: string[];
  /** …and none of these. */
  not?: string[];
  /** No Setswana text matches this (case-insensitive), whatever the English says. */
  never?: string;
}

/** Placeholders ({email}) are not words. */
const words = (text: string) => text.replace(/\{\w+\}/g, " ");

/** A content module's text, block by block (the English and Setswana modules are written alike). */
function blockTexts(value: unknown): string {
  if (typeof value === "string") return value;
  if (Array.isArray(value)) return value.map(blockTexts).join(" ");
  if (value && typeof value === "object")
    return Object.entries(value)
      .filter(([key]) => !["type", "layout", "link", "id", "phone", "closing"].includes(key))
      .map(([, v]) => blockTexts(v))
      .join(" ");
  return "";
}

/** Every English text and its Setswana twin, named: the catalogues' messages, then each service page's blocks. */
function pairs(): { name: string; en: string; tn: string }[] {
  const all: { name: string; en: string; tn: string }[] = [];
  for (const pattern of patterns) {
    const en = read(pattern, "en");
    const tn = read(pattern, "tn");
    for (const [key, english] of Object.entries(en)) all.push({ name: key, en: english, tn: tn[key]! });
  }
  for (const key of Object.keys(SERVICE_PAGE_CONTENT.en) as ServiceKey[]) {
    const en = SERVICE_PAGE_CONTENT.en[key];
    const tn = SERVICE_PAGE_CONTENT.tn[key];
    const parts = (page: typeof en) => [page.description, page.keywords, ...("body" in page ? page.body : [])];
    const enParts = parts(en);
    const tnParts = parts(tn);
    expect(tnParts.length, `domain/services/tn: ${key} has as many blocks as the English`).toBe(enParts.length);
    enParts.forEach((part, i) =>
      all.push({ name: `domain/services/tn ${key} block ${i}`, en: blockTexts(part), tn: blockTexts(tnParts[i]) }),
    );
  }
  return all;
}

describe("the glossary's rules (messages/glossary.json), kept by every Setswana text", () => {
  const glossary = JSON.parse(fs.readFileSync(path.join(root, "messages/glossary.json"), "utf8")) as {
    rules: Rule[];
  };

  it("each rule says its choice in plain words and can be checked", () => {
    expect(glossary.rules.map((r) => r.id).sort()).toEqual(["booked", "cancel", "days", "delete", "e-mail", "must"]);
    for (const rule of glossary.rules) {
      expect(rule.rule.length, rule.id).toBeGreaterThan(20);
      expect(Boolean(rule.never) || Boolean(rule.english && (rule.tn ?? rule.not)), rule.id).toBe(true);
    }
  });

  it.each(glossary.rules.map((r) => [r.id, r] as const))("%s", (_id, rule) => {
    const breaks: string[] = [];
    for (const { name, en, tn } of pairs()) {
      const setswana = words(tn).toLowerCase();
      if (rule.never && new RegExp(rule.never, "i").test(words(tn)))
        breaks.push(`${name}: "${new RegExp(rule.never, "i").exec(words(tn))![0]}" in "${tn}"`);
      if (!rule.english || !new RegExp(rule.english, "i").test(words(en))) continue;
      if (rule.tn && !rule.tn.some((w) => setswana.includes(w.toLowerCase())))
        breaks.push(`${name}: the English "${en}" needs one of ${rule.tn.join(" / ")} in "${tn}"`);
      for (const w of rule.not ?? [])
        if (setswana.includes(w.toLowerCase())) breaks.push(`${name}: "${w}" where the English says "${en}": "${tn}"`);
    }
    expect(breaks, rule.rule).toEqual([]);
  });
});
