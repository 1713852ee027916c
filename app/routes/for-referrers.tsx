import { Clock, Download, Mail, MessageCircle, Phone } from "lucide-react";
import { Link } from "react-router";
import { formatOpeningPeriod, whatsappHref } from "@domain/contact-links";
import { PageHeader } from "~/components/info/page-header";
import { PhoneLink } from "~/components/layout/phone-link";
import { referralFormSize } from "~/components/info/referral-form.server";
import { REFERRAL_FORM_PATH } from "@domain/paths";
import { pageMeta } from "~/lib/meta";
import { useClinic } from "~/lib/use-clinic";
import "~/styles/info.css";
import type { Route } from "./+types/for-referrers";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "For Referrers",
    description:
      "For referring doctors: download our fillable referral form, send it to us during opening hours, and reach the clinic by phone or WhatsApp.",
    keywords: ["referral form", "referring doctors", "radiology referral Gaborone", "imaging request form"],
  });
}

export async function loader() {
  return { referralForm: await referralFormSize() };
}

export default function ForReferrers({ loaderData }: Route.ComponentProps) {
  const clinic = useClinic();
  const chat = whatsappHref(clinic);
  const { referralForm } = loaderData;
  return (
    <main id="main" className="info-page">
      <PageHeader title="For Referrers" eyebrow="For doctors">
        <p>Refer a patient to us with our referral form, then let the patient book a time that suits them.</p>
      </PageHeader>

      <div className="container referrers">
        <div className="referrers__main">
          <section className="info-section" aria-labelledby="referral-form">
            <h2 id="referral-form">The referral form</h2>
            <p>
              Our referral form is a PDF you can fill in on screen or print and complete by hand. It asks for the
              patient&apos;s details, your details and practice number, the examination you are requesting, the clinical
              history and reason for the examination, its urgency, pregnancy status and any allergies, including to
              contrast medium.
            </p>
            <div className="download">
              <a
                className="button button--accent"
                href={REFERRAL_FORM_PATH}
                download="referral-form.pdf"
                type="application/pdf"
              >
                <Download size={20} aria-hidden="true" />
                DOWNLOAD REFERRAL FORM
              </a>
              <span className="download__meta">PDF, {referralForm.label}, fillable A4 form</span>
            </div>
            <div className="info-note" role="note">
              <p>
                <strong>Digital submissions are processed only during our normal operating hours.</strong> They are not
                for emergencies: a patient who needs emergency care should go to the nearest emergency department.
              </p>
            </div>
          </section>

          <section className="info-section" aria-labelledby="how-it-works">
            <h2 id="how-it-works">What happens next</h2>
            <ol className="steps">
              <li>
                <strong>Complete the form</strong>
                Fill in and sign the referral form for your patient.
              </li>
              <li>
                <strong>The patient books</strong>
                The patient requests an appointment in our <Link to="/book-appointment">appointment section</Link> and
                uploads the form there, or brings the completed form with them to the appointment.
              </li>
              <li>
                <strong>You receive the report</strong>
                After the examination, the radiologist reviews the images and sends a written report to you.
              </li>
            </ol>
          </section>
        </div>

        <aside className="info-section referrers__aside" aria-label="Contact and opening hours">
          <section className="card" aria-labelledby="contact-title">
            <h2 id="contact-title">Contact the clinic</h2>
            <ul className="contact-list">
              <li>
                <Phone className="contact-list__icon" size={22} aria-hidden="true" />
                <div>
                  <span className="contact-list__label">Office telephone</span>
                  <PhoneLink number={clinic.landline} />
                </div>
              </li>
              <li>
                <MessageCircle className="contact-list__icon" size={22} aria-hidden="true" />
                <div>
                  <span className="contact-list__label">Cell and WhatsApp</span>
                  <span className="contact-list__links">
                    <PhoneLink number={clinic.whatsapp} />
                    {chat && (
                      <a href={chat} target="_blank" rel="noopener noreferrer">
                        Chat on WhatsApp<span className="visually-hidden"> (opens in a new tab)</span>
                      </a>
                    )}
                  </span>
                </div>
              </li>
              <li>
                <Mail className="contact-list__icon" size={22} aria-hidden="true" />
                <div>
                  <span className="contact-list__label">E-mail</span>
                  <a href={`mailto:${clinic.email}`}>{clinic.email}</a>
                </div>
              </li>
            </ul>
          </section>
          <section className="card" aria-labelledby="hours-title">
            <h2 id="hours-title">Opening hours</h2>
            <ul className="contact-list">
              {clinic.openingHours.map((period) => (
                <li key={period.label}>
                  <Clock className="contact-list__icon" size={22} aria-hidden="true" />
                  <span>{formatOpeningPeriod(period)}</span>
                </li>
              ))}
              <li>
                <Clock className="contact-list__icon" size={22} aria-hidden="true" />
                <span>{clinic.closedNote}</span>
              </li>
            </ul>
          </section>
        </aside>
      </div>
    </main>
  );
}
