import { Clock, Mail, MessageCircle, Phone } from "lucide-react";
import type { ReactNode } from "react";
import type { ClinicIdentity } from "@domain/clinic";
import { formatPhone, whatsappHref } from "@domain/contact-links";
import { PhoneLink } from "~/components/layout/phone-link";

export type ClinicContact = Pick<ClinicIdentity, "landline" | "whatsapp" | "email" | "openingHours" | "closedNote">;

/** Just the ways to reach the clinic, from its details (a form page's island gets no more). */
export function clinicContact({ landline, whatsapp, email, openingHours, closedNote }: ClinicContact): ClinicContact {
  return { landline, whatsapp, email, openingHours, closedNote };
}

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
  const chat = whatsappHref(clinic);
  return (
    <section className="contact-options" aria-labelledby="contact-options-title">
      <H id="contact-options-title" className="contact-options__title">
        {title}
      </H>
      <ul className="contact-options__list">
        <li>
          <Phone aria-hidden="true" className="contact-options__icon" />
          <span>
            Call us on <PhoneLink number={clinic.landline} />
          </span>
        </li>
        <li>
          <MessageCircle aria-hidden="true" className="contact-options__icon" />
          <span>
            WhatsApp us on{" "}
            {chat ? (
              <a href={chat} rel="noopener noreferrer" target="_blank">
                {formatPhone(clinic.whatsapp)}
                <span className="visually-hidden"> (opens WhatsApp)</span>
              </a>
            ) : (
              formatPhone(clinic.whatsapp)
            )}
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
