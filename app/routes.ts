import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";
import { SERVICE_PAGES } from "../domain/catalogue";
import { serviceRouteId } from "./lib/prerender-paths";

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
  // A patient's private link: rendered per request, never prerendered, no script.
  route("appointment/:token", "routes/appointment.tsx"),
  // One static route per service page (no route has a parameter: unknown slugs answer 404), one module for all.
  ...SERVICE_PAGES.map((s) =>
    route(`services/${s.slug}`, "routes/services/service.tsx", { id: serviceRouteId(s.slug) }),
  ),
  route("sitemap.xml", "routes/sitemap.xml.ts"),
  route("robots.txt", "routes/robots.txt.ts"),
  // Staff console: rendered per request behind the staff guard, never prerendered.
  ...prefix("staff", [
    route("login", "routes/staff/login.tsx"),
    route("login/code", "routes/staff/login-code.tsx"),
    route("login/setup", "routes/staff/login-setup.tsx"),
    route("logout", "routes/staff/logout.tsx"),
    route("invite", "routes/staff/invite.tsx"),
    route("patient-data/export", "routes/staff/patient-data-export.ts"),
    layout("routes/staff/layout.tsx", [
      index("routes/staff/overview.tsx"),
      route("appointments", "routes/staff/appointments.tsx"),
      route("appointments/:id", "routes/staff/appointment.tsx"),
      route("schedule", "routes/staff/schedule.tsx"),
      route("schedule/week", "routes/staff/schedule-week.tsx"),
      route("schedule/print", "routes/staff/schedule-print.tsx"),
      route("enquiries", "routes/staff/enquiries.tsx"),
      route("audit", "routes/staff/audit.tsx"),
      route("patient-data", "routes/staff/patient-data.tsx"),
      route("accounts", "routes/staff/accounts.tsx"),
      route("closures", "routes/staff/closures.tsx"),
      route("system", "routes/staff/system.tsx"),
      route("password", "routes/staff/password.tsx"),
    ]),
  ]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
