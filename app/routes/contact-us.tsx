import { useActionData } from "react-router";
import { ContactPage } from "~/components/forms/contact-form";
import { clinicContact } from "~/components/forms/contact-options";
import { documentTitle, pageMeta } from "~/lib/meta";
import { publicFormAction } from "~/lib/public-forms.server";
import { useClinic } from "~/lib/use-clinic";
import type { Route } from "./+types/contact-us";
import "~/styles/forms.css";
import { Island } from "~/components/island";
import { island } from "~/lib/hydrate";

/** The page's content is an island: its script enhances the form without the router (app/lib/hydrate.ts). */
export const handle = island("contact");

/** The form posted without JavaScript (urlencoded): the same rules as the JSON API. */
export async function action(args: Route.ActionArgs) {
  return publicFormAction("enquiry", args);
}

/** The action's headers (no-store) on the page it renders. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders;
}

const PAGE = {
  title: "Contact Us",
  description: "Call, WhatsApp or e-mail the clinic, or send an enquiry online. Opening hours and how to reach us.",
  keywords: ["contact", "radiology clinic Gaborone", "enquiry", "opening hours"],
  titleInPage: true,
};

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, PAGE);
}

export default function ContactUs() {
  const clinic = useClinic();
  const posted = useActionData<typeof action>();
  return (
    <main id="main" className="form-page">
      <Island
        name="contact"
        component={ContactPage}
        props={{
          clinic: clinicContact(clinic),
          title: documentTitle(PAGE.title, clinic.name),
          posted,
        }}
      />
    </main>
  );
}
