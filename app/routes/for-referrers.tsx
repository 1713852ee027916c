import { Clock, Download, Mail, MessageCircle, Phone } from "lucide-react";
import { Link } from "react-router";
import { closedNote, openingPeriodLabel } from "@domain/clinic";
import { whatsappHref } from "@domain/contact-links";
import { localeOfPath } from "@domain/locale";
import { m } from "@domain/paraglide/messages.js";
import { PageHeader } from "~/components/info/page-header";
import { RichMessage } from "~/components/info/rich-message";
import { PhoneLink } from "~/components/layout/phone-link";
import { referralFormSize } from "~/components/info/referral-form.server";
import { REFERRAL_FORM_PATH } from "@domain/paths";
import { useLocale, usePagePath } from "~/lib/locale";
import { pageMeta } from "~/lib/meta";
import { useClinic } from "~/lib/use-clinic";
import "~/styles/info.css";
import type { Route } from "./+types/for-referrers";

export function meta(args: Route.MetaArgs) {
  const locale = localeOfPath(args.location.pathname);
  return pageMeta(args, {
    title: m.layout_nav_for_referrers({}, { locale }),
    description: m.referrers_meta_description({}, { locale }),
    keywords: m.referrers_meta_keywords({}, { locale }).split(", "),
  });
}

export async function loader() {
  return { referralForm: await referralFormSize() };
}

export default function ForReferrers({ loaderData }: Route.ComponentProps) {
  const clinic = useClinic();
  const locale = useLocale();
  const pagePath = usePagePath();
  const chat = whatsappHref(clinic);
  const { referralForm } = loaderData;
  return (
    <main id="main" className="info-page">
      <PageHeader title={m.layout_nav_for_referrers({}, { locale })} eyebrow={m.referrers_eyebrow({}, { locale })}>
        <p>{m.referrers_lead({}, { locale })}</p>
      </PageHeader>

      <div className="container referrers">
        <div className="referrers__main">
          <section className="info-section" aria-labelledby="referral-form">
            <h2 id="referral-form">{m.referrers_form_heading({}, { locale })}</h2>
            <p>{m.referrers_form_text({}, { locale })}</p>
            <div className="download">
              <a
                className="button button--accent"
                href={REFERRAL_FORM_PATH}
                download="referral-form.pdf"
                type="application/pdf"
              >
                <Download size={20} aria-hidden="true" />
                {m.referrers_download({}, { locale })}
              </a>
              <span className="download__meta">
                {m.referrers_download_meta({ size: referralForm.label }, { locale })}
              </span>
            </div>
            <div className="info-note" role="note">
              <p>
                <strong>{m.referrers_hours_rule({}, { locale })}</strong> {m.referrers_not_emergencies({}, { locale })}
              </p>
            </div>
          </section>

          <section className="info-section" aria-labelledby="how-it-works">
            <h2 id="how-it-works">{m.referrers_next_heading({}, { locale })}</h2>
            <ol className="steps">
              <li>
                <strong>{m.referrers_step_complete_title({}, { locale })}</strong>
                {m.referrers_step_complete_text({}, { locale })}
              </li>
              <li>
                <strong>{m.referrers_step_book_title({}, { locale })}</strong>
                <RichMessage
                  message={m.referrers_step_book_text}
                  parts={{
                    link: <Link to={pagePath("/book-appointment")}>{m.referrers_step_book_link({}, { locale })}</Link>,
                  }}
                  locale={locale}
                />
              </li>
              <li>
                <strong>{m.referrers_step_report_title({}, { locale })}</strong>
                {m.referrers_step_report_text({}, { locale })}
              </li>
            </ol>
          </section>
        </div>

        <aside className="info-section referrers__aside" aria-label={m.referrers_aside_label({}, { locale })}>
          <section className="card" aria-labelledby="contact-title">
            <h2 id="contact-title">{m.referrers_contact_heading({}, { locale })}</h2>
            <ul className="contact-list">
              <li>
                <Phone className="contact-list__icon" size={22} aria-hidden="true" />
                <div>
                  <span className="contact-list__label">{m.referrers_office_telephone({}, { locale })}</span>
                  <PhoneLink number={clinic.landline} />
                </div>
              </li>
              <li>
                <MessageCircle className="contact-list__icon" size={22} aria-hidden="true" />
                <div>
                  <span className="contact-list__label">{m.referrers_cell_whatsapp({}, { locale })}</span>
                  <span className="contact-list__links">
                    <PhoneLink number={clinic.whatsapp} />
                    {chat && (
                      <a href={chat} target="_blank" rel="noopener noreferrer">
                        {m.referrers_chat_whatsapp({}, { locale })}
                        <span className="visually-hidden">{m.referrers_new_tab({}, { locale })}</span>
                      </a>
                    )}
                  </span>
                </div>
              </li>
              <li>
                <Mail className="contact-list__icon" size={22} aria-hidden="true" />
                <div>
                  <span className="contact-list__label">{m.referrers_email({}, { locale })}</span>
                  <a href={`mailto:${clinic.email}`}>{clinic.email}</a>
                </div>
              </li>
            </ul>
          </section>
          <section className="card" aria-labelledby="hours-title">
            <h2 id="hours-title">{m.layout_footer_opening_hours({}, { locale })}</h2>
            <ul className="contact-list">
              {clinic.openingHours.map((period) => (
                <li key={period.label}>
                  <Clock className="contact-list__icon" size={22} aria-hidden="true" />
                  <span>
                    {m.referrers_hours_period(
                      { days: openingPeriodLabel(period, locale), opens: period.opens, closes: period.closes },
                      { locale },
                    )}
                  </span>
                </li>
              ))}
              <li>
                <Clock className="contact-list__icon" size={22} aria-hidden="true" />
                <span>{closedNote(clinic.openingHours, locale)}</span>
              </li>
            </ul>
          </section>
        </aside>
      </div>
    </main>
  );
}
