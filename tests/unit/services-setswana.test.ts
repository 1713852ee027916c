import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  categoryName,
  examinationName,
  examinationsFor,
  findStoredService,
  SERVICE_PAGES,
  SERVICES,
  serviceCategories,
  serviceGuidance,
  serviceTitle,
  sidebarCategories,
  ULTRASOUND_TIMINGS,
  type ServiceKey,
} from "../../domain/catalogue";
import { LOCALES } from "../../domain/locale";
import type { Block, Inline, InlineContent, ServicePageContent } from "../../domain/services/content";
import { SERVICE_PAGE_CONTENT } from "../../domain/services/pages";
import { visitWords } from "../../domain/visit-words";

/*
 * The service pages in Setswana (decision 037): each is written whole in domain/services/tn/<slug>.ts,
 * so nothing but these tests keeps it from dropping a section, a link, a warning or a bold word that
 * the English page has.
 */

const KEYS = Object.keys(SERVICES) as ServiceKey[];
const items = (content: InlineContent): readonly Inline[] => (Array.isArray(content) ? content : [content as Inline]);

/** The marks of a run of text (bold, a link and where it goes, the phone), in any order: word order differs. */
function marks(content: InlineContent): string[] {
  return items(content)
    .flatMap((item) => {
      if (typeof item === "string") return [];
      if ("strong" in item) return ["strong"];
      if ("link" in item) return [`link ${item.link}`];
      return ["phone"];
    })
    .sort();
}

/** A page's shape without its words: every block's kind, list lengths, notes, closing sections and marks. */
function shape(blocks: readonly Block[]): unknown[] {
  return blocks.map((block) => {
    switch (block.type) {
      case "h2":
      case "h3":
      case "ultrasound-timings":
        return block.type;
      case "p":
        return { p: marks(block.content) };
      case "ul":
      case "ol":
        return { [block.type]: block.items.map(marks) };
      case "note":
        return { note: shape(block.blocks) };
      case "closing-section":
        return { section: block.id, blocks: shape(block.blocks) };
    }
  });
}

/** Every text of a page, block by block, so the English and Setswana twins can be paired. */
function texts(page: ServicePageContent): string[] {
  const run = (content: InlineContent) =>
    items(content)
      .map((item) =>
        typeof item === "string" ? item : "strong" in item ? item.strong : "link" in item ? item.text : "",
      )
      .join("");
  const of = (block: Block): string[] => {
    switch (block.type) {
      case "h2":
      case "h3":
        return [block.text];
      case "p":
        return [run(block.content)];
      case "ul":
      case "ol":
        return block.items.map(run);
      case "note":
        return [block.label, ...block.blocks.flatMap(of)];
      case "closing-section":
        return [block.heading, ...block.blocks.flatMap(of)];
      case "ultrasound-timings":
        return [];
    }
  };
  return [page.description, page.keywords.join(", "), ...(page.layout === "article" ? page.body.flatMap(of) : [])];
}

const glossary = (
  JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, "../../messages/glossary.json"), "utf8")) as {
    terms: { en: string; tn: string[] }[];
  }
).terms;

describe("every service page in Setswana", () => {
  it.each(KEYS)("%s: has the English page's shape (sections, lists, notes, links, bold words)", (key) => {
    const en = SERVICE_PAGE_CONTENT.en[key];
    const tn = SERVICE_PAGE_CONTENT.tn[key];
    expect(tn.layout).toBe(en.layout);
    expect(tn.keywords).toHaveLength(en.keywords.length);
    expect(tn.description).not.toBe(en.description);
    if (en.layout !== "article" || tn.layout !== "article") return;
    expect(tn.closing).toBe(en.closing);
    expect(shape(tn.body)).toEqual(shape(en.body));
  });

  it.each(KEYS)("%s: every text is written, and uses the glossary's word where the English uses a term", (key) => {
    const en = texts(SERVICE_PAGE_CONTENT.en[key]);
    const tn = texts(SERVICE_PAGE_CONTENT.tn[key]);
    expect(tn).toHaveLength(en.length);
    const misses: string[] = [];
    en.forEach((english, i) => {
      const setswana = tn[i]!;
      expect(setswana.trim(), `text ${i} is empty`).not.toBe("");
      for (const term of glossary) {
        if (!new RegExp(`\\b${term.en}s?\\b`, "i").test(english)) continue;
        if (!term.tn.some((word) => setswana.toLowerCase().includes(word.toLowerCase())))
          misses.push(`"${setswana}" should say "${term.en}" as one of ${term.tn.join(" / ")}`);
      }
    });
    expect(misses).toEqual([]);
  });

  it("links to pages by their English path: the page puts its language before it", () => {
    const links = LOCALES.flatMap((locale) =>
      KEYS.flatMap((key) => {
        const page = SERVICE_PAGE_CONTENT[locale][key];
        return page.layout === "article" ? (JSON.stringify(page.body).match(/"link":"[^"]*"/g) ?? []) : [];
      }),
    );
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link).toMatch(/^"link":"\/(?!tn\b)/);
  });
});

describe("the catalogue's names in a language", () => {
  it("names every service, category and examination in Setswana, and in English as before", () => {
    expect(serviceTitle("x-ray")).toBe("X-ray Imaging");
    expect(serviceTitle("x-ray", "tn")).toBe("Ditshwantsho tsa X-ray");
    expect(serviceTitle(SERVICES.ultrasound, "tn")).toBe("Ditshwantsho tsa ultrasound");
    expect(serviceTitle("something else", "tn")).toBe("something else");
    expect(categoryName("womens-imaging", "tn")).toBe("Ditshwantsho tsa basadi");
    expect(examinationName("Breast (Double)", "tn")).toBe("Mabele a mabedi");
    expect(examinationName("Abdomen & Pelvis", "tn")).toBe("Mpa le pelvis");
    expect(examinationName("unknown", "tn")).toBe("unknown");
    for (const service of SERVICE_PAGES)
      for (const locale of LOCALES) {
        expect(serviceTitle(service, locale)).not.toBe("");
        // A title in either language finds its service (a form's value, an old row).
        expect(findStoredService(serviceTitle(service, locale))).toBe(service);
      }
  });

  it("shows an examination in English under the name it is stored by", () => {
    expect(ULTRASOUND_TIMINGS.length).toBeGreaterThan(0);
    for (const { name } of examinationsFor("breast-ultrasound")) expect(examinationName(name)).toBe(name);
  });

  it("gives the cards, the sidebar and the preparation notes in the language asked", () => {
    const [en, tn] = [serviceCategories("en"), serviceCategories("tn")];
    expect(tn.map((c) => c.services.map((s) => s.link))).toEqual(en.map((c) => c.services.map((s) => s.link)));
    expect(tn.flatMap((c) => c.services.map((s) => s.name))).toContain("Ultrasound ya mabele");
    expect(sidebarCategories("tn")[0]!.subcategories.map((s) => s.name)).toEqual([
      "Ultrasound",
      "X-ray",
      "Fluoroscopy",
      "Tekanyo ya go tiya ga marapo (DEXA scan)",
    ]);
    const notes = serviceGuidance("x-ray", "tn");
    expect(notes.durationMinutes).toBe(serviceGuidance("x-ray").durationMinutes);
    expect(notes.notes).toEqual([
      "Tla le lekwalo la go romelwa.",
      "Ntsha dikgabisa le dilo tsa tshipi; bolelela radiographer fa o imile kgotsa o ka tswa o imile.",
      visitWords("tn").pleaseArriveEarly,
      visitWords("tn").bringToEveryVisit,
    ]);
    expect(visitWords("tn").pleaseArriveEarly).toBe(
      "Tsweetswee goroga metsotso e le 15 pele ga nako ya peeletso ya gago.",
    );
  });
});
