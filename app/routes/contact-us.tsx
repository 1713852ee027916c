import { useEffect, useRef, useState } from "react";
import { useActionData } from "react-router";
import { CONTACT_FIELDS, type ContactValues } from "@domain/validation/contact-form";
import { ContactOptions } from "~/components/forms/contact-options";
import { EmailField, PhoneField, TextAreaField, TextField } from "~/components/forms/field";
import { lazyModule } from "~/components/forms/lazy";
import { SubmissionForm } from "~/components/forms/submission-form";
import { useFormSubmission } from "~/components/forms/use-submission";
import { postJson } from "~/lib/api-client";
import { pageMeta } from "~/lib/meta";
import { publicFormAction } from "~/lib/public-forms.server";
import { useClinic } from "~/root";
import type { Route } from "./+types/contact-us";
import "~/styles/forms.css";
import { HYDRATE } from "~/lib/hydrate";

/** Needs React in the browser (app/lib/hydrate.ts). */
export const handle = HYDRATE;

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

export const CONTACT_SUCCESS = "Your inquiry has been submitted successfully!";
export const CONTACT_FAILURE = "An error occurred. Please try again later.";

const ENDPOINT = "/api/contact-enquire/public/create";
const TARGETS = CONTACT_FIELDS.filter((f) => f !== "website").map((f) => [f, f] as const);
const EMPTY: ContactValues = { name: "", phoneNumber: "", email: "", description: "", website: "" };
const loadValidation = lazyModule(() =>
  Promise.all([import("@domain/validation/contact"), import("@domain/validation/fields")]),
);

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
            <ContactForm posted={posted} />
          </section>
        </div>
      </div>
    </main>
  );
}

/** A plain post's answer (server/requests/page-forms.ts): the reference, or the errors with the values kept. */
interface ContactPosted {
  reference?: string;
  values?: Partial<ContactValues>;
  errors?: Record<string, string>;
  failure?: string;
}

function ContactForm({ posted }: { posted?: ContactPosted }) {
  const [reference, setReference] = useState<string | null>(posted?.reference ?? null);
  const successRef = useRef<HTMLDivElement>(null);
  const submission = useFormSubmission({
    initial: { ...EMPTY, ...posted?.values },
    posted,
    loadValidation,
    check: ([{ contactSchema }, { fieldErrors }], values) => {
      const parsed = contactSchema.safeParse(values);
      return parsed.success
        ? { body: { ...parsed.data, website: values.website }, errors: {} }
        : { body: null, errors: fieldErrors(parsed.error) };
    },
    send: (body, key) => postJson<{ reference?: string }>(ENDPOINT, body, key),
    onSuccess: (data) => {
      submission.reset(EMPTY);
      setReference(data.reference ?? "");
    },
    onStart: () => setReference(null),
    failure: CONTACT_FAILURE,
    targets: TARGETS,
    // Only a rate limit's own words are shown; anything else is the general failure.
    selfExplaining: [429],
    logAs: "Contact enquiry",
  });
  const { values, update, field } = submission;

  useEffect(() => {
    if (reference !== null) successRef.current?.focus();
  }, [reference]);

  return (
    <>
      {reference !== null && (
        <div className="notice notice--success" ref={successRef} tabIndex={-1}>
          <p className="notice__title">{CONTACT_SUCCESS}</p>
          {reference && (
            <p>
              Your reference is <strong>{reference}</strong>.
            </p>
          )}
          <p>The clinic will reply using the phone number or e-mail address you gave.</p>
        </div>
      )}
      <SubmissionForm
        submission={submission}
        website={values.website}
        onWebsite={(v) => update("website", v)}
        submitLabel="Send enquiry"
        describedBy="enquiry-required"
        action="/contact-us"
      >
        <p id="enquiry-required" className="form__intro">
          All fields are required.
        </p>
        <TextField {...field("name")} label="Your name" autoComplete="name" required />
        <PhoneField
          {...field("phoneNumber")}
          label="Phone number"
          hint="We may call or WhatsApp you on this number. For example 71 234 567; for a number outside Botswana, start with + and the country code."
          autoComplete="tel"
        />
        <EmailField {...field("email")} />
        <TextAreaField
          {...field("description")}
          label="Your enquiry"
          hint="Tell us what you would like to know. Please do not include detailed medical history."
          rows={6}
          required
        />
      </SubmissionForm>
    </>
  );
}
