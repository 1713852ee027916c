import { useEffect, useRef } from "react";
import { BOOKING_POLICY } from "@domain/booking-policy";
import { whatsappHref } from "@domain/contact-links";
import { formatLongDate } from "@domain/dates";
import { BOOKING_PATH } from "@domain/paths";
import { referralWords, REQUEST_RECEIVED, requestNextStep, type BookingConfirmation } from "@domain/request-words";

interface AppointmentConfirmationProps extends BookingConfirmation {
  whatsapp: string;
  onBookAnother: () => void;
}

/** Replaces the booking form after success, so the filled form cannot be sent twice. */
export function AppointmentConfirmation({
  reference,
  date,
  service,
  manageUrl,
  answerBy,
  referral,
  whatsapp,
  onBookAnother,
}: AppointmentConfirmationProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  // Only the reference goes into the link: no name, date or health details.
  const chat = whatsappHref({ whatsapp }, `Hello, I am writing about my appointment request ${reference}.`);
  return (
    <section className="confirmation" aria-labelledby="confirmation-title">
      <div className="confirmation__panel">
        <h2 id="confirmation-title" ref={heading} tabIndex={-1} className="confirmation__title">
          {REQUEST_RECEIVED}
        </h2>
        <p className="confirmation__reference">
          Your reference number is
          <br />
          <strong>{reference}</strong>
        </p>
      </div>
      {/* What happens next comes first: a request is not a booked time (domain/request-words.ts). */}
      <h3>What happens next</h3>
      <p className="confirmation__next">{requestNextStep(answerBy)}</p>
      <p>Keep your reference number: quote it if you call or message us.</p>
      <dl className="confirmation__summary">
        <div>
          <dt>Requested date</dt>
          <dd>{formatLongDate(date)}</dd>
        </div>
        <div>
          <dt>Service</dt>
          <dd>{service}</dd>
        </div>
        <div>
          <dt>Referral form</dt>
          <dd>{referralWords(referral)}</dd>
        </div>
      </dl>
      <h3>Your private link</h3>
      {manageUrl ? (
        <>
          <p>
            Use it to see your appointment, change the date or cancel. We have also sent it to your e-mail address. Do
            not share it.
          </p>
          <p>
            <a className="button button--outline" href={manageUrl}>
              See, change or cancel your appointment
            </a>
          </p>
        </>
      ) : (
        <p>
          This request was already sent, so we did not make a new link. Use the private link in the e-mail we sent you
          to see your appointment, change the date or cancel. Do not share it.
        </p>
      )}
      {chat && (
        <p>
          <a className="button button--whatsapp" href={chat} rel="noopener noreferrer" target="_blank">
            Message us on WhatsApp about <span className="nowrap">{reference}</span>
            <span className="visually-hidden"> (opens WhatsApp)</span>
          </a>
        </p>
      )}
      <h3>Before your appointment</h3>
      <ul className="policy-list">
        {BOOKING_POLICY.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      <p>
        {/* A link without JavaScript (a fresh form); with it, the form comes back without reloading. */}
        <a
          href={BOOKING_PATH}
          className="button button--outline"
          onClick={(event) => {
            event.preventDefault();
            onBookAnother();
          }}
        >
          Request another appointment
        </a>
      </p>
    </section>
  );
}
