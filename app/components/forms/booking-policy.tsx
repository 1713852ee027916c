import { bookingPolicy, NOTICE_HOURS } from "@domain/booking-policy";
import { ARRIVE_EARLY_MINUTES } from "@domain/visit-words";
import { RichMessage } from "~/components/info/rich-message";
import { m } from "@domain/paraglide/messages.js";
import { useLocale, usePagePath } from "~/lib/locale";

/**
 * The clinic's booking policy as a section of its own (the booking page, beside
 * its submit button; a patient's private page), in the page's language, under
 * a heading of `level` (3 inside the booking form's section).
 */
export function BookingPolicy({ className, level = 2 }: { className?: string; level?: 2 | 3 }) {
  const locale = useLocale();
  const Heading = level === 3 ? "h3" : "h2";
  return (
    <section className={className} id={POLICY_ID} aria-labelledby="policy-title">
      <Heading id="policy-title">{m.booking_policy_title({}, { locale })}</Heading>
      <ul className="policy-list">
        {bookingPolicy(locale).map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </section>
  );
}

/** The policy's id, which the booking page's short line links to. */
export const POLICY_ID = "policy";

/** The booking page's short line at the top: the two rules a patient must plan for, and a link to the whole policy beside the button. */
export function BookingPolicyLine() {
  const locale = useLocale();
  return (
    <p className="form-page__policy-line">
      <RichMessage
        message={(inputs: { link: string }, options) =>
          m.booking_policy_short({ ...inputs, minutes: ARRIVE_EARLY_MINUTES, hours: NOTICE_HOURS }, options)
        }
        parts={{ link: <a href={`#${POLICY_ID}`}>{m.booking_policy_short_link({}, { locale })}</a> }}
        locale={locale}
      />
    </p>
  );
}

/** The end of both booking forms, above their button: the whole policy, then where the privacy notice is. */
export function BookingFormFooter() {
  const locale = useLocale();
  const pagePath = usePagePath();
  return (
    <>
      <BookingPolicy className="policy policy--submit" level={3} />
      <p className="form__privacy">
        <RichMessage
          message={m.booking_privacy}
          parts={{ link: <a href={pagePath("/privacy")}>{m.booking_privacy_link({}, { locale })}</a> }}
          locale={locale}
        />
      </p>
    </>
  );
}
