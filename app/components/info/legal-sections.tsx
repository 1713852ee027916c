import type { ReactNode } from "react";
import type { ClinicIdentity } from "@domain/clinic";
import { m } from "@domain/paraglide/messages.js";
import { PhoneLink } from "~/components/layout/phone-link";
import { useLocale } from "~/lib/locale";

export interface LegalSection {
  id: string;
  title: string;
  content: ReactNode;
}

/** Numbered sections of a policy page with a table of contents linking to each. */
export function LegalSections({ sections, updated }: { sections: readonly LegalSection[]; updated?: string }) {
  const locale = useLocale();
  return (
    <div className="legal">
      <nav className="toc" aria-labelledby="toc-title">
        <h2 id="toc-title">{m.info_contents({}, { locale })}</h2>
        <ol>
          {sections.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`}>{s.title}</a>
            </li>
          ))}
        </ol>
      </nav>
      <div className="legal__body">
        {sections.map((s, i) => (
          <section key={s.id} aria-labelledby={s.id}>
            <h2 id={s.id}>
              {i + 1}. {s.title}
            </h2>
            {s.content}
          </section>
        ))}
        {updated && <p className="legal__updated">{updated}</p>}
      </div>
    </div>
  );
}

type ClinicContact = Pick<ClinicIdentity, "name" | "landline" | "whatsapp" | "email" | "address">;

/** The clinic's configured contact details, as a list for policy pages. */
export function ClinicContactList({ clinic }: { clinic: ClinicContact }) {
  const locale = useLocale();
  return (
    <ul>
      <li>
        {m.info_contact_telephone({}, { locale })} <PhoneLink number={clinic.landline} />
      </li>
      <li>
        {m.info_contact_cell({}, { locale })} <PhoneLink number={clinic.whatsapp} />
      </li>
      <li>
        {m.info_contact_email({}, { locale })} <a href={`mailto:${clinic.email}`}>{clinic.email}</a>
      </li>
      <li>
        {m.info_contact_address({}, { locale })} {clinic.name}, {clinic.address.street}, {clinic.address.city}
      </li>
    </ul>
  );
}
