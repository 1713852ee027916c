import { useId } from "react";
import { Link } from "react-router";

/** Placeholder choices: roles from the Radiologists page, never invented names. */
const DOCTOR_OPTIONS = ["First available doctor", "Specialist radiologist", "Lead radiographer"] as const;

/**
 * The /details consultation form. In the original it did nothing; here it says
 * so. Its fields have no `name`, so nothing typed here can reach a URL, a log
 * or a server: submitting opens the appointment page (a GET with an empty query).
 */
export function ConsultationForm({ serviceName }: { serviceName: string }) {
  const id = useId();
  return (
    <section className="consultation" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Ask for a consultation</h2>
      <p className="consultation__note" id={`${id}-note`}>
        This form does not send your details anywhere. Consultations are booked through our{" "}
        <Link to="/book-appointment">appointment page</Link>.
      </p>
      <form action="/book-appointment" method="get" aria-describedby={`${id}-note`}>
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
