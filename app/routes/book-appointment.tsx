import { useActionData } from "react-router";
import { BookingFlow } from "~/components/forms/booking/booking-form";
import { ContactOptions } from "~/components/forms/contact-options";
import { publicFormAction } from "~/lib/public-forms.server";
import { BookingPolicy } from "~/components/forms/booking-policy";
import { pageMeta } from "~/lib/meta";
import { useClinic } from "~/root";
import type { Route } from "./+types/book-appointment";
import "~/styles/forms.css";
import { Island } from "~/components/island";
import { island } from "~/lib/hydrate";

/**
 * The booking page: the policy and other ways to book beside the form. The
 * form's parts live in app/components/forms/booking/: fields, upload,
 * calendar, submission (on the shared ../use-submission) and confirmation.
 */

/** The form is an island: its script enhances it without the router (app/lib/hydrate.ts). */
export const handle = island("booking");

/** The form posted without JavaScript (multipart, with the referral file): the same rules as the JSON API. */
export async function action(args: Route.ActionArgs) {
  return publicFormAction("booking", args);
}

/** The action's headers (no-store) on the page it renders. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders;
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "Book an Appointment",
    description: "Request an appointment for a scan online, attach your referral form, and read our booking policy.",
    keywords: ["book appointment", "radiology Gaborone", "ultrasound booking", "X-ray appointment", "referral form"],
  });
}

export default function BookAppointment() {
  const clinic = useClinic();
  const posted = useActionData<typeof action>();
  return (
    <main id="main" className="form-page">
      <div className="container">
        <h1>Book an appointment</h1>
        <p className="form-page__lead">
          Request an appointment online. Choose the service and the day that suits you: the clinic will contact you to
          confirm the time.
        </p>
        <div className="form-page__layout">
          <div className="form-page__aside">
            <BookingPolicy className="policy" />
            <ContactOptions clinic={clinic} title="Prefer to book by phone?" />
          </div>
          <section className="form-page__main" aria-labelledby="booking-title">
            <h2 id="booking-title">Request an appointment</h2>
            <Island
              name="booking"
              component={BookingFlow}
              props={{
                whatsapp: clinic.whatsapp,
                posted: posted && !posted.confirmed ? posted : undefined,
                booked: posted?.confirmed,
              }}
            />
          </section>
        </div>
      </div>
    </main>
  );
}
