import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { BASE_LOCALE, LOCALES } from "../../domain/locale";
import { reviewFile, reviewPath } from "../../scripts/translation-review";

describe("the translation review files (docs/translations/)", () => {
  it.each(LOCALES.filter((l) => l !== BASE_LOCALE))(
    "%s.md is up to date: run `npm run translation-review`",
    (locale) => {
      expect(fs.readFileSync(reviewPath(locale), "utf8")).toBe(reviewFile(locale));
    },
  );
});
