import { useEffect, useRef } from "react";
import { appointmentGuidance, serviceTitle } from "@domain/catalogue";
import { textsAbroadWords } from "@domain/contact-preference";
import { formatLongDate } from "@domain/dates";
import { m } from "@domain/paraglide/messages.js";
import { preparationAt } from "@domain/preparation";
import { BOOKING_PATH } from "@domain/paths";
import { referralWords, type BookingConfirmation } from "@domain/request-words";
import { visitWords } from "@domain/visit-words";
import { useLocale, usePagePath } from "~/lib/locale";
import { ConfirmationLinks } from "./confirmation";
import { EarlierForm } from "~/components/patient/earlier";

/**
 * The answer to a booked time (decision 064), in place of the form: the
 * headline says the day and time as the e-mail does ("Your appointment is
 * booked: Tuesday 8 December 2026 at 09:30"), then the reference, what to
 * bring and how to prepare for this examination (appointmentGuidance, the
 * e-mails' source), and the private link to move or cancel it.
 */
export function BookedConfirmation({
  reference,
  date,
  time,
  service,
  manageUrl,
  referral,
  textCountries,
  whatsapp,
}: BookingConfirmation & { time: string; whatsapp: string }) {
  const locale = useLocale();
  const t = { locale };
  const pagePath = usePagePath();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  const when = m.self_booking_booked_at({ date: formatLongDate(date, locale), time }, t);
  const guidance = appointmentGuidance(service, null, locale);
  const visit = visitWords(locale);
  // The preparation without the notes every visit shares: those are said under "What to bring" and above it.
  const notes = guidance.notes.filter((note) => note !== visit.pleaseArriveEarly && note !== visit.bringToEveryVisit);
  // The preparation at this time's clock, Gaborone time (decision 069): "Do not eat after 03:30.", "Arrive by 09:15.".
  const clock = preparationAt(guidance.rules, date, time, locale);
  return (
    <section className="confirmation confirmation--booked" aria-labelledby="confirmation-title">
      <div className="confirmation__panel">
        <h2 id="confirmation-title" ref={heading} tabIndex={-1} className="confirmation__title">
          {m.self_booking_booked({ when }, t)}
        </h2>
        <p className="confirmation__reference">
          {m.booking_confirm_reference({}, t)}
          <br />
          <strong>{reference}</strong>
        </p>
      </div>
      <p>{m.booked_lead({}, t)}</p>
      {textCountries && <p>{textsAbroadWords(textCountries, locale)}</p>}
      <dl className="confirmation__summary">
        <div>
          <dt>{m.private_label_date_time({}, t)}</dt>
          <dd>{when}</dd>
        </div>
        <div>
          <dt>{m.booking_service({}, t)}</dt>
          <dd>{serviceTitle(service, locale)}</dd>
        </div>
        <div>
          <dt>{m.booking_referral({}, t)}</dt>
          <dd>{referralWords(referral, locale)}</dd>
        </div>
      </dl>
      <p>
        <strong>{visit.pleaseArriveEarly}</strong>
      </p>
      <h3>{m.prep_at_heading({}, t)}</h3>
      <ul className="policy-list">
        {clock.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <h3>{m.mail_bring_heading({}, t)}</h3>
      <ul className="policy-list">
        <li>{visit.bringToEveryVisit}</li>
      </ul>
      {notes.length > 0 && (
        <>
          <h3>{m.mail_prepare_heading({}, t)}</h3>
          <ul className="policy-list">
            {notes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        </>
      )}
      {manageUrl && (
        <section className="earlier" aria-labelledby="earlier-title">
          <h3 id="earlier-title">{m.private_earlier_title({}, t)}</h3>
          <p>{m.private_earlier_lead({}, t)}</p>
          {/* A plain form to the private page: one tap, with or without script (decision 070). */}
          <EarlierForm action={new URL(manageUrl).pathname} wanted />
        </section>
      )}
      <ConfirmationLinks reference={reference} manageUrl={manageUrl} whatsapp={whatsapp} />
      <p>
        <a href={pagePath(BOOKING_PATH)} className="button button--outline">
          {m.booked_another({}, t)}
        </a>
      </p>
    </section>
  );
}
