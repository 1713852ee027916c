import { House, LayoutGrid, MessageCircle } from "lucide-react";
import { Link } from "react-router";
import { pageMeta } from "~/lib/meta";
import "~/styles/info.css";
import type { Route } from "./+types/not-found";

/** Every path no other route matches: answers 404 and renders the error boundary below. */
export function loader() {
  throw new Response("Not Found", { status: 404 });
}

export function meta(args: Route.MetaArgs) {
  // No canonical link: a missing page has no address of its own to point to.
  return pageMeta(args, {
    title: "Page not found",
    description: "We could not find the page you asked for.",
    keywords: ["page not found", "diagnostic imaging", "Gaborone"],
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
  return (
    <main id="main" className="not-found">
      <div className="container">
        <div className="not-found__inner">
          <p className="not-found__code">Error 404</p>
          <h1>We could not find that page</h1>
          <p>The address may be mistyped, or the page may have moved. These pages may help:</p>
          <ul className="not-found__links">
            <li>
              <Link to="/">
                <House size={22} aria-hidden="true" /> Home
              </Link>
            </li>
            <li>
              <Link to="/services">
                <LayoutGrid size={22} aria-hidden="true" /> Our services
              </Link>
            </li>
            <li>
              <Link to="/contact-us">
                <MessageCircle size={22} aria-hidden="true" /> Contact us
              </Link>
            </li>
          </ul>
        </div>
      </div>
    </main>
  );
}
