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
import { SERVICE_CATEGORIES } from "@domain/catalogue";
import { closedDaysWords } from "@domain/clinic";
import { ARRIVE_EARLY_MINUTES, WHAT_TO_BRING_SHORT } from "@domain/visit-words";
import { pageMeta } from "~/lib/meta";
import { useClinic } from "~/lib/use-clinic";
import type { Route } from "./+types/home";
import "~/styles/home.css";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "Diagnostic imaging and radiology in Gaborone",
    description:
      "Ultrasound, X-ray, fluoroscopy, bone densitometry (DEXA), women's imaging and image-guided procedures in Gaborone, Botswana. Book online, call or WhatsApp us.",
    keywords: [
      "radiology Gaborone",
      "diagnostic imaging Botswana",
      "ultrasound Gaborone",
      "X-ray Gaborone",
      "DEXA scan",
      "3D pregnancy scan",
      "breast ultrasound",
    ],
  });
}

const STEPS = [
  {
    icon: CalendarCheck,
    title: "Schedule an appointment",
    text: "Request a date online, or call or WhatsApp us. We contact you to confirm the time.",
  },
  {
    icon: Upload,
    title: "Upload your referral",
    text: "If your doctor gave you a referral form, attach it to your booking or bring it with you.",
  },
  {
    icon: ClipboardList,
    title: "Prepare and attend",
    text: `Follow the preparation for your scan, arrive ${ARRIVE_EARLY_MINUTES} minutes early and bring ${WHAT_TO_BRING_SHORT}.`,
  },
] as const;

export default function Home() {
  const clinic = useClinic();
  const chat = whatsappHref(clinic);

  const slides = [
    {
      id: "care",
      label: "Compassionate care",
      content: (
        <div className="hero-slide">
          <p className="hero-slide__kicker">Compassionate care</p>
          <h2 className="hero-slide__title">Calm, careful imaging with people who explain each step</h2>
          <p className="hero-slide__text">
            Your comfort and privacy come first. We tell you how to prepare, what happens during your scan and when to
            expect your results.
          </p>
          <div className="hero-slide__actions">
            <a href="/book-appointment" className="button button--accent button--large">
              Book Now
            </a>
            <a href="/services" className="button button--outline button--large">
              Our services
            </a>
          </div>
        </div>
      ),
    },
    {
      id: "centre",
      label: "Medical imaging and radiology centre",
      content: (
        <div className="hero-slide">
          <p className="hero-slide__kicker">Medical imaging and radiology centre</p>
          <h2 className="hero-slide__title">Ultrasound, X-ray, DEXA and guided procedures in {clinic.address.city}</h2>
          <p className="hero-slide__text">
            Diagnostic imaging, women&apos;s imaging and image-guided procedures, with reports from our radiologist for
            you and your doctor.
          </p>
          <div className="hero-slide__actions">
            <a href="/services" className="button button--primary button--large">
              Explore services
            </a>
            <a href="/for-referrers" className="button button--outline button--large">
              For referring doctors
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
              <span className="hero__subtitle">Radiology and diagnostic imaging in {clinic.address.city}</span>
            </h1>
            <HeroSlides slides={slides} label="Welcome" />
          </div>
          <HeroIllustration className="hero__art" />
        </div>
      </section>

      <section className="section info-boxes" aria-labelledby="info-title">
        <div className="container">
          <h2 id="info-title" className="visually-hidden">
            How to reach us
          </h2>
          <ul role="list" className="info-grid">
            <li className="info-box">
              <MapPin aria-hidden="true" className="info-box__icon" size={28} />
              <h3>Find the clinic</h3>
              <p>
                {clinic.address.street}, {clinic.address.city}
              </p>
              <a href={mapsHref(clinic)} target="_blank" rel="noopener noreferrer">
                Locate us on Google Maps<span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            </li>
            <li className="info-box">
              <Phone aria-hidden="true" className="info-box__icon" size={28} />
              <h3>Call us directly</h3>
              <p>
                Landline: <PhoneLink number={clinic.landline} />
              </p>
              <p>
                Cell and WhatsApp:{" "}
                {chat ? (
                  <a href={chat} target="_blank" rel="noopener noreferrer">
                    {formatPhone(clinic.whatsapp)}
                    <span className="visually-hidden"> (WhatsApp chat, opens in a new tab)</span>
                  </a>
                ) : (
                  formatPhone(clinic.whatsapp)
                )}
              </p>
            </li>
            <li className="info-box">
              <Mail aria-hidden="true" className="info-box__icon" size={28} />
              <h3>E-mail support</h3>
              <p>Questions about a scan or a booking? Write to us.</p>
              <a href={`mailto:${clinic.email}`} className="info-box__email">
                {clinic.email}
              </a>
            </li>
            <li className="info-box">
              <Stethoscope aria-hidden="true" className="info-box__icon" size={28} />
              <h3>For referring doctors</h3>
              <p>The referral form and our numbers, in one place.</p>
              <a href="/for-referrers">Go to For Referrers</a>
            </li>
          </ul>
        </div>
      </section>

      <section className="section section--tint" aria-labelledby="services-title">
        <div className="container">
          <div className="section__head">
            <h2 id="services-title">Specialised check-up services</h2>
            <p className="prose">Choose a category to see what we offer. Each service page explains how to prepare.</p>
          </div>
          <ServiceTabs categories={SERVICE_CATEGORIES} />
          <p className="section__more">
            <a href="/services" className="button button--outline">
              See all services
            </a>
          </p>
        </div>
      </section>

      <section className="section" aria-labelledby="guide-title">
        <div className="container guide">
          <div className="guide__intro">
            <h2 id="guide-title">Your visit in three steps</h2>
            <ol className="steps" role="list">
              {STEPS.map((step, i) => (
                <li key={step.title} className="step">
                  <span className="step__number" aria-hidden="true">
                    {i + 1}
                  </span>
                  <div>
                    <h3 className="step__title">
                      <span className="visually-hidden">Step {i + 1}: </span>
                      {step.title}
                    </h3>
                    <p>{step.text}</p>
                  </div>
                  <step.icon aria-hidden="true" className="step__icon" size={28} />
                </li>
              ))}
            </ol>
            {/* Plain links on a page without script: a tap is never lost to hydration. */}
            <div className="guide__actions">
              <a href="/book-appointment" className="button button--accent button--large">
                <CalendarCheck aria-hidden="true" size={20} />
                Book an appointment
              </a>
              <a href="/contact-us" className="button button--outline button--large">
                Contact us
              </a>
            </div>
          </div>
          <aside className="hours card" aria-labelledby="hours-title">
            <h2 id="hours-title">
              <Clock aria-hidden="true" size={26} /> Working hours
            </h2>
            <dl className="hours__list">
              {clinic.openingHours.map((p) => (
                <div key={p.label} className="hours__row">
                  <dt>{p.label}</dt>
                  <dd>
                    {p.opens} to {p.closes}
                  </dd>
                </div>
              ))}
              <div className="hours__row hours__row--closed">
                <dt>{closedDaysWords(clinic.openingHours, false)}</dt>
                <dd>Closed</dd>
              </div>
            </dl>
            <p className="hours__cta">
              <a href={telHref(clinic.landline)}>
                <Phone aria-hidden="true" size={18} /> {formatPhone(clinic.landline)}
              </a>
              {chat && (
                <a href={chat} target="_blank" rel="noopener noreferrer">
                  <MessageCircle aria-hidden="true" size={18} /> Whatsapp Us
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              )}
            </p>
          </aside>
        </div>
      </section>

      <section className="section section--tint" aria-labelledby="map-title">
        <div className="container">
          <h2 id="map-title">Find us</h2>
          <MapSection clinic={clinic} />
        </div>
      </section>
    </main>
  );
}
