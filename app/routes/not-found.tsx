import { House, LayoutGrid, MessageCircle } from "lucide-react";
import { Link } from "react-router";
import { localeOfPath } from "@domain/locale";
import { m } from "@domain/paraglide/messages.js";
import { useLocale, usePagePath } from "~/lib/locale";
import { pageMeta } from "~/lib/meta";
import "~/styles/info.css";
import type { Route } from "./+types/not-found";

/**
 * Every path no other route matches: answers 404 and renders the error boundary below, in the
 * language of the path (the Setswana twin, route id "tn/routes/not-found", catches /tn/…).
 */
export function loader() {
  throw new Response("Not Found", { status: 404 });
}

export function meta(args: Route.MetaArgs) {
  // No canonical link: a missing page has no address of its own to point to.
  const locale = localeOfPath(args.location.pathname);
  return pageMeta(args, {
    title: m.notfound_meta_title({}, { locale }),
    description: m.notfound_meta_description({}, { locale }),
    keywords: m.notfound_meta_keywords({}, { locale }).split(", "),
    noindex: true,
  }).filter((tag) => !("rel" in tag && tag.rel === "canonical"));
}

export default function NotFound() {
  return <NotFoundPage />;
}

export function ErrorBoundary() {
  return <NotFoundPage />;
}

function NotFoundPage() {
  const locale = useLocale();
  const pagePath = usePagePath();
  return (
    <main id="main" className="not-found">
      <div className="container">
        <div className="not-found__inner">
          <p className="not-found__code">{m.notfound_code({}, { locale })}</p>
          <h1>{m.notfound_heading({}, { locale })}</h1>
          <p>{m.notfound_text({}, { locale })}</p>
          <ul className="not-found__links">
            <li>
              <Link to={pagePath("/")}>
                <House size={22} aria-hidden="true" /> {m.layout_nav_home({}, { locale })}
              </Link>
            </li>
            <li>
              <Link to={pagePath("/services")}>
                <LayoutGrid size={22} aria-hidden="true" /> {m.notfound_services({}, { locale })}
              </Link>
            </li>
            <li>
              <Link to={pagePath("/contact-us")}>
                <MessageCircle size={22} aria-hidden="true" /> {m.layout_nav_contact({}, { locale })}
              </Link>
            </li>
          </ul>
        </div>
      </div>
    </main>
  );
}
