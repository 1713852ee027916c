import { SERVICES } from "@domain/catalogue";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/advanced-technology";
import "~/styles/service.css";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: SERVICES.advancedTechnology.title,
    description: "Advanced Technology at our diagnostic imaging clinic in Gaborone.",
    keywords: ["advanced technology", "diagnostic imaging", "Gaborone"],
  });
}

/** A placeholder page that shows only its label (specification, section 2). */
export default function AdvancedTechnology() {
  return (
    <main id="main" className="service-placeholder">
      <header className="page-banner">
        <div className="container page-banner__inner">
          <h1>{SERVICES.advancedTechnology.title}</h1>
        </div>
      </header>
    </main>
  );
}
