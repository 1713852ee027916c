import {
  categoryName,
  SERVICE_GROUPS,
  SERVICES,
  servicePath,
  serviceShortTitle,
  serviceTitle,
} from "@domain/catalogue";
import { localised, unlocalisedPath, type Localised } from "@domain/locale";
import { m } from "@domain/paraglide/messages.js";

/** A menu's link: its words in every language, and the page's English path (the header puts the language before it). */
export interface NavLinkItem {
  label: Localised;
  to: string;
}

export interface NavGroup {
  label: Localised;
  /** The group's own page, also a plain link so it works without JavaScript. */
  to: string;
  id: "about" | "services";
  columns: { heading: Localised; links: NavLinkItem[] }[];
  /** A closing link under the columns. */
  footerLink?: NavLinkItem;
}

export type NavEntry = NavLinkItem | NavGroup;

export const ABOUT_LINKS: NavLinkItem[] = [
  { label: localised(m.layout_nav_our_story), to: "/about" },
  { label: localised(m.layout_nav_our_staff), to: "/our-staff" },
  { label: localised(m.layout_nav_terms), to: "/terms-condition" },
  { label: localised(m.layout_nav_privacy), to: "/privacy" },
];

/** The header's main menu: Home, About us (with its submenu), Services (the mega-menu), For Referrers, Contact us. */
export const MAIN_MENU: NavEntry[] = [
  { label: localised(m.layout_nav_home), to: "/" },
  {
    label: localised(m.layout_nav_about),
    to: "/about",
    id: "about",
    columns: [{ heading: localised(m.layout_nav_about), links: ABOUT_LINKS }],
  },
  {
    label: localised(m.layout_nav_services),
    to: "/services",
    id: "services",
    columns: SERVICE_GROUPS.map((c) => ({
      heading: (locale) => categoryName(c.id, locale),
      links: c.services.map((s) => ({ label: (locale) => serviceShortTitle(s, locale), to: servicePath(s) })),
    })),
    footerLink: { label: localised(m.layout_nav_all_services), to: "/services" },
  },
  { label: localised(m.layout_nav_radiologists), to: "/radiologists" },
  { label: localised(m.layout_nav_for_referrers), to: "/for-referrers" },
  { label: localised(m.layout_nav_contact), to: "/contact-us" },
];

export function isGroup(entry: NavEntry): entry is NavGroup {
  return "columns" in entry;
}

export const QUICK_LINKS: NavLinkItem[] = [
  { label: localised(m.layout_nav_home), to: "/" },
  { label: localised(m.layout_nav_about), to: "/about" },
  { label: localised(m.layout_nav_services), to: "/services" },
  { label: localised(m.layout_nav_for_referrers), to: "/for-referrers" },
  { label: localised(m.layout_nav_contact), to: "/contact-us" },
];

export const POPULAR_SERVICES: NavLinkItem[] = [
  SERVICES.ultrasound,
  SERVICES.xRay,
  SERVICES.painManagement,
  SERVICES.breastUltrasound,
  SERVICES.boneDensitometry,
].map((s) => ({ label: (locale) => serviceTitle(s, locale), to: servicePath(s) }));

/** The last segment of a path: "/services/x-ray" → "x-ray", "/" → "". */
export function lastSegment(path: string): string {
  const parts = (path.split(/[?#]/)[0] ?? "").split("/").filter(Boolean);
  return parts.at(-1) ?? "";
}

/** The menu item matching the last segment of the current path (in either language) is the active one. */
export function isActivePath(to: string, pathname: string): boolean {
  return lastSegment(to) === lastSegment(unlocalisedPath(pathname));
}
