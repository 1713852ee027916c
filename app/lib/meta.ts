import type { MetaDescriptor } from "react-router";
import { BASE_LOCALE, LANGUAGE_TAGS, LOCALES, OG_LOCALES, localeOfPath, localisedPath } from "@domain/locale";

export interface PageMetaInput {
  title: string;
  description: string;
  /** Every page has some, including the "not found" answers. */
  keywords: readonly string[];
  /** Canonical path (in English: the page's language is put before it); defaults to the page's own path. */
  canonicalPath?: string;
  noindex?: boolean;
  /**
   * The page renders its own <title> (a form page, whose title starts with
   * "Error: " while errors show: app/components/forms/form-page.tsx), made by
   * documentTitle; the Open Graph title stays here.
   */
  titleInPage?: boolean;
}

/** A page's <title>: its own title, then the clinic's name. */
export function documentTitle(title: string, siteName: string): string {
  return siteName ? `${title} | ${siteName}` : title;
}

interface MetaArgsLike {
  location: { pathname: string };
  matches: readonly ({ id: string; loaderData?: unknown; data?: unknown } | undefined)[];
}

/** The public base URL and clinic name from the root loader, as seen by a meta function. */
function rootData(args: MetaArgsLike): { publicBaseUrl: string; name: string } | undefined {
  const root = args.matches.find((m) => m?.id === "root");
  const data = (root?.loaderData ?? root?.data) as { clinic?: { publicBaseUrl: string; name: string } } | undefined;
  return data?.clinic;
}

/**
 * Title, description, keywords, canonical URL and Open Graph tags for a page.
 * Every route's `meta` export goes through here so no page forgets one.
 */
export function pageMeta(args: MetaArgsLike, input: PageMetaInput): MetaDescriptor[] {
  const clinic = rootData(args);
  const siteName = clinic?.name ?? "";
  const base = clinic?.publicBaseUrl ?? "";
  const locale = localeOfPath(args.location.pathname);
  const path = input.canonicalPath ? localisedPath(input.canonicalPath, locale) : args.location.pathname;
  const urlOf = (p: string) => `${base}${p === "/" ? "/" : p.replace(/\/+$/, "")}`;
  const url = urlOf(path);
  const fullTitle = documentTitle(input.title, siteName);
  const tags: MetaDescriptor[] = [
    ...(input.titleInPage ? [] : [{ title: fullTitle }]),
    { name: "description", content: input.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: input.description },
    { property: "og:url", content: url },
    { property: "og:site_name", content: siteName },
    { property: "og:locale", content: OG_LOCALES[locale] },
    ...LOCALES.filter((l) => l !== locale).map((l) => ({ property: "og:locale:alternate", content: OG_LOCALES[l] })),
  ];
  // The page in every language, both ways, and English for a reader whose language has no page (decision 037).
  if (!input.noindex) {
    for (const l of LOCALES)
      tags.push({ tagName: "link", rel: "alternate", hrefLang: LANGUAGE_TAGS[l], href: urlOf(localisedPath(path, l)) });
    tags.push({
      tagName: "link",
      rel: "alternate",
      hrefLang: "x-default",
      href: urlOf(localisedPath(path, BASE_LOCALE)),
    });
  }
  if (input.keywords.length) tags.push({ name: "keywords", content: input.keywords.join(", ") });
  if (input.noindex) tags.push({ name: "robots", content: "noindex" });
  return tags;
}
