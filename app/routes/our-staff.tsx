import { Calculator, ConciergeBell, ShieldCheck, UserRound, type LucideIcon } from "lucide-react";
import { Link } from "react-router";
import { localeOfPath, localised, type Localised } from "@domain/locale";
import { m } from "@domain/paraglide/messages.js";
import { PageHeader } from "~/components/info/page-header";
import { ProfileCard } from "~/components/info/profile-card";
import { RichMessage } from "~/components/info/rich-message";
import { STAFF_ROLES } from "@domain/team";
import { useLocale, usePagePath } from "~/lib/locale";
import { pageMeta } from "~/lib/meta";
import { useClinic } from "~/lib/use-clinic";
import "~/styles/info.css";
import type { Route } from "./+types/our-staff";

export function meta(args: Route.MetaArgs) {
  const locale = localeOfPath(args.location.pathname);
  return pageMeta(args, {
    title: m.layout_nav_our_staff({}, { locale }),
    description: m.staff_page_meta_description({}, { locale }),
    keywords: m.staff_page_meta_keywords({}, { locale }).split(", "),
  });
}

type StaffRole = (typeof STAFF_ROLES)[number];

/** Each role's title (in English, the role as domain/team.ts names it), icon and what the role does for a patient. */
const ROLE_DETAILS: Record<StaffRole, { title: Localised; icon: LucideIcon; text: Localised }> = {
  "Head of Administration": {
    title: localised(m.staff_page_role_admin),
    icon: UserRound,
    text: localised(m.staff_page_role_admin_text),
  },
  "Front Desk Officer": {
    title: localised(m.staff_page_role_front_desk),
    icon: ConciergeBell,
    text: localised(m.staff_page_role_front_desk_text),
  },
  Biller: {
    title: localised(m.staff_page_role_biller),
    icon: Calculator,
    text: localised(m.staff_page_role_biller_text),
  },
  "Facility Custodian": {
    title: localised(m.staff_page_role_custodian),
    icon: ShieldCheck,
    text: localised(m.staff_page_role_custodian_text),
  },
};

export default function OurStaff() {
  const clinic = useClinic();
  const locale = useLocale();
  const pagePath = usePagePath();
  return (
    <main id="main" className="info-page">
      <PageHeader title={m.layout_nav_our_staff({}, { locale })} eyebrow={m.layout_nav_about({}, { locale })}>
        <p>{m.staff_page_lead({}, { locale })}</p>
      </PageHeader>

      <div className="container">
        <section className="info-section" aria-labelledby="team">
          <h2 id="team" className="visually-hidden">
            {m.staff_page_team_heading({}, { locale })}
          </h2>
          <ul className="profiles profiles--4">
            {STAFF_ROLES.map((role, index) => {
              const { title, icon, text } = ROLE_DETAILS[role];
              return (
                <li key={role}>
                  <ProfileCard
                    heading={title(locale)}
                    // The configured name for the role, or a placeholder when none is set.
                    subtitle={clinic.staffNames[index]?.trim() || m.staff_page_name_to_be_confirmed({}, { locale })}
                    icon={icon}
                    headingLevel={3}
                  >
                    <p>{text(locale)}</p>
                  </ProfileCard>
                </li>
              );
            })}
          </ul>
        </section>

        <section className="info-section" aria-labelledby="clinical-team">
          <h2 id="clinical-team">{m.staff_page_clinical_heading({}, { locale })}</h2>
          <p>
            <RichMessage
              message={m.staff_page_clinical_text}
              parts={{ link: <Link to={pagePath("/radiologists")}>{m.staff_page_clinical_link({}, { locale })}</Link> }}
              locale={locale}
            />
          </p>
        </section>
      </div>
    </main>
  );
}
