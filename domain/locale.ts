/**
 * The languages of the public site (decision 037): English where the specification puts every
 * page, and Setswana under /tn/, mirroring the English paths. The staff console stays in English.
 * What a page says in each language lives in the message catalogues (messages/<locale>.json,
 * compiled to domain/paraglide by scripts/i18n.mjs) and, for the long page texts, in content
 * modules typed alike for both languages.
 */

export const LOCALES = ["en", "tn"] as const;
export type Locale = (typeof LOCALES)[number];

/** The specification's language: its pages keep the specification's paths. */
export const BASE_LOCALE: Locale = "en";

/** Each language's name in that language: the header's switch says where it leads in the words of its readers. */
export const LANGUAGE_NAMES: Readonly<Record<Locale, string>> = { en: "English", tn: "Setswana" };

/** BCP 47 tags: `<html lang>`, hreflang, and the locale Node's ICU formats dates in (CLDR `tn`). */
export const LANGUAGE_TAGS: Readonly<Record<Locale, string>> = { en: "en", tn: "tn" };

/** Open Graph's locale for each language (language_TERRITORY). */
export const OG_LOCALES: Readonly<Record<Locale, string>> = { en: "en_BW", tn: "tn_BW" };

/** The path prefix of a language's pages: none for English, /tn for Setswana. */
const PREFIXES: Readonly<Record<Locale, string>> = { en: "", tn: "/tn" };

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** The language of a path: Setswana under /tn (the folder itself, or anything in it), English elsewhere. */
export function localeOfPath(pathname: string): Locale {
  for (const locale of LOCALES) {
    const prefix = PREFIXES[locale];
    if (prefix && (pathname === prefix || pathname.startsWith(`${prefix}/`))) return locale;
  }
  return BASE_LOCALE;
}

/** A path without its language prefix: "/tn/about" → "/about", "/tn" → "/". Query and hash are kept. */
export function unlocalisedPath(path: string): string {
  const prefix = PREFIXES[localeOfPath(path)];
  if (!prefix) return path;
  const rest = path.slice(prefix.length);
  return rest === "" || rest.startsWith("?") || rest.startsWith("#") ? `/${rest}` : rest;
}

/**
 * The same page in `locale`: "/about" → "/tn/about", "/" → "/tn", "/tn/about" → "/about" for English.
 * Query and hash are kept. Links to files, the API or outside the site are not pages: pass them as they are.
 */
export function localisedPath(path: string, locale: Locale): string {
  const bare = unlocalisedPath(path);
  const prefix = PREFIXES[locale];
  if (!prefix) return bare;
  if (bare === "/") return prefix;
  if (bare.startsWith("/?") || bare.startsWith("/#")) return `${prefix}${bare.slice(1)}`;
  return `${prefix}${bare}`;
}

/** A text in every language, as a function of the language: what a page holds where it lists labels as data. */
export type Localised = (locale: Locale) => string;

/** A compiled message without inputs (domain/paraglide): `m.key({}, { locale })`. */
export type Message = (inputs: Record<string, never>, options: { locale: Locale }) => string;

/** A compiled message without inputs as a Localised text. */
export function localised(message: Message): Localised {
  return (locale) => message({}, { locale });
}
