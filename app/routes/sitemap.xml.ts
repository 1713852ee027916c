import { SERVICE_PAGES, servicePath } from "@domain/catalogue";
import { LANGUAGE_TAGS, LOCALES, localisedPath, unlocalisedPath } from "@domain/locale";
import { findServicePageContent } from "@domain/services/pages";
import { PRERENDERED_PATHS } from "~/lib/prerender-paths";
import { getClinic } from "~/lib/clinic.server";

/** Service pages the clinic has not written yet: kept at their address, but not offered to search engines (decision 028). */
const UNFINISHED = new Set(
  SERVICE_PAGES.filter((s) => findServicePageContent(s.slug)?.layout === "unfinished").map(servicePath),
);

/** Every page in both languages, each naming its twin (and English as x-default) as search engines ask (decision 037). */
export function loader() {
  const { publicBaseUrl } = getClinic();
  const listed = (p: string) =>
    !p.includes(".") && unlocalisedPath(p) !== "/details" && !UNFINISHED.has(unlocalisedPath(p));
  const alternate = (lang: string, p: string) =>
    `    <xhtml:link rel="alternate" hreflang="${lang}" href="${publicBaseUrl}${p}"/>`;
  const urls = PRERENDERED_PATHS.filter(listed)
    .map((p) =>
      [
        `  <url>`,
        `    <loc>${publicBaseUrl}${p}</loc>`,
        ...LOCALES.map((l) => alternate(LANGUAGE_TAGS[l], localisedPath(p, l))),
        alternate("x-default", unlocalisedPath(p)),
        `  </url>`,
      ].join("\n"),
    )
    .join("\n");
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls}\n</urlset>\n`;
  return new Response(body, { headers: { "content-type": "application/xml; charset=utf-8" } });
}
