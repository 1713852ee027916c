import { Link } from "react-router";
import { localeOfPath, type Locale } from "@domain/locale";
import { m } from "@domain/paraglide/messages.js";
import { ClinicContactList, LegalSections, type LegalSection } from "~/components/info/legal-sections";
import { PageHeader } from "~/components/info/page-header";
import { RichMessage } from "~/components/info/rich-message";
import { useLocale, usePagePath } from "~/lib/locale";
import { pageMeta } from "~/lib/meta";
import { getRetentionPeriods } from "~/lib/retention.server";
import { useClinic } from "~/lib/use-clinic";
import "~/styles/info.css";
import type { Route } from "./+types/privacy";

export function meta(args: Route.MetaArgs) {
  const locale = localeOfPath(args.location.pathname);
  return pageMeta(args, {
    title: m.layout_nav_privacy({}, { locale }),
    description: m.privacy_meta_description({}, { locale }),
    keywords: m.privacy_meta_keywords({}, { locale }).split(", "),
  });
}

export function loader() {
  return { retention: getRetentionPeriods() };
}

type CountMessage = (inputs: { count: number }, options: { locale: Locale }) => string;

/** Each unit's words for one and for more than one: "1 day", "7 days" ("letsatsi le le 1", "malatsi a le 7"). */
const UNITS: Record<"month" | "hour" | "day" | "week", { one: CountMessage; other: CountMessage }> = {
  month: { one: m.privacy_unit_month_one, other: m.privacy_unit_month_other },
  hour: { one: m.privacy_unit_hour_one, other: m.privacy_unit_hour_other },
  day: { one: m.privacy_unit_day_one, other: m.privacy_unit_day_other },
  week: { one: m.privacy_unit_week_one, other: m.privacy_unit_week_other },
};

/** "1 day", "7 days": whole numbers as they are, fractions of an hour rounded. */
function count(n: number, unit: keyof typeof UNITS, locale: Locale): string {
  const rounded = Number.isInteger(n) ? n : Math.round(n * 10) / 10;
  return UNITS[unit][rounded === 1 ? "one" : "other"]({ count: rounded }, { locale });
}

export default function Privacy({ loaderData }: Route.ComponentProps) {
  const clinic = useClinic();
  const locale = useLocale();
  const pagePath = usePagePath();
  const r = loaderData.retention;
  const t = { locale };
  const periods: [string, string][] = [
    [
      m.privacy_keep_requests({}, t),
      m.privacy_keep_requests_period({ period: count(r.recordsMonths, "month", locale) }, t),
    ],
    [
      m.privacy_keep_unclaimed({}, t),
      m.privacy_keep_unclaimed_period({ period: count(r.unclaimedUploadHours, "hour", locale) }, t),
    ],
    [m.privacy_keep_sent({}, t), m.privacy_keep_sent_period({ period: count(r.sentMailDays, "day", locale) }, t)],
    [m.privacy_keep_audit({}, t), count(r.auditMonths, "month", locale)],
    [m.privacy_keep_idempotency({}, t), count(r.idempotencyDays, "day", locale)],
    [m.privacy_keep_rate_limits({}, t), m.privacy_keep_rate_limits_period({}, t)],
    [
      m.privacy_keep_sessions({}, t),
      m.privacy_keep_sessions_period({ period: count(r.sessionMaxHours, "hour", locale) }, t),
    ],
    [
      m.privacy_keep_backups({}, t),
      m.privacy_keep_backups_period(
        { daily: count(r.backupDaily, "day", locale), weekly: count(r.backupWeekly, "week", locale) },
        t,
      ),
    ],
  ];
  /** A list item that starts with its subject in bold: "<strong>Personal information</strong>: your name…". */
  const led = (message: (inputs: { term: string }, options: { locale: Locale }) => string, term: string) => (
    <RichMessage message={message} parts={{ term: <strong>{term}</strong> }} locale={locale} />
  );
  const sections: LegalSection[] = [
    {
      id: "information-we-collect",
      title: m.privacy_collect_heading({}, t),
      content: (
        <ul>
          <li>{led(m.privacy_collect_personal, m.privacy_collect_personal_term({}, t))}</li>
          <li>{led(m.privacy_collect_health, m.privacy_collect_health_term({}, t))}</li>
          <li>{led(m.privacy_collect_usage, m.privacy_collect_usage_term({}, t))}</li>
        </ul>
      ),
    },
    {
      id: "how-we-use-it",
      title: m.privacy_use_heading({}, t),
      content: (
        <ul>
          <li>{m.privacy_use_examinations({}, t)}</li>
          <li>{m.privacy_use_contact({}, t)}</li>
          <li>{m.privacy_use_report({}, t)}</li>
          <li>{m.privacy_use_billing({}, t)}</li>
          <li>{m.privacy_use_website({}, t)}</li>
        </ul>
      ),
    },
    {
      id: "sharing",
      title: m.privacy_share_heading({}, t),
      content: (
        <>
          <p>{m.privacy_share_intro({}, t)}</p>
          <ul>
            <li>{led(m.privacy_share_healthcare, m.privacy_share_healthcare_term({}, t))}</li>
            <li>{led(m.privacy_share_processors, m.privacy_share_processors_term({}, t))}</li>
            <li>
              <RichMessage
                message={m.privacy_share_carriers}
                parts={{ term: <strong>{m.privacy_share_carriers_term({}, t)}</strong>, provider: clinic.smsProvider }}
                locale={locale}
              />
            </li>
            <li>{led(m.privacy_share_legal, m.privacy_share_legal_term({}, t))}</li>
          </ul>
          <p id="text-messages">{m.privacy_share_text_messages({}, t)}</p>
          <p>
            <RichMessage
              message={m.privacy_share_no_sale}
              parts={{ statement: <strong>{m.privacy_share_no_sale_statement({}, t)}</strong> }}
              locale={locale}
            />
          </p>
        </>
      ),
    },
    {
      id: "security",
      title: m.privacy_security_heading({}, t),
      content: (
        <>
          <p>{m.privacy_security_measures({}, t)}</p>
          <p>{m.privacy_security_emails({}, t)}</p>
          <p>{m.privacy_security_no_guarantee({}, t)}</p>
        </>
      ),
    },
    {
      id: "retention",
      title: m.privacy_retention_heading({}, t),
      content: (
        <>
          <p>{m.privacy_retention_intro({}, t)}</p>
          <div className="retention-table__wrap">
            <table className="retention-table">
              <caption className="visually-hidden">{m.privacy_retention_caption({}, t)}</caption>
              <thead>
                <tr>
                  <th scope="col">{m.privacy_retention_information({}, t)}</th>
                  <th scope="col">{m.privacy_retention_heading({}, t)}</th>
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
      title: m.privacy_rights_heading({}, t),
      content: (
        <>
          <p>{m.privacy_rights_text({}, t)}</p>
          <p>{m.privacy_rights_request({}, t)}</p>
        </>
      ),
    },
    {
      id: "map-and-links",
      title: m.privacy_maps_heading({}, t),
      content: (
        <p>
          <RichMessage
            message={m.privacy_maps_text}
            parts={{ link: <Link to={pagePath("/")}>{m.privacy_maps_home_link({}, t)}</Link> }}
            locale={locale}
          />
        </p>
      ),
    },
    {
      id: "changes",
      title: m.privacy_changes_heading({}, t),
      content: <p>{m.privacy_changes_text({}, t)}</p>,
    },
    {
      id: "contact",
      title: m.privacy_contact_heading({}, t),
      content: (
        <>
          <p>{m.privacy_contact_text({}, t)}</p>
          <ClinicContactList clinic={clinic} />
        </>
      ),
    },
  ];

  return (
    <main id="main" className="info-page">
      <PageHeader title={m.layout_nav_privacy({}, t)} eyebrow={m.layout_nav_about({}, t)}>
        <p>{m.privacy_lead({}, t)}</p>
      </PageHeader>
      <div className="container">
        <LegalSections sections={sections} />
      </div>
    </main>
  );
}
