import { Clock, Mail, MessageCircle, Phone } from "lucide-react";
import type { ReactNode } from "react";
import { closedNote, openingPeriodLabel, type ClinicIdentity } from "@domain/clinic";
import { formatPhone, whatsappHref } from "@domain/contact-links";
import { BASE_LOCALE } from "@domain/locale";
import { m } from "@domain/paraglide/messages.js";
import { RichMessage } from "~/components/info/rich-message";
import { PhoneLink } from "~/components/layout/phone-link";
import { useLocale } from "~/lib/locale";

export type ClinicContact = Pick<ClinicIdentity, "landline" | "whatsapp" | "email" | "openingHours" | "closedNote">;

/** Just the ways to reach the clinic, from its details (a form page's island gets no more). */
export function clinicContact({ landline, whatsapp, email, openingHours, closedNote }: ClinicContact): ClinicContact {
  return { landline, whatsapp, email, openingHours, closedNote };
}

/** The ways to reach the clinic without the online forms, in the page's language. */
export function ContactOptions({
  clinic,
  headingLevel = 2,
  title,
}: {
  clinic: ClinicContact;
  headingLevel?: 2 | 3;
  title: ReactNode;
}) {
  const locale = useLocale();
  const t = { locale };
  const H = headingLevel === 2 ? "h2" : "h3";
  const chat = whatsappHref(clinic);
  // The closed days from the same hours, in the page's language (English: the clinic's own note).
  const closed = locale === BASE_LOCALE ? clinic.closedNote : closedNote(clinic.openingHours, locale);
  return (
    <section className="contact-options" aria-labelledby="contact-options-title">
      <H id="contact-options-title" className="contact-options__title">
        {title}
      </H>
      <ul className="contact-options__list">
        <li>
          <Phone aria-hidden="true" className="contact-options__icon" />
          <span>
            <RichMessage
              message={m.form_call_us_on}
              parts={{ number: <PhoneLink number={clinic.landline} /> }}
              locale={locale}
            />
          </span>
        </li>
        <li>
          <MessageCircle aria-hidden="true" className="contact-options__icon" />
          <span>
            <RichMessage
              message={m.form_whatsapp_us_on}
              parts={{
                number: chat ? (
                  <a href={chat} rel="noopener noreferrer" target="_blank">
                    {formatPhone(clinic.whatsapp)}
                    <span className="visually-hidden">{` ${m.form_opens_whatsapp({}, t)}`}</span>
                  </a>
                ) : (
                  formatPhone(clinic.whatsapp)
                ),
              }}
              locale={locale}
            />
          </span>
        </li>
        <li>
          <Mail aria-hidden="true" className="contact-options__icon" />
          <span>
            <RichMessage
              message={m.form_email_us}
              parts={{ address: <a href={`mailto:${clinic.email}`}>{clinic.email}</a> }}
              locale={locale}
            />
          </span>
        </li>
        <li>
          <Clock aria-hidden="true" className="contact-options__icon" />
          <span>
            {m.form_opening_hours({}, t)}
            <span className="contact-options__hours">
              {clinic.openingHours.map((p) => (
                <span key={p.label} className="contact-options__hour">
                  {m.form_hours_line({ days: openingPeriodLabel(p, locale), opens: p.opens, closes: p.closes }, t)}
                </span>
              ))}
              <span className="contact-options__hour">{closed}</span>
            </span>
          </span>
        </li>
      </ul>
    </section>
  );
}
