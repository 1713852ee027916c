import { SERVICES, SIDEBAR_CATEGORIES, servicePath } from "@domain/catalogue";

export interface NavLinkItem {
  label: string;
  to: string;
}

export interface NavGroup {
  label: string;
  /** The group's own page, also a plain link so it works without JavaScript. */
  to: string;
  id: "about" | "services";
  columns: { heading: string; links: NavLinkItem[] }[];
  /** A closing link under the columns. */
  footerLink?: NavLinkItem;
}

export type NavEntry = NavLinkItem | NavGroup;

export const ABOUT_LINKS: NavLinkItem[] = [
  { label: "Our Story", to: "/about" },
  { label: "Our Key Staff", to: "/our-staff" },
  { label: "Terms & conditions", to: "/terms-condition" },
  { label: "Privacy Policy", to: "/privacy" },
];

/** The header's main menu: Home, About us (with its submenu), Services (the mega-menu), For Referrers, Contact us. */
export const MAIN_MENU: NavEntry[] = [
  { label: "Home", to: "/" },
  { label: "About us", to: "/about", id: "about", columns: [{ heading: "About us", links: ABOUT_LINKS }] },
  {
    label: "Services",
    to: "/services",
    id: "services",
    columns: SIDEBAR_CATEGORIES.map((c) => ({
      heading: c.name,
      links: c.subcategories.map((s) => ({ label: s.name, to: s.link })),
    })),
    footerLink: { label: "All services", to: "/services" },
  },
  { label: "Radiologists", to: "/radiologists" },
  { label: "For Referrers", to: "/for-referrers" },
  { label: "Contact us", to: "/contact-us" },
];

export function isGroup(entry: NavEntry): entry is NavGroup {
  return "columns" in entry;
}

export const QUICK_LINKS: NavLinkItem[] = [
  { label: "Home", to: "/" },
  { label: "About us", to: "/about" },
  { label: "Services", to: "/services" },
  { label: "For Referrers", to: "/for-referrers" },
  { label: "Contact us", to: "/contact-us" },
];

export const POPULAR_SERVICES: NavLinkItem[] = [
  SERVICES.ultrasound,
  SERVICES.xRay,
  SERVICES.painManagement,
  SERVICES.breastUltrasound,
  SERVICES.boneDensitometry,
].map((s) => ({ label: s.title, to: servicePath(s) }));

/** The last segment of a path: "/services/x-ray" → "x-ray", "/" → "". */
export function lastSegment(path: string): string {
  const parts = (path.split(/[?#]/)[0] ?? "").split("/").filter(Boolean);
  return parts.at(-1) ?? "";
}

/** The menu item matching the last segment of the current path is the active one. */
export function isActivePath(to: string, pathname: string): boolean {
  return lastSegment(to) === lastSegment(pathname);
}
