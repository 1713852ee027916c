import { CalendarCheck, LayoutGrid, MapPin, MessageCircle } from "lucide-react";
import { DisclosureList } from "~/components/info/disclosure-list";
import { mapsHref } from "@domain/contact-links";
import { localeOfPath } from "@domain/locale";
import { m } from "@domain/paraglide/messages.js";
import { LinkTiles, type LinkTile } from "~/components/info/link-tiles";
import { PageHeader } from "~/components/info/page-header";
import { useLocale } from "~/lib/locale";
import { pageMeta } from "~/lib/meta";
import { useClinic } from "~/lib/use-clinic";
import "~/styles/info.css";
import type { Route } from "./+types/about";

export function meta(args: Route.MetaArgs) {
  const locale = localeOfPath(args.location.pathname);
  return pageMeta(args, {
    title: m.layout_nav_our_story({}, { locale }),
    description: m.about_meta_description({}, { locale }),
    keywords: m.about_meta_keywords({}, { locale }).split(", "),
  });
}

export default function About() {
  const clinic = useClinic();
  const locale = useLocale();
  const city = clinic.address.city;
  const benefits = [
    { title: m.about_benefit_care_title({}, { locale }), content: <p>{m.about_benefit_care_text({}, { locale })}</p> },
    {
      title: m.about_benefit_excellence_title({}, { locale }),
      content: <p>{m.about_benefit_excellence_text({}, { locale })}</p>,
    },
    {
      title: m.about_benefit_integrity_title({}, { locale }),
      content: <p>{m.about_benefit_integrity_text({}, { locale })}</p>,
    },
  ];
  const tiles: LinkTile[] = [
    {
      title: m.about_tile_services_title({}, { locale }),
      text: m.about_tile_services_text({}, { locale }),
      href: "/services",
      icon: LayoutGrid,
    },
    {
      title: m.about_tile_directions_title({}, { locale }),
      text: m.about_tile_directions_text({ city }, { locale }),
      href: mapsHref(clinic),
      icon: MapPin,
      external: true,
    },
    {
      title: m.layout_nav_contact({}, { locale }),
      text: m.about_tile_contact_text({}, { locale }),
      href: "/contact-us",
      icon: MessageCircle,
    },
    {
      title: m.about_tile_book_title({}, { locale }),
      text: m.about_tile_book_text({}, { locale }),
      href: "/book-appointment",
      icon: CalendarCheck,
    },
  ];

  return (
    <main id="main" className="info-page">
      <PageHeader title={m.layout_nav_our_story({}, { locale })} eyebrow={m.layout_nav_about({}, { locale })}>
        <p>{m.about_lead({ name: clinic.name, city, country: countryName(clinic.address.country) }, { locale })}</p>
      </PageHeader>

      <div className="container">
        <div className="info-section about-intro">
          <section aria-labelledby="who-we-are">
            <h2 id="who-we-are">{m.about_who_heading({}, { locale })}</h2>
            <p>{m.about_who_text({}, { locale })}</p>
            <p>{m.about_who_report({}, { locale })}</p>
          </section>
          <div className="about-intro__cards">
            <section className="card" aria-labelledby="mission">
              <h2 id="mission">{m.about_mission_heading({}, { locale })}</h2>
              <p>{m.about_mission_text({}, { locale })}</p>
            </section>
            <section className="card" aria-labelledby="vision">
              <h2 id="vision">{m.about_vision_heading({}, { locale })}</h2>
              <p>{m.about_vision_text({ city }, { locale })}</p>
            </section>
          </div>
        </div>

        <section className="info-section" aria-labelledby="why-us">
          <h2 id="why-us">{m.about_why_heading({}, { locale })}</h2>
          <DisclosureList items={benefits} />
        </section>

        <section className="info-section" aria-labelledby="next-steps">
          <h2 id="next-steps">{m.about_next_heading({}, { locale })}</h2>
          <LinkTiles tiles={tiles} />
        </section>
      </div>
    </main>
  );
}

function countryName(code: string): string {
  return code.toUpperCase() === "BW" ? "Botswana" : code.toUpperCase();
}
