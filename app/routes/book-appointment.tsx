import { useActionData, useLoaderData, useLocation } from "react-router";
import { localeOfPath, type Locale } from "@domain/locale";
import { m } from "@domain/paraglide/messages.js";
import { bookingServiceOf } from "@domain/paths";
import { BookingPage } from "~/components/forms/booking/booking-form";
import { clinicContact } from "~/components/forms/contact-options";
import { publicFormAction } from "~/lib/public-forms.server";
import { bookTimeFor, selfBookableServices } from "~/lib/book-time.server";
import { documentTitle, pageMeta } from "~/lib/meta";
import { useClinic } from "~/lib/use-clinic";
import type { Route } from "./+types/book-appointment";
import "~/styles/forms.css";
import { Island } from "~/components/island";
import { island } from "~/lib/hydrate";
import { useLocale } from "~/lib/locale";

/**
 * The booking page: the policy and other ways to book beside the form. The
 * page's content is the island (app/components/forms/booking/booking-form.tsx),
 * so the outcome of a submit can show at its top; the form's parts live in
 * app/components/forms/booking/: fields, upload, calendar, submission (on the
 * shared ../use-submission) and confirmation.
 */

/** The form is an island: its script enhances it without the router (app/lib/hydrate.ts). */
export const handle = island("booking");

/**
 * A self-bookable service named by the address (`?service=<slug>`): its free
 * times, read on the server (decision 064). The prerendered page (no query)
 * reads nothing, and asks first how the patient would like to book.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = localeOfPath(new URL(request.url).pathname);
  return {
    bookTime: await bookTimeFor(request, context, locale),
    selfBookable: selfBookableServices(locale),
  };
}

/** The form posted without JavaScript (multipart, with the referral file): the same rules as the JSON API. */
export async function action(args: Route.ActionArgs) {
  return publicFormAction("booking", args);
}

/** The action's headers (no-store) on the page it renders. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders;
}

/** The page's title, description and keywords in `locale`. */
function page(locale: Locale) {
  const t = { locale };
  return {
    title: m.booking_meta_title({}, t),
    description: m.booking_meta_description({}, t),
    keywords: m.booking_meta_keywords({}, t).split(", "),
    titleInPage: true,
  };
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, page(localeOfPath(args.location.pathname)));
}

export default function BookAppointment() {
  const clinic = useClinic();
  const locale = useLocale();
  const posted = useActionData<typeof action>();
  const { bookTime, selfBookable } = useLoaderData<typeof loader>();
  // ?service=<slug> (a service page's Book Now): the server renders the page for it (server/app.ts).
  const service = bookingServiceOf(useLocation().search)?.title;
  return (
    <main id="main" className="form-page">
      <Island
        name="booking"
        component={BookingPage}
        props={{
          clinic: clinicContact(clinic),
          title: documentTitle(page(locale).title, clinic.name),
          posted: posted && !posted.confirmed ? posted : undefined,
          booked: posted?.confirmed,
          service,
          bookTime,
          selfBookable,
        }}
      />
    </main>
  );
}
