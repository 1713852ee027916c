import { Link } from "react-router";
import { ClinicContactList, LegalSections, type LegalSection } from "~/components/info/legal-sections";
import { PageHeader } from "~/components/info/page-header";
import { BOOKING_POLICY } from "@domain/booking-policy";
import { pageMeta } from "~/lib/meta";
import { useClinic } from "~/lib/use-clinic";
import "~/styles/info.css";
import type { Route } from "./+types/terms-condition";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "Terms and Conditions",
    description:
      "The terms that apply when you use our imaging services and this website: appointments, payment and medical aid, privacy, liability and governing law.",
    keywords: ["terms and conditions", "appointment policy", "cancellation", "medical aid", "Botswana law"],
  });
}

export default function TermsAndConditions() {
  const clinic = useClinic();
  const sections: LegalSection[] = [
    {
      id: "services",
      title: "Our services",
      content: (
        <>
          <p>
            {clinic.name} provides diagnostic imaging services, including ultrasound, X-ray, fluoroscopy, bone
            densitometry (DEXA), women&apos;s imaging, image-guided procedures and remote reporting. The{" "}
            <Link to="/services">services page</Link> describes each one.
          </p>
          <p>
            The information on this website is general information about our services and how to prepare for them. It is
            not medical advice: always follow the advice of your own doctor.
          </p>
        </>
      ),
    },
    {
      id: "appointments",
      title: "Appointments and scheduling",
      content: (
        <>
          <p>
            You can ask for an appointment on our <Link to="/book-appointment">booking page</Link>, by telephone or by
            WhatsApp. A request made online is not confirmed until we contact you to confirm the date and time.
          </p>
          <ul>
            {BOOKING_POLICY.slice(0, 3).map((rule) => (
              <li key={rule}>{rule}</li>
            ))}
          </ul>
          <p>
            Some examinations need a referral from your doctor. Please bring the referral form, or upload it when you
            book.
          </p>
        </>
      ),
    },
    {
      id: "patient-responsibilities",
      title: "Patient responsibilities",
      content: (
        <ul>
          <li>Give us accurate and complete personal, contact and medical aid details.</li>
          <li>
            Tell us before your examination if you are or might be pregnant, or if you have any allergies, including to
            contrast medium.
          </li>
          <li>Follow the preparation instructions for your examination.</li>
          <li>{BOOKING_POLICY[3]}</li>
          <li>Treat our staff and other patients with courtesy and respect.</li>
        </ul>
      ),
    },
    {
      id: "payment",
      title: "Payment and insurance",
      content: (
        <>
          <ul>
            <li>{BOOKING_POLICY[4]}</li>
            <li>{BOOKING_POLICY[5]}</li>
            <li>You can also pay in cash.</li>
          </ul>
          <p>
            If your medical aid does not pay all or part of the account, you are responsible for the balance. Please
            check your cover with your medical aid before your appointment.
          </p>
        </>
      ),
    },
    {
      id: "privacy",
      title: "Privacy",
      content: (
        <p>
          We collect and use your personal and health information only to provide and manage your care, as our{" "}
          <Link to="/privacy">Privacy Policy</Link> explains.
        </p>
      ),
    },
    {
      id: "website-use",
      title: "Use of this website",
      content: (
        <ul>
          <li>
            Use this website only for lawful purposes, such as reading about our services, contacting us and requesting
            appointments.
          </li>
          <li>Do not send information that is false, or that belongs to someone else without their permission.</li>
          <li>
            Do not try to interfere with the website, gain access to parts of it that are not public, or overload it.
          </li>
          <li>The online forms are not for emergencies. In an emergency, go to the nearest emergency department.</li>
        </ul>
      ),
    },
    {
      id: "liability",
      title: "Limitation of liability",
      content: (
        <p>
          We take care to keep the information on this website accurate and up to date, but we cannot promise that it is
          always complete or free of errors, or that the website is always available. As far as the law allows, we are
          not liable for any loss that results from relying on the website&apos;s general information or from the
          website being unavailable. Nothing in these terms limits any right you have under the law of Botswana that
          cannot be limited.
        </p>
      ),
    },
    {
      id: "changes",
      title: "Changes to these terms",
      content: (
        <p>
          We may update these terms from time to time. The version on this page is the one that applies; please check it
          when you use our services.
        </p>
      ),
    },
    {
      id: "governing-law",
      title: "Governing law",
      content: (
        <p>
          These terms are governed by the laws of Botswana, and the courts of Botswana have jurisdiction over any
          dispute.
        </p>
      ),
    },
    {
      id: "contact",
      title: "Contact information",
      content: (
        <>
          <p>If you have a question about these terms, please contact us:</p>
          <ClinicContactList clinic={clinic} />
        </>
      ),
    },
  ];

  return (
    <main id="main" className="info-page">
      <PageHeader title="Terms and Conditions" eyebrow="About us">
        <p>The terms that apply when you use our services and this website. Please read them before you book.</p>
      </PageHeader>
      <div className="container">
        <LegalSections sections={sections} />
      </div>
    </main>
  );
}
