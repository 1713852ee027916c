import type { MetaDescriptor } from "react-router";
import { findServiceBySlug } from "@domain/catalogue";
import { findServicePageContent } from "@domain/services/pages";
import { pageMeta } from "~/lib/meta";
import { SERVICE_NOT_FOUND_META } from "./service-page";

type MetaArgs = Parameters<typeof pageMeta>[0];

/** Meta tags for a service page: its catalogue title, and its page's description and keywords. */
export function serviceMeta(args: MetaArgs, slug: string): MetaDescriptor[] {
  const service = findServiceBySlug(slug);
  const content = findServicePageContent(slug);
  if (!service || !content) return pageMeta(args, { ...SERVICE_NOT_FOUND_META, noindex: true });
  return pageMeta(args, { title: service.title, description: content.description, keywords: content.keywords });
}
