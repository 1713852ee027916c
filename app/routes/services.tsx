import { SERVICE_CATEGORIES } from "@domain/catalogue";
import { ServiceCard } from "~/components/service/service-card";
import { PageBanner } from "~/components/service/service-page";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/services";
import "~/styles/service.css";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "Our Services",
    description:
      "Diagnostic imaging services in Gaborone: ultrasound, X-ray, fluoroscopy, DEXA bone density scans, women's imaging, ultrasound-guided procedures and remote reporting.",
    keywords: [
      "radiology",
      "diagnostic imaging",
      "ultrasound",
      "X-ray",
      "DEXA",
      "women's imaging",
      "teleradiology",
      "Gaborone",
    ],
  });
}

export default function Services() {
  return (
    <main id="main" className="services-page">
      <PageBanner
        title="Our Services"
        lead="Imaging examinations, ultrasound-guided procedures and remote reporting, explained in plain language."
      />
      <div className="container">
        <div className="services-intro">
          <p>Choose a service to find out what it is, how to prepare and what happens on the day.</p>
        </div>
        {SERVICE_CATEGORIES.map((category) => (
          <section key={category.id} className="services-category" aria-labelledby={`category-${category.categoryId}`}>
            <h2 id={`category-${category.categoryId}`}>
              {category.category}
              {category.subheading && <span className="services-category__subheading"> {category.subheading}</span>}
            </h2>
            <ul className="service-grid">
              {category.services.map((card) => (
                <ServiceCard key={card.id} card={card} />
              ))}
            </ul>
          </section>
        ))}
      </div>
    </main>
  );
}
