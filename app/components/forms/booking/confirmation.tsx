import { useEffect, useRef } from "react";
import { bookingPolicy } from "@domain/booking-policy";
import { serviceTitle } from "@domain/catalogue";
import { whatsappHref } from "@domain/contact-links";
import { textsAbroadWords } from "@domain/contact-preference";
import { formatLongDate } from "@domain/dates";
import { m } from "@domain/paraglide/messages.js";
import { BOOKING_PATH } from "@domain/paths";
import { referralWords, requestNextStep, requestReceived, type BookingConfirmation } from "@domain/request-words";
import { RichMessage } from "~/components/info/rich-message";
import { useLocale, usePagePath } from "~/lib/locale";

interface AppointmentConfirmationProps extends BookingConfirmation {
  whatsapp: string;
  onBookAnother: () => void;
}

/**
 * The private link to move or cancel, and the WhatsApp button that carries the
 * reference: the same block under a request's answer and a booked time's.
 */
export function ConfirmationLinks({
  reference,
  manageUrl,
  whatsapp,
}: Pick<BookingConfirmation, "reference" | "manageUrl"> & { whatsapp: string }) {
  const locale = useLocale();
  const t = { locale };
  // Only the reference goes into the link: no name, date or health details.
  const chat = whatsappHref({ whatsapp }, m.booking_confirm_whatsapp_text({ code: reference }, t));
  return (
    <>
      <h3>{m.booking_confirm_link_title({}, t)}</h3>
      {manageUrl ? (
        <>
          <p>{m.booking_confirm_link_use({}, t)}</p>
          <p>
            <a className="button button--outline" href={manageUrl}>
              {m.booking_confirm_manage({}, t)}
            </a>
          </p>
        </>
      ) : (
        <p>{m.booking_confirm_link_replayed({}, t)}</p>
      )}
      {chat && (
        <p>
          <a className="button button--whatsapp" href={chat} rel="noopener noreferrer" target="_blank">
            <RichMessage
              message={m.booking_confirm_whatsapp}
              parts={{ code: <span className="nowrap">{reference}</span> }}
              locale={locale}
            />
            <span className="visually-hidden">{` ${m.form_opens_whatsapp({}, t)}`}</span>
          </a>
        </p>
      )}
    </>
  );
}

/** Replaces the booking form after success, so the filled form cannot be sent twice; in the page's language. */
export function AppointmentConfirmation({
  reference,
  date,
  service,
  manageUrl,
  answerBy,
  referral,
  textCountries,
  whatsapp,
  onBookAnother,
}: AppointmentConfirmationProps) {
  const locale = useLocale();
  const t = { locale };
  const pagePath = usePagePath();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <section className="confirmation" aria-labelledby="confirmation-title">
      <div className="confirmation__panel">
        <h2 id="confirmation-title" ref={heading} tabIndex={-1} className="confirmation__title">
          {requestReceived(locale)}
        </h2>
        <p className="confirmation__reference">
          {m.booking_confirm_reference({}, t)}
          <br />
          <strong>{reference}</strong>
        </p>
      </div>
      {/* What happens next comes first: a request is not a booked time (domain/request-words.ts). */}
      <h3>{m.booking_confirm_next({}, t)}</h3>
      <p className="confirmation__next">{requestNextStep(answerBy, locale)}</p>
      {textCountries && <p>{textsAbroadWords(textCountries, locale)}</p>}
      <p>{m.booking_confirm_keep_reference({}, t)}</p>
      <dl className="confirmation__summary">
        <div>
          <dt>{m.booking_confirm_date({}, t)}</dt>
          <dd>{formatLongDate(date, locale)}</dd>
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
      <ConfirmationLinks reference={reference} manageUrl={manageUrl} whatsapp={whatsapp} />
      <h3>{m.booking_confirm_before({}, t)}</h3>
      <ul className="policy-list">
        {bookingPolicy(locale).map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      <p>
        {/* A link without JavaScript (a fresh form); with it, the form comes back without reloading. */}
        <a
          href={pagePath(BOOKING_PATH)}
          className="button button--outline"
          onClick={(event) => {
            event.preventDefault();
            onBookAnother();
          }}
        >
          {m.booking_confirm_another({}, t)}
        </a>
      </p>
    </section>
  );
}
