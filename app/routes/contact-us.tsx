import { useActionData } from "react-router";
import { localeOfPath, type Locale } from "@domain/locale";
import { m } from "@domain/paraglide/messages.js";
import { ContactPage } from "~/components/forms/contact-form";
import { clinicContact } from "~/components/forms/contact-options";
import { documentTitle, pageMeta } from "~/lib/meta";
import { publicFormAction } from "~/lib/public-forms.server";
import { useClinic } from "~/lib/use-clinic";
import type { Route } from "./+types/contact-us";
import "~/styles/forms.css";
import { Island } from "~/components/island";
import { island } from "~/lib/hydrate";
import { useLocale } from "~/lib/locale";

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

/** The page's title, description and keywords in `locale`. */
function page(locale: Locale) {
  const t = { locale };
  return {
    title: m.contact_meta_title({}, t),
    description: m.contact_meta_description({}, t),
    keywords: m.contact_meta_keywords({}, t).split(", "),
    titleInPage: true,
  };
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, page(localeOfPath(args.location.pathname)));
}

export default function ContactUs() {
  const clinic = useClinic();
  const locale = useLocale();
  const posted = useActionData<typeof action>();
  return (
    <main id="main" className="form-page">
      <Island
        name="contact"
        component={ContactPage}
        props={{
          clinic: clinicContact(clinic),
          title: documentTitle(page(locale).title, clinic.name),
          posted,
        }}
      />
    </main>
  );
}
