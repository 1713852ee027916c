import { CalendarCheck, Phone } from "lucide-react";
import { Link } from "react-router";
import { formatPhone } from "@domain/contact-links";
import { m } from "@domain/paraglide/messages.js";
import { bookingPath } from "@domain/paths";
import { useMessageOptions, usePagePath } from "~/lib/locale";
import { useClinic } from "~/lib/use-clinic";

/**
 * The closing section most service pages end with: the radiologist's written report to the referring doctor, payment
 * on the day, and how to book (the booking page opens with this service chosen when it can be requested).
 */
export function ServiceClosing({ slug }: { slug: string }) {
  const clinic = useClinic();
  const options = useMessageOptions();
  const pagePath = usePagePath();
  return (
    <section className="service-closing" aria-labelledby="service-closing-heading">
      <h2 id="service-closing-heading">{m.services_closing_heading({}, options)}</h2>
      <p>{m.services_closing_report({}, options)}</p>
      <p>{m.services_closing_payment({}, options)}</p>
      <p>{m.services_closing_book({}, options)}</p>
      <div className="service-closing__actions">
        <a className="button button--primary" href={`tel:${clinic.landline}`}>
          <Phone aria-hidden="true" focusable="false" size={20} />
          <span>
            {m.services_closing_call({}, options)}{" "}
            <span className="service-closing__number">{formatPhone(clinic.landline)}</span>
          </span>
        </a>
        <Link className="button button--accent" to={pagePath(bookingPath(slug))}>
          <CalendarCheck aria-hidden="true" focusable="false" size={20} />
          {m.layout_book_now({}, options)}
        </Link>
      </div>
    </section>
  );
}
