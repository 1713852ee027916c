import { Clock, Mail, MapPin, Phone } from "lucide-react";
import { closedNote, openingPeriodLabel, type ClinicIdentity } from "@domain/clinic";
import { m } from "@domain/paraglide/messages.js";
import { YEAR_STAMP_ATTRIBUTE } from "@domain/stamps";
import { useLocale, usePagePath } from "~/lib/locale";
import { Logo } from "./logo";
import { PhoneLink } from "./phone-link";
import { POPULAR_SERVICES, QUICK_LINKS } from "./nav-data";

type FooterClinic = Pick<
  ClinicIdentity,
  "name" | "shortName" | "landline" | "email" | "address" | "openingHours" | "siteCredit"
>;

/**
 * The copyright year: the clinic's current year, with no script. A page
 * rendered per request prints it directly; a prerendered page carries the
 * year it was built in, which the server replaces (the element's
 * YEAR_STAMP_ATTRIBUTE marks it) when it loads the page and again when the
 * year turns (server/http/static-site.ts). A hydrating page may thus hold a later
 * year than its loader data: the server's text is kept.
 */
function CopyrightYear({ renderedYear }: { renderedYear: number }) {
  const stamp = { [YEAR_STAMP_ATTRIBUTE]: "" };
  return (
    <span data-testid="copyright-year" {...stamp} suppressHydrationWarning>
      {renderedYear}
    </span>
  );
}

export function SiteFooter({ clinic, renderedYear }: { clinic: FooterClinic; renderedYear: number }) {
  const locale = useLocale();
  const pagePath = usePagePath();
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__brand">
          <Logo name={clinic.shortName} className="logo--inverse" />
          <address className="site-footer__contact">
            <p>
              <MapPin aria-hidden="true" size={20} />
              <span>
                {clinic.address.street}, {clinic.address.city}, Botswana
              </span>
            </p>
            <p>
              <Phone aria-hidden="true" size={20} />
              <PhoneLink number={clinic.landline} />
            </p>
            <p>
              <Mail aria-hidden="true" size={20} />
              <a href={`mailto:${clinic.email}`}>{clinic.email}</a>
            </p>
          </address>
        </div>
        <nav className="site-footer__col" aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links">{m.layout_footer_quick_links({}, { locale })}</h2>
          <ul role="list">
            {QUICK_LINKS.map((l) => (
              <li key={l.to}>
                <a href={pagePath(l.to)}>{l.label(locale)}</a>
              </li>
            ))}
          </ul>
        </nav>
        <nav className="site-footer__col" aria-labelledby="footer-popular-services">
          <h2 id="footer-popular-services">{m.layout_footer_popular_services({}, { locale })}</h2>
          <ul role="list">
            {POPULAR_SERVICES.map((l) => (
              <li key={l.to}>
                <a href={pagePath(l.to)}>{l.label(locale)}</a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="site-footer__col">
          <h2>
            <Clock aria-hidden="true" size={20} /> {m.layout_footer_opening_hours({}, { locale })}
          </h2>
          <dl className="site-footer__hours">
            {clinic.openingHours.map((p) => (
              <div key={p.label}>
                <dt>{openingPeriodLabel(p, locale)}</dt>
                <dd>{m.layout_footer_hours_range({ opens: p.opens, closes: p.closes }, { locale })}</dd>
              </div>
            ))}
          </dl>
          <p className="site-footer__closed">{closedNote(clinic.openingHours, locale)}</p>
        </div>
      </div>
      <div className="site-footer__bottom">
        <div className="container site-footer__bottom-inner">
          <p>
            © <CopyrightYear renderedYear={renderedYear} /> {clinic.name}. {m.layout_footer_rights({}, { locale })}
          </p>
          <ul role="list" className="site-footer__legal">
            <li>
              <a href={pagePath("/terms-condition")}>{m.layout_nav_terms({}, { locale })}</a>
            </li>
            <li>
              <a href={pagePath("/privacy")}>{m.layout_nav_privacy({}, { locale })}</a>
            </li>
          </ul>
          <p className="site-footer__credit">
            {clinic.siteCredit
              ? m.layout_site_credit({ maker: clinic.siteCredit }, { locale })
              : m.layout_site_credit_placeholder({}, { locale })}
          </p>
        </div>
      </div>
    </footer>
  );
}
