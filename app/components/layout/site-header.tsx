import { CalendarCheck, ChevronDown, Menu, MessageCircle, Phone, X } from "lucide-react";
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { Link, useLocation } from "react-router";
import type { ClinicIdentity } from "@domain/clinic";
import { compactHours, formatPhone, telHref, whatsappHref } from "@domain/contact-links";
import { Logo } from "./logo";
import { MAIN_MENU, isActivePath, isGroup, type NavGroup } from "./nav-data";
import { useHydrated } from "./use-hydrated";

type HeaderClinic = Pick<ClinicIdentity, "name" | "shortName" | "landline" | "whatsapp" | "openingHours">;

/**
 * Site header: logo, main menu with the About us submenu and the Services
 * mega-menu (disclosure buttons), Book Now, Call Us Now and Whatsapp Us.
 *
 * Without JavaScript every destination is a plain link: group labels link to
 * their pages, submenus open on hover and focus (CSS), and the phone menu
 * opens through `#site-menu:target`. Once hydrated, the menus become
 * disclosure buttons with aria-expanded, Escape, outside clicks and focus
 * management.
 */
export function SiteHeader({ clinic }: { clinic: HeaderClinic }) {
  const { pathname } = useLocation();
  const enhanced = useHydrated();
  const chat = whatsappHref(clinic);
  const [openGroup, setOpenGroup] = useState<NavGroup["id"] | null>(null);
  const [mobileOpen, setMobileOpen] = useState(false);
  const headerRef = useRef<HTMLElement>(null);
  const toggleRefs = useRef(new Map<string, HTMLButtonElement>());
  const mobileToggleRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  // A new page closes every menu.
  const [lastPath, setLastPath] = useState(pathname);
  if (lastPath !== pathname) {
    setLastPath(pathname);
    setOpenGroup(null);
    setMobileOpen(false);
  }

  const closeAll = useCallback(() => {
    setOpenGroup(null);
    setMobileOpen(false);
  }, []);

  // Clicking or tapping outside the header closes its menus.
  useEffect(() => {
    if (!openGroup && !mobileOpen) return;
    function onPointerDown(event: PointerEvent) {
      if (headerRef.current && !headerRef.current.contains(event.target as Node)) closeAll();
    }
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [openGroup, mobileOpen, closeAll]);

  function onHeaderKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key !== "Escape") return;
    if (openGroup) {
      const trigger = toggleRefs.current.get(openGroup);
      setOpenGroup(null);
      trigger?.focus();
      event.preventDefault();
    } else if (mobileOpen) {
      setMobileOpen(false);
      mobileToggleRef.current?.focus();
      event.preventDefault();
    }
  }

  return (
    <header ref={headerRef} className="site-header" data-enhanced={enhanced || undefined} onKeyDown={onHeaderKeyDown}>
      <div className="site-header__top">
        <div className="container site-header__top-inner">
          <p className="site-header__hours">Open {compactHours(clinic.openingHours)}</p>
          <ul className="site-header__contact" role="list">
            <li>
              <a href={telHref(clinic.landline)} className="top-link">
                <Phone aria-hidden="true" size={18} />
                <span>Call Us Now</span>
                <span className="top-link__detail">{formatPhone(clinic.landline)}</span>
              </a>
            </li>
            {chat && (
              <li>
                <a href={chat} className="top-link" target="_blank" rel="noopener noreferrer">
                  <MessageCircle aria-hidden="true" size={18} />
                  <span>Whatsapp Us</span>
                  <span className="visually-hidden"> (opens WhatsApp in a new tab)</span>
                </a>
              </li>
            )}
          </ul>
        </div>
      </div>
      <div className="container site-header__bar">
        <Logo name={clinic.shortName} />
        {enhanced ? (
          <button
            ref={mobileToggleRef}
            type="button"
            className="menu-button"
            aria-expanded={mobileOpen}
            aria-controls={menuId}
            onClick={() => {
              setMobileOpen((o) => !o);
              setOpenGroup(null);
            }}
          >
            {mobileOpen ? <X aria-hidden="true" size={22} /> : <Menu aria-hidden="true" size={22} />}
            <span>Menu</span>
          </button>
        ) : (
          <a href="#site-menu" className="menu-button">
            <Menu aria-hidden="true" size={22} />
            <span>Menu</span>
          </a>
        )}
        <nav
          id={enhanced ? menuId : "site-menu"}
          className="main-nav"
          aria-label="Main"
          data-open={mobileOpen || undefined}
        >
          <ul className="menu" role="list">
            {MAIN_MENU.map((entry) =>
              isGroup(entry) ? (
                <MenuGroup
                  key={entry.id}
                  group={entry}
                  pathname={pathname}
                  open={openGroup === entry.id}
                  onToggle={(open) => setOpenGroup(open ? entry.id : null)}
                  toggleRef={(el) => {
                    if (el) toggleRefs.current.set(entry.id, el);
                    else toggleRefs.current.delete(entry.id);
                  }}
                />
              ) : (
                <li key={entry.to} className="menu__item">
                  <Link
                    to={entry.to}
                    className="menu__link"
                    aria-current={isActivePath(entry.to, pathname) ? "page" : undefined}
                  >
                    {entry.label}
                  </Link>
                </li>
              ),
            )}
          </ul>
          <a href="#main" className="main-nav__close" onClick={closeAll}>
            Close menu
          </a>
        </nav>
        <Link to="/book-appointment" className="button button--accent site-header__book">
          <CalendarCheck aria-hidden="true" size={20} />
          Book Now
        </Link>
      </div>
    </header>
  );
}

function MenuGroup({
  group,
  pathname,
  open,
  onToggle,
  toggleRef,
}: {
  group: NavGroup;
  pathname: string;
  open: boolean;
  onToggle: (open: boolean) => void;
  toggleRef: (el: HTMLButtonElement | null) => void;
}) {
  const panelId = `submenu-${group.id}`;
  const panelRef = useRef<HTMLDivElement>(null);
  const links = group.columns.flatMap((c) => c.links);
  const active = isActivePath(group.to, pathname) || links.some((l) => isActivePath(l.to, pathname));

  function panelLinks(): HTMLAnchorElement[] {
    return Array.from(panelRef.current?.querySelectorAll<HTMLAnchorElement>("a[href]") ?? []);
  }

  function focusLink(index: number) {
    const all = panelLinks();
    all[(index + all.length) % all.length]?.focus();
  }

  function onToggleKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === "ArrowDown") {
      event.preventDefault();
      onToggle(true);
      // The panel is rendered (only hidden) so its links exist; focus after it shows.
      requestAnimationFrame(() => focusLink(0));
    }
  }

  function onPanelKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const all = panelLinks();
    const index = all.indexOf(document.activeElement as HTMLAnchorElement);
    if (index === -1) return;
    const keys: Record<string, number> = {
      ArrowDown: index + 1,
      ArrowRight: index + 1,
      ArrowUp: index - 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: all.length - 1,
    };
    const target = keys[event.key];
    if (target !== undefined) {
      event.preventDefault();
      focusLink(target);
    }
  }

  return (
    <li
      className={`menu__item menu__item--group menu__item--${group.id}${active ? " is-active" : ""}`}
      data-open={open || undefined}
      onBlur={(event) => {
        // Focus leaving the whole group (Tab past its last link) closes it.
        // Only on wide screens, where the panel overlays the page: in the phone menu's
        // accordion, collapsing on blur would move the next button out from under the pointer.
        if (
          open &&
          event.relatedTarget &&
          !event.currentTarget.contains(event.relatedTarget as Node) &&
          window.matchMedia("(min-width: 64rem)").matches
        ) {
          onToggle(false);
        }
      }}
    >
      <div className="menu__row">
        <Link to={group.to} className="menu__link" aria-current={isActivePath(group.to, pathname) ? "page" : undefined}>
          {group.label}
        </Link>
        <button
          ref={toggleRef}
          type="button"
          className="menu__toggle"
          aria-expanded={open}
          aria-controls={panelId}
          aria-label={`${group.label} menu`}
          onClick={() => onToggle(!open)}
          onKeyDown={onToggleKeyDown}
        >
          <ChevronDown aria-hidden="true" size={20} />
        </button>
      </div>
      <div id={panelId} ref={panelRef} className={`submenu submenu--${group.id}`} onKeyDown={onPanelKeyDown}>
        <div className="submenu__columns">
          {group.columns.map((column) => (
            <div key={column.heading} className="submenu__column">
              <p className="submenu__heading" id={`${panelId}-${slug(column.heading)}`}>
                {column.heading}
              </p>
              <ul role="list" aria-labelledby={`${panelId}-${slug(column.heading)}`}>
                {column.links.map((link) => (
                  <li key={link.to + link.label}>
                    <Link
                      to={link.to}
                      className="submenu__link"
                      aria-current={isActivePath(link.to, pathname) ? "page" : undefined}
                    >
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
        {group.footerLink && (
          <Link to={group.footerLink.to} className="submenu__more">
            {group.footerLink.label}
          </Link>
        )}
      </div>
    </li>
  );
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}
