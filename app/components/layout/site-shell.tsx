import type { ReactNode } from "react";
import { m } from "@domain/paraglide/messages.js";
import { useLocale } from "~/lib/locale";
import { ActionBar, ScrollToTop, TOP_ID, WhatsAppFloat } from "./floating-actions";
import { ClinicJsonLd } from "./json-ld";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";
import type { getClinic } from "~/lib/clinic.server";

export type ShellClinic = ReturnType<typeof getClinic>;

/** Skip link, header, the page (which renders its own <main id="main">), footer and the floating actions. */
export function SiteShell({
  clinic,
  renderedYear,
  children,
}: {
  clinic: ShellClinic;
  renderedYear: number;
  children: ReactNode;
}) {
  const locale = useLocale();
  return (
    <>
      <span id={TOP_ID} />
      <a href="#main" className="skip-link">
        {m.layout_skip_link({}, { locale })}
      </a>
      <ClinicJsonLd clinic={clinic} />
      <SiteHeader clinic={clinic} />
      {children}
      <SiteFooter clinic={clinic} renderedYear={renderedYear} />
      <ActionBar clinic={clinic} />
      <aside className="float-stack" aria-label={m.layout_shortcuts({}, { locale })}>
        <ScrollToTop />
        <WhatsAppFloat clinic={clinic} />
      </aside>
    </>
  );
}
