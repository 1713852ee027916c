import { sidebarCategories, type CategoryId } from "@domain/catalogue";
import { m } from "@domain/paraglide/messages.js";
import { useLocale, usePagePath } from "~/lib/locale";
import { DisclosureNav } from "./disclosure-nav";

/** The service pages' sidebar: the four categories as an accordion, the current one open. */
export function ServiceSidebar({
  openCategory,
  currentPath,
}: {
  /** The category that starts open. */
  openCategory: CategoryId | null;
  /** The current page's path, in the page's language. */
  currentPath: string;
}) {
  const locale = useLocale();
  const pagePath = usePagePath();
  const groups = sidebarCategories(locale).map((c) => ({
    id: c.id,
    name: c.name,
    links: c.subcategories.map((s) => ({ name: s.name, href: pagePath(s.link) })),
  }));
  const label = m.services_sidebar({}, { locale });
  return (
    <DisclosureNav
      label={label}
      heading={label}
      groups={groups}
      initialOpenId={openCategory}
      currentHref={currentPath}
    />
  );
}
