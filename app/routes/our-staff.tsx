import { Calculator, ConciergeBell, ShieldCheck, UserRound, type LucideIcon } from "lucide-react";
import { Link } from "react-router";
import { PageHeader } from "~/components/info/page-header";
import { ProfileCard } from "~/components/info/profile-card";
import { STAFF_ROLES } from "@domain/team";
import { pageMeta } from "~/lib/meta";
import { useClinic } from "~/lib/use-clinic";
import "~/styles/info.css";
import type { Route } from "./+types/our-staff";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "Our Key Staff",
    description:
      "Meet the people who run our clinic day to day: administration, the front desk, billing and the care of our facility.",
    keywords: ["clinic staff", "front desk", "billing", "administration", "radiology clinic Gaborone"],
  });
}

type StaffRole = (typeof STAFF_ROLES)[number];

const ROLE_DETAILS: Record<StaffRole, { icon: LucideIcon; text: string }> = {
  "Head of Administration": {
    icon: UserRound,
    text: "Leads the clinic's administration, so that appointments, records and the daily running of the clinic go smoothly.",
  },
  "Front Desk Officer": {
    icon: ConciergeBell,
    text: "Welcomes you on arrival, books and changes appointments, and answers your questions by phone, WhatsApp and e-mail.",
  },
  Biller: {
    icon: Calculator,
    text: "Looks after patient accounts and medical aid claims, and answers questions about your bill.",
  },
  "Facility Custodian": {
    icon: ShieldCheck,
    text: "Keeps the clinic clean, safe and ready for every patient.",
  },
};

/** The configured name for the role at `index`, or a placeholder when none is set. */
function staffName(names: readonly string[], index: number): string {
  return names[index]?.trim() || "Name to be confirmed";
}

export default function OurStaff() {
  const clinic = useClinic();
  return (
    <main id="main" className="info-page">
      <PageHeader title="Our Key Staff" eyebrow="About us">
        <p>The people who look after you from the moment you call us until your report reaches your doctor.</p>
      </PageHeader>

      <div className="container">
        <section className="info-section" aria-labelledby="team">
          <h2 id="team" className="visually-hidden">
            Our team
          </h2>
          <ul className="profiles profiles--4">
            {STAFF_ROLES.map((role, index) => {
              const { icon, text } = ROLE_DETAILS[role];
              return (
                <li key={role}>
                  <ProfileCard
                    heading={role}
                    subtitle={staffName(clinic.staffNames, index)}
                    icon={icon}
                    headingLevel={3}
                  >
                    <p>{text}</p>
                  </ProfileCard>
                </li>
              );
            })}
          </ul>
        </section>

        <section className="info-section" aria-labelledby="clinical-team">
          <h2 id="clinical-team">Our clinical team</h2>
          <p>
            Your examinations are carried out and reported by our radiologist and radiographer.{" "}
            <Link to="/radiologists">Meet our radiologist and lead radiographer</Link>.
          </p>
        </section>
      </div>
    </main>
  );
}
