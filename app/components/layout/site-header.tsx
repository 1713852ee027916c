import { CalendarCheck, ChevronDown, Languages, Menu, MessageCircle, Phone } from "lucide-react";
import { useLocation } from "react-router";
import type { ClinicIdentity } from "@domain/clinic";
import { compactHours, formatPhone, telHref, whatsappHref } from "@domain/contact-links";
import { LANGUAGE_NAMES, LANGUAGE_TAGS, LOCALES, localisedPath } from "@domain/locale";
import { m } from "@domain/paraglide/messages.js";
import { useLocale, usePagePath } from "~/lib/locale";
import { useBookingHref } from "./booking-href";
import { Logo } from "./logo";
import { MAIN_MENU, isActivePath, isGroup, type NavGroup } from "./nav-data";

type HeaderClinic = Pick<ClinicIdentity, "name" | "shortName" | "landline" | "whatsapp" | "openingHours">;

/**
 * Site header: logo, main menu with the About us submenu and the Services
 * mega-menu, Book Now, Call Us Now and Whatsapp Us. No script: every menu is
 * a `<details>` whose `<summary>` opens and closes it with a tap, a click,
 * Enter or Space. The two submenus share a `name`, so opening one closes the
 * other. On phones the whole menu is one more `<details>` behind the Menu
 * button; on wide screens (where the browser can style `::details-content`)
 * that button is hidden and the menu always shows.
 *
 * Links are plain document links (`<a href>`), also on the pages that do load
 * scripts, so going to a content page always loads that page without scripts.
 */
export function SiteHeader({ clinic }: { clinic: HeaderClinic }) {
  const { pathname, search } = useLocation();
  const locale = useLocale();
  const pagePath = usePagePath();
  const chat = whatsappHref(clinic);

  return (
    <header className="site-header">
      <div className="site-header__top">
        <div className="container site-header__top-inner">
          <p className="site-header__hours">
            {m.layout_open_hours({ hours: compactHours(clinic.openingHours, locale) }, { locale })}
          </p>
          <ul className="site-header__contact" role="list">
            {LOCALES.filter((other) => other !== locale).map((other) => (
              // The same page in the other language, named in that language: a plain link (decision 037).
              <li key={other} className="site-header__language">
                <a
                  href={localisedPath(`${pathname}${search}`, other)}
                  lang={LANGUAGE_TAGS[other]}
                  hrefLang={LANGUAGE_TAGS[other]}
                  className="top-link"
                >
                  <Languages aria-hidden="true" size={18} />
                  <span>{LANGUAGE_NAMES[other]}</span>
                </a>
              </li>
            ))}
            <li>
              <a href={telHref(clinic.landline)} className="top-link">
                <Phone aria-hidden="true" size={18} />
                <span>{m.layout_call_us({}, { locale })}</span>
                <span className="top-link__detail">{formatPhone(clinic.landline)}</span>
              </a>
            </li>
            {chat && (
              <li>
                <a href={chat} className="top-link" target="_blank" rel="noopener noreferrer">
                  <MessageCircle aria-hidden="true" size={18} />
                  <span>{m.layout_whatsapp_us({}, { locale })}</span>
                  <span className="visually-hidden">{m.layout_whatsapp_new_tab({}, { locale })}</span>
                </a>
              </li>
            )}
          </ul>
        </div>
      </div>
      <div className="container site-header__bar">
        <Logo name={clinic.shortName} />
        <details className="site-menu">
          <summary className="menu-button">
            <Menu aria-hidden="true" size={22} />
            <span>{m.layout_menu({}, { locale })}</span>
          </summary>
          <nav id="site-menu" className="main-nav" aria-label={m.layout_main_nav({}, { locale })}>
            <ul className="menu" role="list">
              {MAIN_MENU.map((entry) =>
                isGroup(entry) ? (
                  <MenuGroup key={entry.id} group={entry} pathname={pathname} />
                ) : (
                  <li key={entry.to} className="menu__item">
                    <a
                      href={pagePath(entry.to)}
                      className="menu__link"
                      aria-current={isActivePath(entry.to, pathname) ? "page" : undefined}
                    >
                      {entry.label(locale)}
                    </a>
                  </li>
                ),
              )}
            </ul>
          </nav>
        </details>
        <a href={useBookingHref()} className="button button--accent site-header__book">
          <CalendarCheck aria-hidden="true" size={20} />
          {m.layout_book_now({}, { locale })}
        </a>
      </div>
    </header>
  );
}

/**
 * A submenu: the group's name is the summary that opens it (marked active when
 * the current page is one of its links); the panel lists the group's pages,
 * the group's own page among them.
 */
function MenuGroup({ group, pathname }: { group: NavGroup; pathname: string }) {
  const locale = useLocale();
  const pagePath = usePagePath();
  const panelId = `submenu-${group.id}`;
  const links = group.columns.flatMap((c) => c.links);
  const active = isActivePath(group.to, pathname) || links.some((l) => isActivePath(l.to, pathname));

  return (
    <li className={`menu__item menu__item--group menu__item--${group.id}${active ? " is-active" : ""}`}>
      <details className="menu__details" name="site-submenu">
        <summary className="menu__link menu__summary">
          <span>{group.label(locale)}</span>
          <ChevronDown aria-hidden="true" size={20} className="menu__chevron" />
        </summary>
        <div id={panelId} className={`submenu submenu--${group.id}`}>
          <div className="submenu__columns">
            {group.columns.map((column, index) => (
              <div key={index} className="submenu__column">
                <p className="submenu__heading" id={`${panelId}-${index}`}>
                  {column.heading(locale)}
                </p>
                <ul role="list" aria-labelledby={`${panelId}-${index}`}>
                  {column.links.map((link) => (
                    <li key={link.to}>
                      <a
                        href={pagePath(link.to)}
                        className="submenu__link"
                        aria-current={isActivePath(link.to, pathname) ? "page" : undefined}
                      >
                        {link.label(locale)}
                      </a>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
          {group.footerLink && (
            <a
              href={pagePath(group.footerLink.to)}
              className="submenu__more"
              aria-current={isActivePath(group.footerLink.to, pathname) ? "page" : undefined}
            >
              {group.footerLink.label(locale)}
            </a>
          )}
        </div>
      </details>
    </li>
  );
}
