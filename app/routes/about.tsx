import { CalendarCheck, LayoutGrid, MapPin, MessageCircle } from "lucide-react";
import { DisclosureList } from "~/components/info/disclosure-list";
import { mapsHref } from "@domain/contact-links";
import { LinkTiles, type LinkTile } from "~/components/info/link-tiles";
import { PageHeader } from "~/components/info/page-header";
import { pageMeta } from "~/lib/meta";
import { useClinic } from "~/lib/use-clinic";
import "~/styles/info.css";
import type { Route } from "./+types/about";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "Our Story",
    description:
      "Who we are: a diagnostic imaging and radiology clinic in Gaborone, Botswana. Our mission, our vision and what you can expect from us.",
    keywords: ["about us", "radiology clinic Gaborone", "diagnostic imaging Botswana", "mission", "vision"],
  });
}

const BENEFITS = [
  {
    title: "Patient-centric care",
    content: (
      <p>
        We explain each examination before it starts, answer your questions, and make sure you know how to prepare and
        what happens afterwards. Your comfort, privacy and dignity come first at every step.
      </p>
    ),
  },
  {
    title: "Excellence in diagnostics",
    content: (
      <p>
        Our experienced radiologist and radiographers carry out and review every examination with care, so that your
        doctor receives a clear written report to guide your treatment.
      </p>
    ),
  },
  {
    title: "Professionalism and integrity",
    content: (
      <p>
        We treat every patient with respect, keep your health information confidential, and are open with you about your
        examination, its preparation and its costs.
      </p>
    ),
  },
] as const;

export default function About() {
  const clinic = useClinic();
  const tiles: LinkTile[] = [
    {
      title: "Our services",
      text: "Ultrasound, X-ray, fluoroscopy, DEXA, women's imaging and more.",
      href: "/services",
      icon: LayoutGrid,
    },
    {
      title: "Get directions",
      text: `Find us in ${clinic.address.city} with Google Maps.`,
      href: mapsHref(clinic),
      icon: MapPin,
      external: true,
    },
    {
      title: "Contact us",
      text: "Call, send a WhatsApp message or write to us.",
      href: "/contact-us",
      icon: MessageCircle,
    },
    {
      title: "Book an appointment",
      text: "Request a date for your examination online.",
      href: "/book-appointment",
      icon: CalendarCheck,
    },
  ];

  return (
    <main id="main" className="info-page">
      <PageHeader title="Our Story" eyebrow="About us">
        <p>
          {clinic.name} is a radiology and diagnostic imaging clinic in {clinic.address.city},{" "}
          {countryName(clinic.address.country)}.
        </p>
      </PageHeader>

      <div className="container">
        <div className="info-section about-intro">
          <section aria-labelledby="who-we-are">
            <h2 id="who-we-are">Who we are</h2>
            <p>
              We are a specialist radiologist, radiographers and support staff who carry out medical imaging
              examinations for patients and for the doctors who refer them. Our services range from ultrasound, X-ray,
              fluoroscopy and bone densitometry (DEXA) to women&apos;s imaging, ultrasound-guided procedures and remote
              reporting.
            </p>
            <p>Each examination is reviewed by a radiologist, who sends a written report to your referring doctor.</p>
          </section>
          <div className="about-intro__cards">
            <section className="card" aria-labelledby="mission">
              <h2 id="mission">Our mission</h2>
              <p>
                To give every patient accurate, timely diagnostic imaging in a calm and caring setting, and to give
                referring doctors clear reports they can act on.
              </p>
            </section>
            <section className="card" aria-labelledby="vision">
              <h2 id="vision">Our vision</h2>
              <p>
                To be the imaging clinic that patients in {clinic.address.city} trust and that doctors rely on, known
                for care, quality and integrity.
              </p>
            </section>
          </div>
        </div>

        <section className="info-section" aria-labelledby="why-us">
          <h2 id="why-us">Why patients choose us</h2>
          <DisclosureList items={BENEFITS} />
        </section>

        <section className="info-section" aria-labelledby="next-steps">
          <h2 id="next-steps">Where to next</h2>
          <LinkTiles tiles={tiles} />
        </section>
      </div>
    </main>
  );
}

function countryName(code: string): string {
  return code.toUpperCase() === "BW" ? "Botswana" : code.toUpperCase();
}
