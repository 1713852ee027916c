import { SIDEBAR_CATEGORIES, type CategoryId } from "@domain/catalogue";
import { DisclosureNav } from "./disclosure-nav";

const GROUPS = SIDEBAR_CATEGORIES.map((c) => ({
  id: c.id,
  name: c.name,
  links: c.subcategories.map((s) => ({ name: s.name, href: s.link })),
}));

/** The service pages' sidebar: the four categories as an accordion, the current one open. */
export function ServiceSidebar({
  openCategory,
  currentPath,
}: {
  openCategory: CategoryId | null;
  currentPath: string;
}) {
  return (
    <DisclosureNav
      label="Our services"
      heading="Our services"
      groups={GROUPS}
      initialOpenId={openCategory}
      currentHref={currentPath}
    />
  );
}
