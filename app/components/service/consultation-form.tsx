import { useId } from "react";
import { Link } from "react-router";
import { isBookableSlug } from "@domain/catalogue";
import { m } from "@domain/paraglide/messages.js";
import { BOOKING_PATH, BOOKING_SERVICE_PARAM, bookingPath } from "@domain/paths";
import { useMessageOptions, usePagePath } from "~/lib/locale";

/** Placeholder choices: roles from the Radiologists page, never invented names. */
const DOCTOR_OPTIONS = [
  m.details_consultation_doctor_first,
  m.details_consultation_doctor_specialist,
  m.details_consultation_doctor_radiographer,
] as const;

/**
 * The /details consultation form. In the original it did nothing; here it says
 * so. Its fields have no `name`, so nothing typed here can reach a URL, a log
 * or a server: submitting opens the appointment page (a GET whose only query
 * is the service's slug, when it can be booked, so the form opens with it chosen),
 * in the page's language.
 */
export function ConsultationForm({ serviceName, serviceSlug }: { serviceName: string; serviceSlug?: string }) {
  const id = useId();
  const options = useMessageOptions();
  const pagePath = usePagePath();
  const bookable = serviceSlug && isBookableSlug(serviceSlug) ? serviceSlug : undefined;
  const doctors = DOCTOR_OPTIONS.map((option) => option({}, options));
  return (
    <section className="consultation" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{m.details_consultation_heading({}, options)}</h2>
      <p className="consultation__note" id={`${id}-note`}>
        {m.details_consultation_note({}, options)}{" "}
        <Link to={pagePath(bookingPath(bookable))}>{m.details_consultation_note_link({}, options)}</Link>.
      </p>
      <form action={pagePath(BOOKING_PATH)} method="get" aria-describedby={`${id}-note`}>
        {bookable && <input type="hidden" name={BOOKING_SERVICE_PARAM} value={bookable} />}
        <div className="field">
          <label htmlFor={`${id}-name`}>{m.details_consultation_name({}, options)}</label>
          <input id={`${id}-name`} type="text" autoComplete="name" />
        </div>
        <div className="field">
          <label htmlFor={`${id}-phone`}>{m.details_consultation_phone({}, options)}</label>
          <input id={`${id}-phone`} type="tel" autoComplete="tel" inputMode="tel" />
        </div>
        <div className="field">
          <label htmlFor={`${id}-doctor`}>{m.details_consultation_doctor({}, options)}</label>
          <select id={`${id}-doctor`} defaultValue={doctors[0]}>
            {doctors.map((o) => (
              <option key={o}>{o}</option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-service`}>{m.details_consultation_service({}, options)}</label>
          <input id={`${id}-service`} type="text" readOnly value={serviceName} />
        </div>
        <button type="submit" className="button button--primary">
          {m.details_consultation_submit({}, options)}
        </button>
      </form>
    </section>
  );
}
