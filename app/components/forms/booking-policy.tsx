import { bookingPolicy } from "@domain/booking-policy";
import { m } from "@domain/paraglide/messages.js";
import { useLocale } from "~/lib/locale";

/** The clinic's booking policy as a section of its own (the booking page, a patient's private page), in the page's language. */
export function BookingPolicy({ className }: { className?: string }) {
  const locale = useLocale();
  return (
    <section className={className} aria-labelledby="policy-title">
      <h2 id="policy-title">{m.booking_policy_title({}, { locale })}</h2>
      <ul className="policy-list">
        {bookingPolicy(locale).map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </section>
  );
}
