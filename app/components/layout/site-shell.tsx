import type { ReactNode } from "react";
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
  return (
    <>
      <span id={TOP_ID} />
      <a href="#main" className="skip-link">
        Skip to main content
      </a>
      <ClinicJsonLd clinic={clinic} />
      <SiteHeader clinic={clinic} />
      {children}
      <SiteFooter clinic={clinic} renderedYear={renderedYear} />
      <ActionBar clinic={clinic} />
      <aside className="float-stack" aria-label="Shortcuts">
        <ScrollToTop />
        <WhatsAppFloat clinic={clinic} />
      </aside>
    </>
  );
}
