import type { MetaDescriptor } from "react-router";
import { pageMeta } from "~/lib/meta";
import { SERVICE_PAGES } from "@domain/catalogue";

type MetaArgs = Parameters<typeof pageMeta>[0];

/** Meta tags for a service page: its catalogue title, a page-specific description and keywords. */
export function serviceMeta(
  args: MetaArgs,
  slug: string,
  input: { description: string; keywords: readonly string[] },
): MetaDescriptor[] {
  const service = SERVICE_PAGES.find((s) => s.slug === slug);
  if (!service) return pageMeta(args, { title: "Service not found", description: "Service not found.", noindex: true });
  return pageMeta(args, { title: service.title, description: input.description, keywords: input.keywords });
}
