import { Clock, Mail, MessageCircle, Phone } from "lucide-react";
import type { ReactNode } from "react";

interface ClinicContact {
  landline: string;
  whatsapp: string;
  email: string;
  openingHours: { label: string; opens: string; closes: string }[];
  closedNote: string;
}

/** "+2673163012" → "(+267) 316 3012"; Botswana mobiles as "(+267) 71 234 567". */
export function displayPhone(international: string): string {
  const m = /^\+267(\d+)$/.exec(international);
  if (!m) return international;
  const n = m[1]!;
  if (n.length === 7) return `(+267) ${n.slice(0, 3)} ${n.slice(3)}`;
  if (n.length === 8) return `(+267) ${n.slice(0, 2)} ${n.slice(2, 5)} ${n.slice(5)}`;
  return `(+267) ${n}`;
}

export const whatsappUrl = (international: string, text?: string) =>
  `https://wa.me/${international.replace(/\D/g, "")}${text ? `?text=${encodeURIComponent(text)}` : ""}`;

/** The ways to reach the clinic without the online forms. */
export function ContactOptions({
  clinic,
  headingLevel = 2,
  title,
}: {
  clinic: ClinicContact;
  headingLevel?: 2 | 3;
  title: ReactNode;
}) {
  const H = headingLevel === 2 ? "h2" : "h3";
  return (
    <section className="contact-options" aria-labelledby="contact-options-title">
      <H id="contact-options-title" className="contact-options__title">
        {title}
      </H>
      <ul className="contact-options__list">
        <li>
          <Phone aria-hidden="true" className="contact-options__icon" />
          <span>
            Call us on <a href={`tel:${clinic.landline}`}>{displayPhone(clinic.landline)}</a>
          </span>
        </li>
        <li>
          <MessageCircle aria-hidden="true" className="contact-options__icon" />
          <span>
            WhatsApp us on{" "}
            <a href={whatsappUrl(clinic.whatsapp)} rel="noopener noreferrer" target="_blank">
              {displayPhone(clinic.whatsapp)}
              <span className="visually-hidden"> (opens WhatsApp)</span>
            </a>
          </span>
        </li>
        <li>
          <Mail aria-hidden="true" className="contact-options__icon" />
          <span>
            E-mail <a href={`mailto:${clinic.email}`}>{clinic.email}</a>
          </span>
        </li>
        <li>
          <Clock aria-hidden="true" className="contact-options__icon" />
          <span>
            Opening hours:
            <span className="contact-options__hours">
              {clinic.openingHours.map((p) => (
                <span key={p.label} className="contact-options__hour">
                  {p.label}: {p.opens} to {p.closes}
                </span>
              ))}
              <span className="contact-options__hour">{clinic.closedNote}</span>
            </span>
          </span>
        </li>
      </ul>
    </section>
  );
}

/**
 * Shown in place of the live form until the page is interactive, and the
 * only thing a visitor without JavaScript sees: never a form that silently
 * does nothing.
 */
export function FormNeedsScript({
  clinic,
  what,
}: {
  clinic: Pick<ClinicContact, "landline" | "whatsapp">;
  what: string;
}) {
  return (
    <div className="form-placeholder">
      <noscript>
        <div className="notice">
          <p>
            <strong>The online {what} needs JavaScript, which is turned off or not available in your browser.</strong>
          </p>
          <p>
            Call us on <a href={`tel:${clinic.landline}`}>{displayPhone(clinic.landline)}</a> or WhatsApp us on{" "}
            <a href={whatsappUrl(clinic.whatsapp)}>{displayPhone(clinic.whatsapp)}</a> instead.
          </p>
        </div>
      </noscript>
    </div>
  );
}
