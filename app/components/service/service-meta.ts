import type { MetaDescriptor } from "react-router";
import { findServiceBySlug, serviceTitle } from "@domain/catalogue";
import { localeOfPath } from "@domain/locale";
import { findServicePageContent } from "@domain/services/pages";
import { pageMeta } from "~/lib/meta";
import { serviceNotFoundMeta } from "./service-page";

type MetaArgs = Parameters<typeof pageMeta>[0];

/** Meta tags for a service page, in the page's language: its catalogue title, and its page's description and keywords. */
export function serviceMeta(args: MetaArgs, slug: string): MetaDescriptor[] {
  const locale = localeOfPath(args.location.pathname);
  const service = findServiceBySlug(slug);
  const content = findServicePageContent(slug, locale);
  if (!service || !content) return pageMeta(args, { ...serviceNotFoundMeta(locale), noindex: true });
  return pageMeta(args, {
    title: serviceTitle(service, locale),
    description: content.description,
    keywords: content.keywords,
  });
}
