import { useEffect, useRef, useState } from "react";
import { ENQUIRY_PATH } from "@domain/api-paths";
import { BASE_LOCALE, type Locale } from "@domain/locale";
import { m } from "@domain/paraglide/messages.js";
import { enquiryNextStep, enquiryReceived } from "@domain/request-words";
import { CONTACT_FIELDS, type ContactValues } from "@domain/validation/contact-form";
import { RichMessage } from "~/components/info/rich-message";
import { postJson } from "~/lib/api-client";
import { useLocale, usePagePath } from "~/lib/locale";
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
 * Everything is in the page's language (useLocale: /tn/contact-us is
 * Setswana), which the enquiry carries so the server answers in it too.
 */

/** The contact form's general failure message, in `locale`. */
export const contactFailure = (locale: Locale) => m.form_failure_later({}, { locale });
export const CONTACT_FAILURE = contactFailure(BASE_LOCALE);

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
  const locale = useLocale();
  const t = { locale };
  const pagePath = usePagePath();
  const [reference, setReference] = useState<string | null>(posted?.reference ?? null);
  const successRef = useRef<HTMLDivElement>(null);
  const submission = useFormSubmission({
    initial: { ...EMPTY, ...posted?.values },
    posted,
    loadValidation,
    check: ([{ contactSchemaFor }, { fieldErrors }], values) => {
      const parsed = contactSchemaFor(locale).safeParse({ ...values, language: locale });
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
    failure: contactFailure(locale),
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
      <p className="notice__title">{enquiryReceived(locale)}</p>
      {reference && (
        <p>
          <RichMessage
            message={m.contact_reference}
            parts={{ reference: <strong>{reference}</strong> }}
            locale={locale}
          />
        </p>
      )}
      <p>{enquiryNextStep(locale)}</p>
    </div>
  );

  return (
    <FormPage
      title={title}
      hasErrors={hasErrors}
      outcome={hasErrors ? summary : success}
      heading={m.contact_heading({}, t)}
    >
      <FormLayout
        lead={m.contact_lead({}, t)}
        aside={
          <>
            <ContactOptions clinic={clinic} title={m.contact_options_title({}, t)} />
            <p className="form-page__note">{m.contact_emergency({}, t)}</p>
          </>
        }
        formHeadingId="enquiry-title"
        formHeading={m.contact_form_heading({}, t)}
      >
        <SubmissionForm
          submission={submission}
          website={values.website}
          onWebsite={(v) => update("website", v)}
          submitLabel={m.contact_submit({}, t)}
          describedBy="enquiry-required"
          // A literal, as before: domain/paths.ts would bring the service catalogue into this island.
          action={pagePath("/contact-us")}
        >
          <p id="enquiry-required" className="form__intro">
            {m.contact_intro({}, t)}
          </p>
          <TextField {...field("name")} label={m.contact_name({}, t)} autoComplete="name" required />
          <PhoneField
            {...field("phoneNumber")}
            label={m.form_phone_label({}, t)}
            hint={m.contact_phone_hint({}, t)}
            autoComplete="tel"
          />
          <EmailField {...field("email")} />
          <TextAreaField
            {...field("description")}
            label={m.contact_description({}, t)}
            hint={m.contact_description_hint({}, t)}
            rows={6}
            required
          />
        </SubmissionForm>
      </FormLayout>
    </FormPage>
  );
}
