import { type RouteConfig, type RouteConfigEntry, index, layout, prefix, route } from "@react-router/dev/routes";
import { SERVICE_PAGES } from "../domain/catalogue";
import { BASE_LOCALE, LOCALES, localisedPath, type Locale } from "../domain/locale";
import { localisedRouteId, serviceRouteId } from "./lib/prerender-paths";

/**
 * The public pages, once per language (decision 037): English at the specification's paths, and
 * Setswana at the same paths under /tn. One module renders a page in both languages, reading the
 * language from its path; a Setswana route's id is the English one's with the language before it.
 */
function publicPages(locale: Locale): RouteConfigEntry[] {
  const prefix = localisedPath("/", locale).slice(1); // "" or "tn"
  const at = (path: string) => [prefix, path].filter(Boolean).join("/");
  const page = (path: string, file: string, id?: string) => {
    const own = id ?? (locale === BASE_LOCALE ? undefined : file.replace(/\.tsx$/, ""));
    return own === undefined ? route(at(path), file) : route(at(path), file, { id: localisedRouteId(own, locale) });
  };
  return [
    locale === BASE_LOCALE ? index("routes/home.tsx") : page("", "routes/home.tsx"),
    page("about", "routes/about.tsx"),
    page("our-staff", "routes/our-staff.tsx"),
    page("radiologists", "routes/radiologists.tsx"),
    page("services", "routes/services.tsx"),
    page("for-referrers", "routes/for-referrers.tsx"),
    page("contact-us", "routes/contact-us.tsx"),
    page("book-appointment", "routes/book-appointment.tsx"),
    page("terms-condition", "routes/terms-condition.tsx"),
    page("privacy", "routes/privacy.tsx"),
    page("details", "routes/details.tsx"),
    // A patient's private link: rendered per request, never prerendered, no script.
    page("appointment/:token", "routes/appointment.tsx"),
    // The referring doctor's link to a report (decision 075): rendered per request, no script.
    page("report/:token", "routes/report.tsx"),
    // An earlier time offered to a patient on the list (decision 070): per request, no script.
    page("earlier/:token", "routes/earlier.tsx"),
    // One static route per service page (no route has a parameter: unknown slugs answer 404), one module for all.
    ...SERVICE_PAGES.map((s) => page(`services/${s.slug}`, "routes/services/service.tsx", serviceRouteId(s.slug))),
  ];
}

export default [
  ...LOCALES.flatMap(publicPages),
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
      // A route folder (its parts beside it); the id stays the one the single module had.
      route("appointments/:id", "routes/staff/appointment/route.tsx", { id: "routes/staff/appointment" }),
      route("schedule", "routes/staff/schedule.tsx"),
      route("schedule/week", "routes/staff/schedule-week.tsx"),
      route("schedule/print", "routes/staff/schedule-print.tsx"),
      route("enquiries", "routes/staff/enquiries.tsx"),
      route("audit", "routes/staff/audit.tsx"),
      route("figures", "routes/staff/figures.tsx"),
      route("patient-data", "routes/staff/patient-data.tsx"),
      route("accounts", "routes/staff/accounts.tsx"),
      route("closures", "routes/staff/closures.tsx"),
      route("system", "routes/staff/system.tsx"),
      route("studies", "routes/staff/studies.tsx"),
      route("password", "routes/staff/password.tsx"),
    ]),
  ]),
  // The Setswana pages' 404 first: the catch-all below answers every other unknown path in English.
  route(`${localisedPath("/", "tn").slice(1)}/*`, "routes/not-found.tsx", {
    id: localisedRouteId("routes/not-found", "tn"),
  }),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
