import type { ClinicIdentity } from "@domain/clinic";
import { LANGUAGE_TAGS, LOCALES, localisedPath, type Locale } from "@domain/locale";
import { useLocale } from "~/lib/locale";

type LdClinic = Pick<ClinicIdentity, "name" | "landline" | "email" | "address" | "geo" | "openingHours"> & {
  publicBaseUrl: string;
};

const DAY_NAMES = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

/**
 * schema.org MedicalClinic description of the clinic, from configuration, for a page in `locale`: its
 * home page is that language's, and it says which languages the clinic's site and staff use.
 */
export function clinicJsonLd(clinic: LdClinic, locale: Locale = "en") {
  const home = localisedPath("/", locale);
  return {
    "@context": "https://schema.org",
    "@type": "MedicalClinic",
    name: clinic.name,
    url: `${clinic.publicBaseUrl}${home}`,
    knowsLanguage: LOCALES.map((l) => LANGUAGE_TAGS[l]),
    telephone: clinic.landline,
    email: clinic.email,
    address: {
      "@type": "PostalAddress",
      streetAddress: clinic.address.street,
      addressLocality: clinic.address.city,
      addressCountry: clinic.address.country,
    },
    geo: { "@type": "GeoCoordinates", latitude: clinic.geo.latitude, longitude: clinic.geo.longitude },
    openingHoursSpecification: clinic.openingHours.map((p) => ({
      "@type": "OpeningHoursSpecification",
      dayOfWeek: p.days.map((d) => `https://schema.org/${DAY_NAMES[d - 1]}`),
      opens: p.opens,
      closes: p.closes,
    })),
  };
}

/** JSON for an inline script: "<" is escaped so no value can close the script element. */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

export function ClinicJsonLd({ clinic }: { clinic: LdClinic }) {
  const json = serializeJsonLd(clinicJsonLd(clinic, useLocale()));
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
