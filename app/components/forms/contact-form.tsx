import { useEffect, useRef, useState } from "react";
import { ENQUIRY_PATH } from "@domain/api-paths";
import { ENQUIRY_NEXT_STEP, ENQUIRY_RECEIVED } from "@domain/request-words";
import { CONTACT_FIELDS, type ContactValues } from "@domain/validation/contact-form";
import { postJson } from "~/lib/api-client";
import { ContactOptions, type ClinicContact } from "./contact-options";
import { EmailField, PhoneField, TextAreaField, TextField } from "./field";
import { FormLayout, FormPage } from "./form-page";
import { lazyModule } from "./lazy";
import { SubmissionForm, submissionSummary } from "./submission-form";
import { useFormSubmission } from "./use-submission";

/**
 * The contact page's content, with its enquiry form. Without JavaScript the
 * form posts to the page's action, which answers with `posted` (the
 * reference, or the errors with the values kept); with it, it validates as
 * the visitor types and sends JSON. Either outcome is at the top of the page.
 */

export const CONTACT_FAILURE = "An error occurred. Please try again later.";

const TARGETS = CONTACT_FIELDS.filter((f) => f !== "website").map((f) => [f, f] as const);
const EMPTY: ContactValues = { name: "", phoneNumber: "", email: "", description: "", website: "" };
const loadValidation = lazyModule(() =>
  Promise.all([import("@domain/validation/contact"), import("@domain/validation/fields")]),
);

/** A plain post's answer (server/enquiries/page-form.ts): the reference, or the errors with the values kept. */
export interface ContactPosted {
  reference?: string;
  values?: Partial<ContactValues>;
  errors?: Record<string, string>;
  failure?: string;
}

export function ContactPage({
  clinic,
  title,
  posted,
}: {
  clinic: ClinicContact;
  /** The page's <title> (app/lib/meta.ts: documentTitle). */
  title: string;
  posted?: ContactPosted;
}) {
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
    send: (body, key) => postJson<{ reference?: string }>(ENQUIRY_PATH, body, key),
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
  const { hasErrors, summary } = submissionSummary(submission);

  useEffect(() => {
    if (reference !== null) successRef.current?.focus();
  }, [reference]);

  const success = reference !== null && (
    <div className="notice notice--success" ref={successRef} tabIndex={-1}>
      <p className="notice__title">{ENQUIRY_RECEIVED}</p>
      {reference && (
        <p>
          Your reference is <strong>{reference}</strong>.
        </p>
      )}
      <p>{ENQUIRY_NEXT_STEP}</p>
    </div>
  );

  return (
    <FormPage title={title} hasErrors={hasErrors} outcome={hasErrors ? summary : success} heading="Contact us">
      <FormLayout
        lead="Questions about a scan, how to prepare, or your referral? Call or message us during opening hours, or send an enquiry below and we will get back to you."
        aside={
          <>
            <ContactOptions clinic={clinic} title="Call, message or e-mail us" />
            <p className="form-page__note">
              For a medical emergency, go to your nearest emergency department: do not use this form.
            </p>
          </>
        }
        formHeadingId="enquiry-title"
        formHeading="Send us an enquiry"
      >
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
      </FormLayout>
    </FormPage>
  );
}
