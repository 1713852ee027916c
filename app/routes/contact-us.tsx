import { useEffect, useRef, useState, type FormEvent } from "react";
import { ContactOptions, FormNeedsScript } from "~/components/forms/contact-options";
import { ErrorSummary, type SummaryItem } from "~/components/forms/error-summary";
import { TextAreaField, TextField, useHydrated } from "~/components/forms/field";
import { Honeypot } from "~/components/forms/honeypot";
import { FormStatus, SubmitButton } from "~/components/forms/status";
import { lazyModule } from "~/components/forms/lazy";
import { isDefiniteAnswer, newIdempotencyKey, postJson } from "~/lib/api-client";
import { pageMeta } from "~/lib/meta";
import { useClinic } from "~/root";
import type { Route } from "./+types/contact-us";
import "~/styles/forms.css";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "Contact Us",
    description: "Call, WhatsApp or e-mail the clinic, or send an enquiry online. Opening hours and how to reach us.",
    keywords: ["contact", "radiology clinic Gaborone", "enquiry", "opening hours"],
  });
}

export const CONTACT_SUCCESS = "Your inquiry has been submitted successfully!";
export const CONTACT_FAILURE = "An error occurred. Please try again later.";

type Values = { name: string; phoneNumber: string; email: string; description: string; website: string };
type FieldName = Exclude<keyof Values, "website">;
const FIELDS: FieldName[] = ["name", "phoneNumber", "email", "description"];
const loadValidation = lazyModule(() =>
  Promise.all([import("@domain/validation/contact"), import("@domain/validation/fields")]),
);
const EMPTY: Values = { name: "", phoneNumber: "", email: "", description: "", website: "" };

export default function ContactUs() {
  const clinic = useClinic();
  const hydrated = useHydrated();
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
            {hydrated ? <ContactForm /> : <FormNeedsScript clinic={clinic} what="enquiry form" />}
          </section>
        </div>
      </div>
    </main>
  );
}

function ContactForm() {
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [focusToken, setFocusToken] = useState(0);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState("");
  const [reference, setReference] = useState<string | null>(null);
  const inFlight = useRef(false);
  const idempotencyKey = useRef("");
  const successRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    idempotencyKey.current = newIdempotencyKey();
    loadValidation().catch(() => {}); // warm up; a failure is reported on submit
  }, []);
  useEffect(() => {
    if (reference !== null) successRef.current?.focus();
  }, [reference]);

  function update(field: keyof Values, value: string) {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => {
      if (!(field in e)) return e;
      const { [field]: _cleared, ...rest } = e;
      return rest;
    });
  }

  function showErrors(found: Record<string, string>) {
    setErrors(found);
    setFocusToken((t) => t + 1);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The ref, not state, guards against a second click before React re-renders.
    if (inFlight.current) return;
    inFlight.current = true;
    setFailure("");
    setReference(null);
    let validation: Awaited<ReturnType<typeof loadValidation>>;
    try {
      validation = await loadValidation();
    } catch {
      inFlight.current = false;
      return setFailure(CONTACT_FAILURE);
    }
    const [{ contactSchema }, { fieldErrors }] = validation;
    const parsed = contactSchema.safeParse(values);
    if (!parsed.success) {
      inFlight.current = false;
      return showErrors(fieldErrors(parsed.error));
    }

    setBusy(true);
    const result = await postJson<{ reference?: string }>(
      "/api/contact-enquire/public/create",
      { ...parsed.data, website: values.website },
      idempotencyKey.current,
    );
    inFlight.current = false;
    setBusy(false);
    if (isDefiniteAnswer(result.status)) idempotencyKey.current = newIdempotencyKey();

    if (result.ok) {
      setValues(EMPTY);
      setErrors({});
      setReference(result.data.reference ?? "");
      return;
    }
    const known = Object.fromEntries(Object.entries(result.errors).filter(([k]) => (FIELDS as string[]).includes(k)));
    if (result.status === 400 && Object.keys(known).length) return showErrors(known);
    if (result.status === 429 && result.message) return setFailure(result.message);
    console.error(`Contact enquiry failed with status ${result.status}`);
    setFailure(CONTACT_FAILURE);
  }

  const summary: SummaryItem[] = FIELDS.filter((f) => errors[f]).map((f) => ({ target: f, message: errors[f]! }));

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
      <ErrorSummary items={summary} focusToken={focusToken} />
      <form className="form" noValidate onSubmit={onSubmit} aria-describedby="enquiry-required">
        <p id="enquiry-required" className="form__intro">
          All fields are required.
        </p>
        <TextField
          id="name"
          label="Your name"
          autoComplete="name"
          required
          value={values.name}
          onChange={(e) => update("name", e.target.value)}
          error={errors.name}
        />
        <TextField
          id="phoneNumber"
          label="Phone number"
          hint="We may call or WhatsApp you on this number. For example 71 234 567; for a number outside Botswana, start with + and the country code."
          type="tel"
          autoComplete="tel"
          required
          className="field__input--medium"
          value={values.phoneNumber}
          onChange={(e) => update("phoneNumber", e.target.value)}
          error={errors.phoneNumber}
        />
        <TextField
          id="email"
          label="Email address"
          type="email"
          autoComplete="email"
          spellCheck={false}
          required
          value={values.email}
          onChange={(e) => update("email", e.target.value)}
          error={errors.email}
        />
        <TextAreaField
          id="description"
          label="Your enquiry"
          hint="Tell us what you would like to know. Please do not include detailed medical history."
          rows={6}
          required
          value={values.description}
          onChange={(e) => update("description", e.target.value)}
          error={errors.description}
        />
        <Honeypot value={values.website} onChange={(v) => setValues((s) => ({ ...s, website: v }))} />
        <FormStatus busy={busy} error={failure} />
        <SubmitButton busy={busy}>Send enquiry</SubmitButton>
      </form>
    </>
  );
}
