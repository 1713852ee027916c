import { useActionData } from "react-router";
import { ContactForm } from "~/components/forms/contact-form";
import { ContactOptions } from "~/components/forms/contact-options";
import { pageMeta } from "~/lib/meta";
import { publicFormAction } from "~/lib/public-forms.server";
import { useClinic } from "~/root";
import type { Route } from "./+types/contact-us";
import "~/styles/forms.css";
import { Island } from "~/components/island";
import { island } from "~/lib/hydrate";

/** The form is an island: its script enhances it without the router (app/lib/hydrate.ts). */
export const handle = island("contact");

/** The form posted without JavaScript (urlencoded): the same rules as the JSON API. */
export async function action(args: Route.ActionArgs) {
  return publicFormAction("enquiry", args);
}

/** The action's headers (no-store) on the page it renders. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders;
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "Contact Us",
    description: "Call, WhatsApp or e-mail the clinic, or send an enquiry online. Opening hours and how to reach us.",
    keywords: ["contact", "radiology clinic Gaborone", "enquiry", "opening hours"],
  });
}

export default function ContactUs() {
  const clinic = useClinic();
  const posted = useActionData<typeof action>();
  return (
    <main id="main" className="form-page">
      <div className="container">
        <h1>Contact us</h1>
        <p className="form-page__lead">
          Questions about a scan, how to prepare, or your referral? Call or message us during opening hours, or send an
          enquiry below and we will get back to you.
        </p>
        <div className="form-page__layout">
          <div className="form-page__aside">
            <ContactOptions clinic={clinic} title="Call, message or e-mail us" />
            <p className="form-page__note">
              For a medical emergency, go to your nearest emergency department: do not use this form.
            </p>
          </div>
          <section className="form-page__main" aria-labelledby="enquiry-title">
            <h2 id="enquiry-title">Send us an enquiry</h2>
            <Island name="contact" component={ContactForm} props={{ posted }} />
          </section>
        </div>
      </div>
    </main>
  );
}
