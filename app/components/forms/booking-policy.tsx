import { BOOKING_POLICY } from "@domain/booking-policy";

/** The clinic's booking policy as a section of its own (the booking page, a patient's private page). */
export function BookingPolicy({ className }: { className?: string }) {
  return (
    <section className={className} aria-labelledby="policy-title">
      <h2 id="policy-title">Our booking policy</h2>
      <ul className="policy-list">
        {BOOKING_POLICY.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </section>
  );
}
