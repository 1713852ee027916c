import { getClinic } from "~/lib/clinic.server";

export function loader() {
  const { publicBaseUrl } = getClinic();
  const body = `User-agent: *\nAllow: /\nDisallow: /staff/\nDisallow: /api/\n\nSitemap: ${publicBaseUrl}/sitemap.xml\n`;
  return new Response(body, { headers: { "content-type": "text/plain; charset=utf-8" } });
}
