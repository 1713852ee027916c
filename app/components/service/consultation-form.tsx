import { useId } from "react";
import { Link } from "react-router";
import { BOOKING_PATH, BOOKING_SERVICE_PARAM, bookingPath } from "@domain/paths";
import { isBookableSlug } from "@domain/catalogue";

/** Placeholder choices: roles from the Radiologists page, never invented names. */
const DOCTOR_OPTIONS = ["First available doctor", "Specialist radiologist", "Lead radiographer"] as const;

/**
 * The /details consultation form. In the original it did nothing; here it says
 * so. Its fields have no `name`, so nothing typed here can reach a URL, a log
 * or a server: submitting opens the appointment page (a GET whose only query
 * is the service's slug, when it can be booked, so the form opens with it chosen).
 */
export function ConsultationForm({ serviceName, serviceSlug }: { serviceName: string; serviceSlug?: string }) {
  const id = useId();
  const bookable = serviceSlug && isBookableSlug(serviceSlug) ? serviceSlug : undefined;
  return (
    <section className="consultation" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Ask for a consultation</h2>
      <p className="consultation__note" id={`${id}-note`}>
        This form does not send your details anywhere. Consultations are booked through our{" "}
        <Link to={bookingPath(bookable)}>appointment page</Link>.
      </p>
      <form action={BOOKING_PATH} method="get" aria-describedby={`${id}-note`}>
        {bookable && <input type="hidden" name={BOOKING_SERVICE_PARAM} value={bookable} />}
        <div className="field">
          <label htmlFor={`${id}-name`}>Your name</label>
          <input id={`${id}-name`} type="text" autoComplete="name" />
        </div>
        <div className="field">
          <label htmlFor={`${id}-phone`}>Phone number</label>
          <input id={`${id}-phone`} type="tel" autoComplete="tel" inputMode="tel" />
        </div>
        <div className="field">
          <label htmlFor={`${id}-doctor`}>Doctor</label>
          <select id={`${id}-doctor`} defaultValue={DOCTOR_OPTIONS[0]}>
            {DOCTOR_OPTIONS.map((o) => (
              <option key={o}>{o}</option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-service`}>Service</label>
          <input id={`${id}-service`} type="text" readOnly value={serviceName} />
        </div>
        <button type="submit" className="button button--primary">
          Request consultation
        </button>
      </form>
    </section>
  );
}
