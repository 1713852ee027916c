import { Award, ScanLine, Stethoscope, type LucideIcon } from "lucide-react";
import { Link } from "react-router";
import { PageHeader } from "~/components/info/page-header";
import { ProfileCard } from "~/components/info/profile-card";
import { STAFF_EXPERIENCE_YEARS } from "@domain/team";
import { pageMeta } from "~/lib/meta";
import "~/styles/info.css";
import type { Route } from "./+types/radiologists";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "Radiologists",
    description: `Our specialist surgeon and radiologist and our lead radiographer, each with ${STAFF_EXPERIENCE_YEARS} years of experience in medical imaging.`,
    keywords: ["radiologist Gaborone", "radiographer", "specialist radiologist", "medical imaging Botswana"],
  });
}

interface Profile {
  position: string;
  icon: LucideIcon;
  biography: string[];
}

const PROFILES: Profile[] = [
  {
    position: "Specialist Surgeon and Radiologist",
    icon: Stethoscope,
    biography: [
      "Our specialist surgeon and radiologist reviews the images from your examination and writes the report that goes to your referring doctor.",
      "As both a surgeon and a radiologist, our specialist writes each report with your doctor's next step in mind.",
    ],
  },
  {
    position: "Lead Radiographer",
    icon: ScanLine,
    biography: [
      "Our lead radiographer carries out imaging examinations and leads the radiography team day to day.",
      "From preparation to positioning, the lead radiographer makes sure each examination is done safely, with the lowest radiation dose that gives a clear picture, and that you know what to expect at every step.",
    ],
  },
];

export default function Radiologists() {
  return (
    <main id="main" className="info-page">
      <PageHeader title="Radiologists" eyebrow="Our clinical team">
        <p>The specialists who carry out your examination and report on it.</p>
      </PageHeader>

      <div className="container">
        <section className="info-section" aria-labelledby="profiles-title">
          <h2 id="profiles-title" className="visually-hidden">
            Profiles
          </h2>
          <ul className="profiles profiles--2">
            {PROFILES.map((profile) => (
              <li key={profile.position}>
                <ProfileCard heading={profile.position} icon={profile.icon} headingLevel={3}>
                  <ul className="profile__facts" aria-label="Experience">
                    <li className="badge">
                      <Award size={16} aria-hidden="true" /> {STAFF_EXPERIENCE_YEARS} years of experience
                    </li>
                  </ul>
                  {profile.biography.map((paragraph) => (
                    <p key={paragraph}>{paragraph}</p>
                  ))}
                </ProfileCard>
              </li>
            ))}
          </ul>
        </section>

        <section className="info-section" aria-labelledby="reports">
          <h2 id="reports">Your report</h2>
          <p>
            After your examination, the radiologist reviews the images and sends a written report to your referring
            doctor. Doctors can find our referral form on the <Link to="/for-referrers">For Referrers</Link> page.
          </p>
        </section>
      </div>
    </main>
  );
}
