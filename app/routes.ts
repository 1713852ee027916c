import { type RouteConfig, index, route } from "@react-router/dev/routes";
import { SERVICE_PAGES } from "./content/catalogue";

export default [
  index("routes/home.tsx"),
  route("about", "routes/about.tsx"),
  route("our-staff", "routes/our-staff.tsx"),
  route("radiologists", "routes/radiologists.tsx"),
  route("services", "routes/services.tsx"),
  route("for-referrers", "routes/for-referrers.tsx"),
  route("contact-us", "routes/contact-us.tsx"),
  route("book-appointment", "routes/book-appointment.tsx"),
  route("terms-condition", "routes/terms-condition.tsx"),
  route("privacy", "routes/privacy.tsx"),
  route("details", "routes/details.tsx"),
  // One static route per service page (the specification has no route parameters).
  ...SERVICE_PAGES.map((s) => route(`services/${s.slug}`, `routes/services/${s.slug}.tsx`, { id: `service-${s.slug}` })),
  route("sitemap.xml", "routes/sitemap.xml.ts"),
  route("robots.txt", "routes/robots.txt.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
