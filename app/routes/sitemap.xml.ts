import { SERVICE_PAGES, servicePath } from "@domain/catalogue";
import { findServicePageContent } from "@domain/services/pages";
import { PRERENDERED_PATHS } from "~/lib/prerender-paths";
import { getClinic } from "~/lib/clinic.server";

/** Service pages the clinic has not written yet: kept at their address, but not offered to search engines (decision 028). */
const UNFINISHED = new Set(
  SERVICE_PAGES.filter((s) => findServicePageContent(s.slug)?.layout === "unfinished").map(servicePath),
);

export function loader() {
  const { publicBaseUrl } = getClinic();
  const urls = PRERENDERED_PATHS.filter((p) => !p.includes(".") && p !== "/details" && !UNFINISHED.has(p))
    .map((p) => `  <url><loc>${publicBaseUrl}${p}</loc></url>`)
    .join("\n");
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(body, { headers: { "content-type": "application/xml; charset=utf-8" } });
}
