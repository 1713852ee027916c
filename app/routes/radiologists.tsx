import { Award, ScanLine, Stethoscope, type LucideIcon } from "lucide-react";
import { Link } from "react-router";
import { localeOfPath, localised, type Localised } from "@domain/locale";
import { m } from "@domain/paraglide/messages.js";
import { PageHeader } from "~/components/info/page-header";
import { ProfileCard } from "~/components/info/profile-card";
import { RichMessage } from "~/components/info/rich-message";
import { STAFF_EXPERIENCE_YEARS } from "@domain/team";
import { useLocale, usePagePath } from "~/lib/locale";
import { pageMeta } from "~/lib/meta";
import "~/styles/info.css";
import type { Route } from "./+types/radiologists";

export function meta(args: Route.MetaArgs) {
  const locale = localeOfPath(args.location.pathname);
  return pageMeta(args, {
    title: m.layout_nav_radiologists({}, { locale }),
    description: m.radiologists_meta_description({ years: STAFF_EXPERIENCE_YEARS }, { locale }),
    keywords: m.radiologists_meta_keywords({}, { locale }).split(", "),
  });
}

interface Profile {
  id: string;
  position: Localised;
  icon: LucideIcon;
  biography: Localised[];
}

const PROFILES: Profile[] = [
  {
    id: "radiologist",
    position: localised(m.radiologists_radiologist_position),
    icon: Stethoscope,
    biography: [localised(m.radiologists_radiologist_bio_1), localised(m.radiologists_radiologist_bio_2)],
  },
  {
    id: "radiographer",
    position: localised(m.radiologists_radiographer_position),
    icon: ScanLine,
    biography: [localised(m.radiologists_radiographer_bio_1), localised(m.radiologists_radiographer_bio_2)],
  },
];

export default function Radiologists() {
  const locale = useLocale();
  const pagePath = usePagePath();
  return (
    <main id="main" className="info-page">
      <PageHeader title={m.layout_nav_radiologists({}, { locale })} eyebrow={m.radiologists_eyebrow({}, { locale })}>
        <p>{m.radiologists_lead({}, { locale })}</p>
      </PageHeader>

      <div className="container">
        <section className="info-section" aria-labelledby="profiles-title">
          <h2 id="profiles-title" className="visually-hidden">
            {m.radiologists_profiles_heading({}, { locale })}
          </h2>
          <ul className="profiles profiles--2">
            {PROFILES.map((profile) => (
              <li key={profile.id}>
                <ProfileCard heading={profile.position(locale)} icon={profile.icon} headingLevel={3}>
                  <ul className="profile__facts" aria-label={m.radiologists_experience_label({}, { locale })}>
                    <li className="badge">
                      <Award size={16} aria-hidden="true" />{" "}
                      {m.radiologists_experience_years({ years: STAFF_EXPERIENCE_YEARS }, { locale })}
                    </li>
                  </ul>
                  {profile.biography.map((paragraph, i) => (
                    <p key={i}>{paragraph(locale)}</p>
                  ))}
                </ProfileCard>
              </li>
            ))}
          </ul>
        </section>

        <section className="info-section" aria-labelledby="reports">
          <h2 id="reports">{m.radiologists_report_heading({}, { locale })}</h2>
          <p>
            <RichMessage
              message={m.radiologists_report_text}
              parts={{
                link: <Link to={pagePath("/for-referrers")}>{m.layout_nav_for_referrers({}, { locale })}</Link>,
              }}
              locale={locale}
            />
          </p>
        </section>
      </div>
    </main>
  );
}
