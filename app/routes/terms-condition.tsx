import { Link } from "react-router";
import { ClinicContactList, LegalSections, type LegalSection } from "~/components/info/legal-sections";
import { PageHeader } from "~/components/info/page-header";
import { RichMessage } from "~/components/info/rich-message";
import { bookingPolicy } from "@domain/booking-policy";
import { localeOfPath } from "@domain/locale";
import { m } from "@domain/paraglide/messages.js";
import { useLocale, usePagePath } from "~/lib/locale";
import { pageMeta } from "~/lib/meta";
import { useClinic } from "~/lib/use-clinic";
import "~/styles/info.css";
import type { Route } from "./+types/terms-condition";

export function meta(args: Route.MetaArgs) {
  const locale = localeOfPath(args.location.pathname);
  return pageMeta(args, {
    title: m.terms_title({}, { locale }),
    description: m.terms_meta_description({}, { locale }),
    keywords: m.terms_meta_keywords({}, { locale }).split(", "),
  });
}

export default function TermsAndConditions() {
  const clinic = useClinic();
  const locale = useLocale();
  const pagePath = usePagePath();
  const t = { locale };
  const policy = bookingPolicy(locale);
  const sections: LegalSection[] = [
    {
      id: "services",
      title: m.terms_services_heading({}, t),
      content: (
        <>
          <p>
            {m.terms_services_text({ name: clinic.name }, t)}{" "}
            <RichMessage
              message={m.terms_services_page}
              parts={{ link: <Link to={pagePath("/services")}>{m.terms_services_page_link({}, t)}</Link> }}
              locale={locale}
            />
          </p>
          <p>{m.terms_services_not_advice({}, t)}</p>
        </>
      ),
    },
    {
      id: "appointments",
      title: m.terms_appointments_heading({}, t),
      content: (
        <>
          <p>
            <RichMessage
              message={m.terms_appointments_text}
              parts={{ link: <Link to={pagePath("/book-appointment")}>{m.terms_appointments_link({}, t)}</Link> }}
              locale={locale}
            />
          </p>
          <ul>
            {policy.slice(0, 3).map((rule) => (
              <li key={rule}>{rule}</li>
            ))}
          </ul>
          <p>{m.terms_appointments_referral({}, t)}</p>
        </>
      ),
    },
    {
      id: "patient-responsibilities",
      title: m.terms_responsibilities_heading({}, t),
      content: (
        <ul>
          <li>{m.terms_responsibilities_details({}, t)}</li>
          <li>{m.terms_responsibilities_pregnancy({}, t)}</li>
          <li>{m.terms_responsibilities_preparation({}, t)}</li>
          <li>{policy[3]}</li>
          <li>{m.terms_responsibilities_courtesy({}, t)}</li>
        </ul>
      ),
    },
    {
      id: "payment",
      title: m.terms_payment_heading({}, t),
      content: (
        <>
          <ul>
            <li>{policy[4]}</li>
            <li>{policy[5]}</li>
            <li>{m.terms_payment_cash({}, t)}</li>
          </ul>
          <p>{m.terms_payment_balance({}, t)}</p>
        </>
      ),
    },
    {
      id: "privacy",
      title: m.terms_privacy_heading({}, t),
      content: (
        <p>
          <RichMessage
            message={m.terms_privacy_text}
            parts={{ link: <Link to={pagePath("/privacy")}>{m.layout_nav_privacy({}, t)}</Link> }}
            locale={locale}
          />
        </p>
      ),
    },
    {
      id: "website-use",
      title: m.terms_website_heading({}, t),
      content: (
        <ul>
          <li>{m.terms_website_lawful({}, t)}</li>
          <li>{m.terms_website_truthful({}, t)}</li>
          <li>{m.terms_website_interference({}, t)}</li>
          <li>{m.terms_website_emergencies({}, t)}</li>
        </ul>
      ),
    },
    {
      id: "liability",
      title: m.terms_liability_heading({}, t),
      content: <p>{m.terms_liability_text({}, t)}</p>,
    },
    {
      id: "changes",
      title: m.terms_changes_heading({}, t),
      content: <p>{m.terms_changes_text({}, t)}</p>,
    },
    {
      id: "governing-law",
      title: m.terms_law_heading({}, t),
      content: <p>{m.terms_law_text({}, t)}</p>,
    },
    {
      id: "contact",
      title: m.terms_contact_heading({}, t),
      content: (
        <>
          <p>{m.terms_contact_text({}, t)}</p>
          <ClinicContactList clinic={clinic} />
        </>
      ),
    },
  ];

  return (
    <main id="main" className="info-page">
      <PageHeader title={m.terms_title({}, t)} eyebrow={m.layout_nav_about({}, t)}>
        <p>{m.terms_lead({}, t)}</p>
      </PageHeader>
      <div className="container">
        <LegalSections sections={sections} />
      </div>
    </main>
  );
}
