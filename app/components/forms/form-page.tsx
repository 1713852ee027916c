import type { ReactNode } from "react";
import { m } from "@domain/paraglide/messages.js";
import { useLocale } from "~/lib/locale";

/**
 * The content of a form page (booking, contact) inside its island, so the
 * script can show an outcome anywhere on it. The outcome of the last submit
 * comes first, at the top of <main> (the GOV.UK place for an error summary or
 * a success banner), where a phone shows it on its first screen: after a post
 * without JavaScript the page loads again at its top, and with JavaScript the
 * outcome takes focus. The page's <title> is rendered here too (React puts it
 * in the head), starting with "Error: " ("Phoso: " in Setswana) while errors show.
 */
export function FormPage({
  title,
  hasErrors,
  outcome,
  heading,
  children,
}: {
  /** The page's title, as pageMeta writes it (app/lib/meta.ts: documentTitle). */
  title: string;
  hasErrors: boolean;
  /** The error summary, or a notice of success. */
  outcome?: ReactNode;
  heading: string;
  children: ReactNode;
}) {
  const locale = useLocale();
  return (
    <div className="container">
      <title>{hasErrors ? m.form_error_title({ title }, { locale }) : title}</title>
      {outcome}
      <h1>{heading}</h1>
      {children}
    </div>
  );
}

/**
 * A form page's lead, then its form beside the other ways to reach the clinic
 * (on wide screens the form on the left). On phones the other ways come first,
 * or after the form with `formFirst` (the booking page: its first field on a
 * phone's first screen, decision 047). `note`, a short line under the lead.
 */
export function FormLayout({
  lead,
  note,
  aside,
  formFirst = false,
  formHeadingId,
  formHeading,
  children,
}: {
  lead: ReactNode;
  note?: ReactNode;
  aside: ReactNode;
  formFirst?: boolean;
  formHeadingId: string;
  formHeading: string;
  children: ReactNode;
}) {
  const asideBlock = <div className="form-page__aside">{aside}</div>;
  return (
    <>
      <p className="form-page__lead">{lead}</p>
      {note}
      <div className="form-page__layout">
        {!formFirst && asideBlock}
        <section className="form-page__main" aria-labelledby={formHeadingId}>
          <h2 id={formHeadingId}>{formHeading}</h2>
          {children}
        </section>
        {formFirst && asideBlock}
      </div>
    </>
  );
}
