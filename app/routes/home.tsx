import {
  CalendarCheck,
  Clock,
  ClipboardList,
  Mail,
  MapPin,
  MessageCircle,
  Phone,
  Stethoscope,
  Upload,
} from "lucide-react";
import { HeroSlides } from "~/components/home/hero-slides";
import { MapSection } from "~/components/home/map-section";
import { ServiceTabs } from "~/components/home/service-tabs";
import { HeroIllustration } from "~/components/illustrations/hero-illustration";
import { formatPhone, mapsHref, telHref, whatsappHref } from "@domain/contact-links";
import { PhoneLink } from "~/components/layout/phone-link";
import { serviceCategories } from "@domain/catalogue";
import { closedDaysWords, openingPeriodLabel } from "@domain/clinic";
import { localeOfPath, localised, type Locale } from "@domain/locale";
import { m } from "@domain/paraglide/messages.js";
import { ARRIVE_EARLY_MINUTES, visitWords } from "@domain/visit-words";
import { useLocale, usePagePath } from "~/lib/locale";
import { pageMeta } from "~/lib/meta";
import { useClinic } from "~/lib/use-clinic";
import type { Route } from "./+types/home";
import "~/styles/home.css";

export function meta(args: Route.MetaArgs) {
  const locale = localeOfPath(args.location.pathname);
  return pageMeta(args, {
    title: m.home_meta_title({}, { locale }),
    description: m.home_meta_description({}, { locale }),
    keywords: m.home_meta_keywords({}, { locale }).split(", "),
  });
}

const STEPS = [
  {
    icon: CalendarCheck,
    title: localised(m.home_step_schedule_title),
    text: localised(m.home_step_schedule_text),
  },
  {
    icon: Upload,
    title: localised(m.home_step_upload_title),
    text: localised(m.home_step_upload_text),
  },
  {
    icon: ClipboardList,
    title: localised(m.home_step_prepare_title),
    text: (locale: Locale) =>
      m.home_step_prepare_text(
        { minutes: ARRIVE_EARLY_MINUTES, bring: visitWords(locale).whatToBringShort },
        { locale },
      ),
  },
] as const;

export default function Home() {
  const clinic = useClinic();
  const locale = useLocale();
  const pagePath = usePagePath();
  const chat = whatsappHref(clinic);
  const city = clinic.address.city;
  const newTab = m.home_new_tab({}, { locale });

  const slides = [
    {
      id: "care",
      label: m.home_slide_care_label({}, { locale }),
      content: (
        <div className="hero-slide">
          <p className="hero-slide__kicker">{m.home_slide_care_label({}, { locale })}</p>
          <h2 className="hero-slide__title">{m.home_slide_care_title({}, { locale })}</h2>
          <p className="hero-slide__text">{m.home_slide_care_text({}, { locale })}</p>
          <div className="hero-slide__actions">
            <a href={pagePath("/book-appointment")} className="button button--accent button--large">
              {m.layout_book_now({}, { locale })}
            </a>
            <a href={pagePath("/services")} className="button button--outline button--large">
              {m.home_our_services({}, { locale })}
            </a>
          </div>
        </div>
      ),
    },
    {
      id: "centre",
      label: m.home_slide_centre_label({}, { locale }),
      content: (
        <div className="hero-slide">
          <p className="hero-slide__kicker">{m.home_slide_centre_label({}, { locale })}</p>
          <h2 className="hero-slide__title">{m.home_slide_centre_title({ city }, { locale })}</h2>
          <p className="hero-slide__text">{m.home_slide_centre_text({}, { locale })}</p>
          <div className="hero-slide__actions">
            <a href={pagePath("/services")} className="button button--primary button--large">
              {m.home_explore_services({}, { locale })}
            </a>
            <a href={pagePath("/for-referrers")} className="button button--outline button--large">
              {m.home_for_referring_doctors({}, { locale })}
            </a>
          </div>
        </div>
      ),
    },
  ];

  return (
    <main id="main" className="home">
      <section className="hero" aria-labelledby="home-title">
        <div className="container hero__inner">
          <div className="hero__text">
            <h1 id="home-title" className="hero__title">
              {clinic.name}
              <span className="hero__subtitle">{m.home_subtitle({ city }, { locale })}</span>
            </h1>
            <HeroSlides slides={slides} label={m.home_slides_label({}, { locale })} />
          </div>
          <HeroIllustration className="hero__art" />
        </div>
      </section>

      <section className="section info-boxes" aria-labelledby="info-title">
        <div className="container">
          <h2 id="info-title" className="visually-hidden">
            {m.home_info_heading({}, { locale })}
          </h2>
          <ul role="list" className="info-grid">
            <li className="info-box">
              <MapPin aria-hidden="true" className="info-box__icon" size={28} />
              <h3>{m.home_find_clinic({}, { locale })}</h3>
              <p>
                {clinic.address.street}, {city}
              </p>
              <a href={mapsHref(clinic)} target="_blank" rel="noopener noreferrer">
                {m.home_locate_maps({}, { locale })}
                <span className="visually-hidden">{newTab}</span>
              </a>
            </li>
            <li className="info-box">
              <Phone aria-hidden="true" className="info-box__icon" size={28} />
              <h3>{m.home_call_directly({}, { locale })}</h3>
              <p>
                {m.home_landline({}, { locale })} <PhoneLink number={clinic.landline} />
              </p>
              <p>
                {m.home_cell_whatsapp({}, { locale })}{" "}
                {chat ? (
                  <a href={chat} target="_blank" rel="noopener noreferrer">
                    {formatPhone(clinic.whatsapp)}
                    <span className="visually-hidden">{m.home_whatsapp_chat_new_tab({}, { locale })}</span>
                  </a>
                ) : (
                  formatPhone(clinic.whatsapp)
                )}
              </p>
            </li>
            <li className="info-box">
              <Mail aria-hidden="true" className="info-box__icon" size={28} />
              <h3>{m.home_email_heading({}, { locale })}</h3>
              <p>{m.home_email_text({}, { locale })}</p>
              <a href={`mailto:${clinic.email}`} className="info-box__email">
                {clinic.email}
              </a>
            </li>
            <li className="info-box">
              <Stethoscope aria-hidden="true" className="info-box__icon" size={28} />
              <h3>{m.home_for_referring_doctors({}, { locale })}</h3>
              <p>{m.home_referrers_text({}, { locale })}</p>
              <a href={pagePath("/for-referrers")}>{m.home_referrers_link({}, { locale })}</a>
            </li>
          </ul>
        </div>
      </section>

      <section className="section section--tint" aria-labelledby="services-title">
        <div className="container">
          <div className="section__head">
            <h2 id="services-title">{m.home_services_heading({}, { locale })}</h2>
            <p className="prose">{m.home_services_intro({}, { locale })}</p>
          </div>
          <ServiceTabs categories={serviceCategories(locale)} />
          <p className="section__more">
            <a href={pagePath("/services")} className="button button--outline">
              {m.home_see_all_services({}, { locale })}
            </a>
          </p>
        </div>
      </section>

      <section className="section" aria-labelledby="guide-title">
        <div className="container guide">
          <div className="guide__intro">
            <h2 id="guide-title">{m.home_guide_heading({}, { locale })}</h2>
            <ol className="steps" role="list">
              {STEPS.map((step, i) => (
                <li key={i} className="step">
                  <span className="step__number" aria-hidden="true">
                    {i + 1}
                  </span>
                  <div>
                    <h3 className="step__title">
                      <span className="visually-hidden">{m.home_step_label({ number: i + 1 }, { locale })}</span>
                      {step.title(locale)}
                    </h3>
                    <p>{step.text(locale)}</p>
                  </div>
                  <step.icon aria-hidden="true" className="step__icon" size={28} />
                </li>
              ))}
            </ol>
            {/* Plain links on a page without script: a tap is never lost to hydration. */}
            <div className="guide__actions">
              <a href={pagePath("/book-appointment")} className="button button--accent button--large">
                <CalendarCheck aria-hidden="true" size={20} />
                {m.home_book_appointment({}, { locale })}
              </a>
              <a href={pagePath("/contact-us")} className="button button--outline button--large">
                {m.layout_nav_contact({}, { locale })}
              </a>
            </div>
          </div>
          <aside className="hours card" aria-labelledby="hours-title">
            <h2 id="hours-title">
              <Clock aria-hidden="true" size={26} /> {m.home_hours_heading({}, { locale })}
            </h2>
            <dl className="hours__list">
              {clinic.openingHours.map((p) => (
                <div key={p.label} className="hours__row">
                  <dt>{openingPeriodLabel(p, locale)}</dt>
                  <dd>{m.layout_footer_hours_range({ opens: p.opens, closes: p.closes }, { locale })}</dd>
                </div>
              ))}
              <div className="hours__row hours__row--closed">
                <dt>{closedDaysWords(clinic.openingHours, false, locale)}</dt>
                <dd>{m.home_closed({}, { locale })}</dd>
              </div>
            </dl>
            <p className="hours__cta">
              <a href={telHref(clinic.landline)}>
                <Phone aria-hidden="true" size={18} /> {formatPhone(clinic.landline)}
              </a>
              {chat && (
                <a href={chat} target="_blank" rel="noopener noreferrer">
                  <MessageCircle aria-hidden="true" size={18} /> {m.layout_whatsapp_us({}, { locale })}
                  <span className="visually-hidden">{newTab}</span>
                </a>
              )}
            </p>
          </aside>
        </div>
      </section>

      <section className="section section--tint" aria-labelledby="map-title">
        <div className="container">
          <h2 id="map-title">{m.home_map_heading({}, { locale })}</h2>
          <MapSection clinic={clinic} />
        </div>
      </section>
    </main>
  );
}
