import { Link } from "react-router";
import { ClinicContactList, LegalSections, type LegalSection } from "~/components/info/legal-sections";
import { PageHeader } from "~/components/info/page-header";
import { pageMeta } from "~/lib/meta";
import { useClinic } from "~/root";
import "~/styles/info.css";
import type { Route } from "./+types/privacy";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "Privacy Policy",
    description:
      "How we collect, use, share and protect your personal and health information, and your rights under Botswana's Data Protection Act.",
    keywords: ["privacy policy", "data protection Botswana", "health information", "patient rights", "personal data"],
  });
}

export default function Privacy() {
  const clinic = useClinic();
  const sections: LegalSection[] = [
    {
      id: "information-we-collect",
      title: "Information we collect",
      content: (
        <ul>
          <li>
            <strong>Personal information</strong>: your name, date of birth, sex, identity or passport number, telephone
            numbers, e-mail address and medical aid details, when you contact us, request an appointment or visit the clinic.
          </li>
          <li>
            <strong>Health information</strong>: your referral form, the examination you need, notes you send us, your
            images and the radiologist&apos;s report.
          </li>
          <li>
            <strong>Usage information</strong>: technical details your browser sends when you visit this website, such as the
            pages requested and the time, used to keep the website running and secure.
          </li>
        </ul>
      ),
    },
    {
      id: "how-we-use-it",
      title: "How we use your information",
      content: (
        <ul>
          <li>To arrange, carry out and report on your examinations.</li>
          <li>To contact you about your appointment or enquiry.</li>
          <li>To send the report to your referring doctor.</li>
          <li>To bill you or your medical aid.</li>
          <li>To keep this website working and secure, and to meet our legal duties.</li>
        </ul>
      ),
    },
    {
      id: "sharing",
      title: "Who we share it with",
      content: (
        <>
          <p>We share your information only when we need to, and only with:</p>
          <ul>
            <li>
              <strong>Healthcare providers</strong> involved in your care, such as your referring doctor.
            </li>
            <li>
              <strong>Third-party service providers</strong> who work for us, such as billing and data processing services,
              and only for that work.
            </li>
            <li>
              <strong>Legal authorities</strong>, when the law requires it.
            </li>
          </ul>
          <p>
            <strong>We do not sell or rent your personal information</strong> to anyone.
          </p>
        </>
      ),
    },
    {
      id: "security",
      title: "How we protect it",
      content: (
        <>
          <p>
            We protect your information with technical and organisational measures, and access to it is limited to the staff
            who need it. Information you send through this website is never put in web addresses or public links.
          </p>
          <p>
            However, no transmission over the internet and no method of storage is 100% secure, so we cannot guarantee
            absolute security.
          </p>
        </>
      ),
    },
    {
      id: "retention",
      title: "How long we keep it",
      content: (
        <p>
          We keep medical records for as long as the law requires. Appointment requests, enquiries and uploaded referral
          forms sent through this website are kept for a set period, long enough to deal with them and to keep a record of
          your care, and are then deleted.
        </p>
      ),
    },
    {
      id: "your-rights",
      title: "Your rights",
      content: (
        <>
          <p>
            Botswana&apos;s Data Protection Act (2024) treats health information as sensitive personal data, which must be
            handled with particular care. You have the right to ask us for a copy of the personal information we hold about
            you, and to ask us to correct it if it is wrong or incomplete.
          </p>
          <p>To make a request, contact us using the details below. We may ask you to prove your identity first.</p>
        </>
      ),
    },
    {
      id: "map-and-links",
      title: "Maps and links to other websites",
      content: (
        <p>
          The map on our <Link to="/">home page</Link> loads from Google only when you ask for it; until then, nothing is sent
          to Google. Links to directions and WhatsApp take you to services run by other companies, whose own privacy policies
          apply.
        </p>
      ),
    },
    {
      id: "changes",
      title: "Changes to this policy",
      content: <p>We may update this policy from time to time. The version on this page is the one that applies.</p>,
    },
    {
      id: "contact",
      title: "Contact us",
      content: (
        <>
          <p>For any question about your privacy or your information, please contact us:</p>
          <ClinicContactList clinic={clinic} />
        </>
      ),
    },
  ];

  return (
    <main id="main" className="info-page">
      <PageHeader title="Privacy Policy" eyebrow="About us">
        <p>How we collect, use, share and protect your personal and health information.</p>
      </PageHeader>
      <div className="container">
        <LegalSections sections={sections} />
      </div>
    </main>
  );
}
