import type { ClinicIdentity } from "@domain/clinic";

type LdClinic = Pick<ClinicIdentity, "name" | "landline" | "email" | "address" | "geo" | "openingHours"> & {
  publicBaseUrl: string;
};

const DAY_NAMES = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

/** schema.org MedicalClinic description of the clinic, from configuration. */
export function clinicJsonLd(clinic: LdClinic) {
  return {
    "@context": "https://schema.org",
    "@type": "MedicalClinic",
    name: clinic.name,
    url: `${clinic.publicBaseUrl}/`,
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
  return (
    <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(clinicJsonLd(clinic)) }} />
  );
}
