import { CalendarCheck, Phone } from "lucide-react";
import { Link } from "react-router";
import { useClinic } from "~/lib/use-clinic";
import { formatPhone } from "@domain/contact-links";
import { bookingPath } from "@domain/paths";

/**
 * The closing section most service pages end with: the radiologist's written report to the referring doctor, payment
 * on the day, and how to book (the booking page opens with this service chosen when it can be requested).
 */
export function ServiceClosing({ slug }: { slug: string }) {
  const clinic = useClinic();
  return (
    <section className="service-closing" aria-labelledby="service-closing-heading">
      <h2 id="service-closing-heading">Your results and your appointment</h2>
      <p>
        A radiologist reviews your images and sends a written report to the doctor who referred you. Your doctor will go
        through the results with you.
      </p>
      <p>Your account is settled on the day of your examination.</p>
      <p>To make an appointment, call the clinic or book online.</p>
      <div className="service-closing__actions">
        <a className="button button--primary" href={`tel:${clinic.landline}`}>
          <Phone aria-hidden="true" focusable="false" size={20} />
          <span>
            Call <span className="service-closing__number">{formatPhone(clinic.landline)}</span>
          </span>
        </a>
        <Link className="button button--accent" to={bookingPath(slug)}>
          <CalendarCheck aria-hidden="true" focusable="false" size={20} />
          Book Now
        </Link>
      </div>
    </section>
  );
}
