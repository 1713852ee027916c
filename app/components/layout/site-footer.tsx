import { Clock, Mail, MapPin, Phone } from "lucide-react";
import { useEffect, useState } from "react";
import type { ClinicIdentity } from "@domain/clinic";
import { Logo } from "./logo";
import { PhoneLink } from "./phone-link";
import { POPULAR_SERVICES, QUICK_LINKS } from "./nav-data";

type FooterClinic = Pick<
  ClinicIdentity,
  "name" | "shortName" | "landline" | "email" | "address" | "openingHours" | "closedNote" | "siteCredit"
>;

/**
 * The copyright year. Prerendered pages bake the year they were built in
 * (`renderedYear`, from the root loader, so hydration matches); the browser
 * then shows the current year.
 */
function CurrentYear({ renderedYear }: { renderedYear: number }) {
  const [year, setYear] = useState(renderedYear);
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the clock is only readable after hydration
    setYear(new Date().getFullYear());
  }, []);
  return <span data-testid="copyright-year">{year}</span>;
}

export function SiteFooter({ clinic, renderedYear }: { clinic: FooterClinic; renderedYear: number }) {
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
          <h2 id="footer-quick-links">Quick Links</h2>
          <ul role="list">
            {QUICK_LINKS.map((l) => (
              <li key={l.to}>
                <a href={l.to}>{l.label}</a>
              </li>
            ))}
          </ul>
        </nav>
        <nav className="site-footer__col" aria-labelledby="footer-popular-services">
          <h2 id="footer-popular-services">Popular Services</h2>
          <ul role="list">
            {POPULAR_SERVICES.map((l) => (
              <li key={l.to}>
                <a href={l.to}>{l.label}</a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="site-footer__col">
          <h2>
            <Clock aria-hidden="true" size={20} /> Opening hours
          </h2>
          <dl className="site-footer__hours">
            {clinic.openingHours.map((p) => (
              <div key={p.label}>
                <dt>{p.label}</dt>
                <dd>
                  {p.opens} to {p.closes}
                </dd>
              </div>
            ))}
          </dl>
          <p className="site-footer__closed">{clinic.closedNote}</p>
        </div>
      </div>
      <div className="site-footer__bottom">
        <div className="container site-footer__bottom-inner">
          <p>
            © <CurrentYear renderedYear={renderedYear} /> {clinic.name}. All rights reserved.
          </p>
          <ul role="list" className="site-footer__legal">
            <li>
              <a href="/terms-condition">Terms & conditions</a>
            </li>
            <li>
              <a href="/privacy">Privacy Policy</a>
            </li>
          </ul>
          <p className="site-footer__credit">{clinic.siteCredit}</p>
        </div>
      </div>
    </footer>
  );
}
