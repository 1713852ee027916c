import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BASE_LOCALE, LOCALES } from "../../domain/locale";
import { reviewFile, reviewKeys, reviewNotes, reviewPath } from "../../scripts/translation-review";

const reviewed = LOCALES.filter((l) => l !== BASE_LOCALE);

describe("the translation review files (docs/translations/)", () => {
  it.each(reviewed)("%s.md is up to date: run `npm run translation-review`", (locale) => {
    expect(fs.readFileSync(reviewPath(locale), "utf8")).toBe(reviewFile(locale));
  });

  it.each(reviewed)(
    "%s: every key a review note names is a text of the catalogue, under a rule that exists",
    (locale) => {
      const keys = reviewKeys(locale);
      const glossary = JSON.parse(
        fs.readFileSync(path.resolve(import.meta.dirname, "../../messages/glossary.json"), "utf8"),
      ) as { rules: { id: string }[] };
      for (const note of reviewNotes(locale)) {
        expect(
          note.keys.filter((key) => !keys.has(key)),
          note.note,
        ).toEqual([]);
        if (note.rule) expect(glossary.rules.map((r) => r.id)).toContain(note.rule);
      }
    },
  );

  it("lists the designer's doubts first and marks each doubtful string in its table", () => {
    const file = reviewFile("tn");
    const notes = reviewNotes("tn");
    // The doubts of the first walk-through ("must move", the short day names, "imeile", "khansela"),
    // until the review settles them and their notes are removed.
    expect(notes.length).toBeGreaterThan(0);
    expect(file.indexOf("## To check first")).toBeLessThan(file.indexOf("## Glossary"));
    notes.forEach((note, i) => {
      expect(file).toContain(`${i + 1}. ⚑${i + 1} (rule \`${note.rule}\`): ${note.note}`);
      for (const key of note.keys) expect(file).toMatch(new RegExp(`^\\| \`${key}\`[^|]* ⚑${i + 1}\\b`, "m"));
    });
    expect(file).toMatch(
      /^\| `calendar_weekdays_short`[ ⚑\d]* \| Mon, Tue, .* \| Mos, Labb, Labr, Labn, Labt, Mat, Tsh \|$/m,
    );
    // A string no note names carries no mark.
    expect(file).toMatch(/^\| `about_lead` \| /m);
  });
});
