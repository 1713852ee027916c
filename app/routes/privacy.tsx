import { Link } from "react-router";
import { ClinicContactList, LegalSections, type LegalSection } from "~/components/info/legal-sections";
import { PageHeader } from "~/components/info/page-header";
import { pageMeta } from "~/lib/meta";
import { getRetentionPeriods } from "~/lib/retention.server";
import { useClinic } from "~/lib/use-clinic";
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

export function loader() {
  return { retention: getRetentionPeriods() };
}

/** "1 day", "7 days": whole numbers as they are, fractions of an hour rounded. */
function count(n: number, unit: string): string {
  const rounded = Number.isInteger(n) ? n : Math.round(n * 10) / 10;
  return `${rounded} ${unit}${rounded === 1 ? "" : "s"}`;
}

export default function Privacy({ loaderData }: Route.ComponentProps) {
  const clinic = useClinic();
  const r = loaderData.retention;
  const periods: [string, string][] = [
    [
      "Appointment requests, enquiries and the referral forms sent with them",
      `${count(r.recordsMonths, "month")} after the appointment date (enquiries: after you send them), then deleted`,
    ],
    [
      "A referral form uploaded but never sent with a request",
      `${count(r.unclaimedUploadHours, "hour")}, then deleted`,
    ],
    [
      "The e-mails, text messages and WhatsApp messages we send about your request",
      `${count(r.sentMailDays, "day")} after sending; then we keep only the date it was sent`,
    ],
    ["Records of which staff member opened or changed your request", count(r.auditMonths, "month")],
    ["A technical record that stops a form from being sent twice", count(r.idempotencyDays, "day")],
    [
      "Counts that limit how often a form can be sent (they hold a scrambled code, not your internet address)",
      "Deleted within a day",
    ],
    ["Staff sign-in sessions", `Ended after ${count(r.sessionMaxHours, "hour")} at most, then deleted`],
    [
      "Encrypted backup copies of all of the above",
      `Daily copies for ${count(r.backupDaily, "day")} and weekly copies for ${count(r.backupWeekly, "week")}, then replaced`,
    ],
  ];
  const sections: LegalSection[] = [
    {
      id: "information-we-collect",
      title: "Information we collect",
      content: (
        <ul>
          <li>
            <strong>Personal information</strong>: your name, date of birth, sex, identity or passport number, telephone
            numbers, e-mail address and medical aid details, when you contact us, request an appointment or visit the
            clinic.
          </li>
          <li>
            <strong>Health information</strong>: your referral form, the examination you need, notes you send us, your
            images and the radiologist&apos;s report.
          </li>
          <li>
            <strong>Usage information</strong>: technical details your browser sends when you visit this website, such
            as the pages requested and the time, used to keep the website running and secure.
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
              <strong>Third-party service providers</strong> who work for us, such as billing and data processing
              services, and only for that work.
            </li>
            <li>
              <strong>The companies that carry our messages to your phone</strong>, if you choose text messages or
              WhatsApp: {clinic.smsProvider}, which passes text messages (SMS) to your mobile network, and Meta
              Platforms, which runs WhatsApp. They receive your mobile number and the message: your reference, the date
              and time and the private link to your appointment, never the examination or anything about your health.
              Their systems may be outside Botswana, so this information may leave Botswana.
            </li>
            <li>
              <strong>Legal authorities</strong>, when the law requires it.
            </li>
          </ul>
          <p id="text-messages">
            You choose how we send you updates when you request an appointment. You can stop text messages, or switch
            between text messages, WhatsApp and e-mail only, on your appointment&apos;s private page, or by replying
            STOP to one of our WhatsApp messages. We still e-mail you about your appointment.
          </p>
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
            We protect your information with technical and organisational measures, and access to it is limited to the
            staff who need it. Information you send through this website is never put in web addresses or public links.
            The files we store can be read only by the program that runs this website.
          </p>
          <p>
            E-mails about your request carry its reference, the service and the date, and not your identity number, date
            of birth, phone numbers, notes or referral form: our staff read those only after signing in.
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
        <>
          <p>
            We keep medical records for as long as the law requires. What you send through this website is kept only as
            long as we need it, and then deleted automatically every day:
          </p>
          <div className="retention-table__wrap">
            <table className="retention-table">
              <caption className="visually-hidden">How long we keep information sent through this website</caption>
              <thead>
                <tr>
                  <th scope="col">Information</th>
                  <th scope="col">How long we keep it</th>
                </tr>
              </thead>
              <tbody>
                {periods.map(([what, howLong]) => (
                  <tr key={what}>
                    <th scope="row">{what}</th>
                    <td>{howLong}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ),
    },
    {
      id: "your-rights",
      title: "Your rights",
      content: (
        <>
          <p>
            Botswana&apos;s Data Protection Act (2024) treats health information as sensitive personal data, which must
            be handled with particular care. You have the right to ask us for a copy of the personal information we hold
            about you, and to ask us to correct it if it is wrong or incomplete.
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
          The map on our <Link to="/">home page</Link> loads from Google only when you ask for it; until then, nothing
          is sent to Google. Links to directions and WhatsApp take you to services run by other companies, whose own
          privacy policies apply.
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
