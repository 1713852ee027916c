import { useEffect, useRef, useState, type FormEvent } from "react";
import { AppointmentConfirmation } from "~/components/forms/confirmation";
import { ContactOptions, FormNeedsScript } from "~/components/forms/contact-options";
import { DatePicker } from "~/components/forms/date-picker";
import {
  addDays,
  formatLongDate,
  isIsoDate,
  localTime,
  localToday,
  parseDateInput,
  weekdayIndex,
  type BookingCalendar,
} from "@domain/dates";
import { ErrorSummary, type SummaryItem } from "~/components/forms/error-summary";
import { radioId, RadioGroup, SelectField, TextAreaField, TextField, useHydrated } from "~/components/forms/field";
import { checkFile, FileUpload, UPLOAD_FAILED } from "~/components/forms/file-upload";
import { lazyModule } from "~/components/forms/lazy";
import { Honeypot } from "~/components/forms/honeypot";
import { FormStatus, SubmitButton } from "~/components/forms/status";
import { BOOKABLE_SERVICES } from "@domain/catalogue";
import { BOOKING_POLICY } from "@domain/booking-policy";
import { GENDERS } from "@domain/patient";
import { PAYMENT_METHODS } from "@domain/payments";
import { getJson, isDefiniteAnswer, newIdempotencyKey, postJson, uploadFile } from "~/lib/api-client";
import { pageMeta } from "~/lib/meta";
import { useClinic } from "~/root";
import type { Route } from "./+types/book-appointment";
import "~/styles/forms.css";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "Book an Appointment",
    description: "Request an appointment for a scan online, attach your referral form, and read our booking policy.",
    keywords: ["book appointment", "radiology Gaborone", "ultrasound booking", "X-ray appointment", "referral form"],
  });
}

export const APPOINTMENT_FAILURE = "An error occurred. Please try again.";

/**
 * Answers whose own message tells the visitor what to do (too large, refused
 * file, rate limit or daily cap, storage full, booking system unavailable):
 * the page shows the server's words instead of the general failure.
 */
const SELF_EXPLAINING = new Set([413, 415, 429, 503, 507]);

function serverMessage(result: {
  status: number;
  message?: string;
  errors: Record<string, string>;
}): string | undefined {
  if (!SELF_EXPLAINING.has(result.status)) return undefined;
  return result.errors.file ?? result.message;
}

const loadValidation = lazyModule(() =>
  Promise.all([import("@domain/validation/appointment"), import("@domain/validation/fields")]),
);
type Validation = Awaited<ReturnType<typeof loadValidation>>;

type Values = {
  name: string;
  surname: string;
  dob: string;
  gender: string;
  idPassportNumber: string;
  phoneNumber: string;
  alternateNumber: string;
  email: string;
  service: string;
  appointmentDate: string;
  paymentMethod: string;
  medicalAidNumber: string;
  notes: string;
  website: string;
};

interface ReferralForm {
  url: string;
  publicId: string;
  name: string;
}

/** Where each error key (dotted, as the API sends them) is shown and where its summary link jumps. */
const ERROR_TARGETS: [key: string, target: string][] = [
  ["name", "name"],
  ["surname", "surname"],
  ["dob", "dob"],
  ["gender", radioId("gender", GENDERS[0])],
  ["idPassportNumber", "idPassportNumber"],
  ["phoneNumber", "phoneNumber"],
  ["alternateNumber", "alternateNumber"],
  ["email", "email"],
  ["service.name", "service"],
  ["appointmentDate", "appointmentDate"],
  ["service.paymentMethod", radioId("paymentMethod", PAYMENT_METHODS[0].value)],
  ["medicalAidNumber", "medicalAidNumber"],
  ["referral", "referral"],
  ["notes", "notes"],
];
const KNOWN_KEYS = new Set(ERROR_TARGETS.map(([key]) => key));

/** The error keys a field's edit clears. */
const CLEARS: Partial<Record<keyof Values, string[]>> = {
  service: ["service.name"],
  paymentMethod: ["service.paymentMethod", "medicalAidNumber"],
};

/** API error keys onto the form's keys (referral uploads report under referralForms…). */
function normaliseKey(key: string): string {
  if (key.startsWith("referralForms")) return "referral";
  if (key === "service") return "service.name";
  return key;
}

function initialValues(): Values {
  const slug = new URLSearchParams(window.location.search).get("service");
  const service = BOOKABLE_SERVICES.find((s) => s.slug === slug)?.title ?? "";
  return {
    name: "",
    surname: "",
    dob: "",
    gender: "",
    idPassportNumber: "",
    phoneNumber: "",
    alternateNumber: "",
    email: "",
    service,
    appointmentDate: "",
    paymentMethod: "cash",
    medicalAidNumber: "",
    notes: "",
    website: "",
  };
}

/** Used only if the calendar cannot be loaded: Sundays closed; the server still checks holidays. */
function fallbackCalendar(horizonDays = 90): BookingCalendar {
  const today = localToday();
  const closedDates: string[] = [];
  for (let i = 0; i <= horizonDays; i++) {
    const day = addDays(today, i);
    if (weekdayIndex(day) === 6) closedDates.push(day);
  }
  return { today, firstDate: today, lastDate: addDays(today, horizonDays), closedDates };
}

function isCalendar(value: unknown): value is BookingCalendar {
  const c = value as Partial<BookingCalendar> | null;
  return (
    !!c &&
    typeof c.today === "string" &&
    isIsoDate(c.firstDate ?? "") &&
    isIsoDate(c.lastDate ?? "") &&
    Array.isArray(c.closedDates) &&
    c.closedDates.every((d) => typeof d === "string")
  );
}

export default function BookAppointment() {
  const clinic = useClinic();
  const hydrated = useHydrated();
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
            <section className="policy" aria-labelledby="policy-title">
              <h2 id="policy-title">Our booking policy</h2>
              <ul className="policy-list">
                {BOOKING_POLICY.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            </section>
            <ContactOptions clinic={clinic} title="Prefer to book by phone?" />
          </div>
          <section className="form-page__main" aria-labelledby="booking-title">
            <h2 id="booking-title">Request an appointment</h2>
            {hydrated ? (
              <BookingFlow whatsapp={clinic.whatsapp} />
            ) : (
              <FormNeedsScript clinic={clinic} what="booking form" />
            )}
          </section>
        </div>
      </div>
    </main>
  );
}

interface Confirmed {
  reference: string;
  date: string;
  service: string;
}

function BookingFlow({ whatsapp }: { whatsapp: string }) {
  const [confirmed, setConfirmed] = useState<Confirmed | null>(null);
  const [formKey, setFormKey] = useState(0);
  if (confirmed) {
    return (
      <AppointmentConfirmation
        {...confirmed}
        whatsapp={whatsapp}
        onBookAnother={() => {
          setConfirmed(null);
          setFormKey((k) => k + 1);
        }}
      />
    );
  }
  return <BookingForm key={formKey} onBooked={setConfirmed} />;
}

function BookingForm({ onBooked }: { onBooked: (confirmed: Confirmed) => void }) {
  const [values, setValues] = useState<Values>(initialValues);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [focusToken, setFocusToken] = useState(0);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [uploadFailed, setUploadFailed] = useState("");
  const [progress, setProgress] = useState<number | null>(null);
  const [calendar, setCalendar] = useState<BookingCalendar | null>(null);
  const [calendarNote, setCalendarNote] = useState<string>();
  const inFlight = useRef(false);
  const bookingKey = useRef("");
  const uploadKey = useRef("");
  /** The last file uploaded, so a retry after a failed booking does not upload it again. */
  const uploaded = useRef<{ file: File; form: ReferralForm } | null>(null);
  const today = calendar?.today ?? localToday();

  useEffect(() => {
    bookingKey.current = newIdempotencyKey();
    uploadKey.current = newIdempotencyKey();
    loadValidation().catch(() => {}); // warm up; a failure is reported on submit
    const controller = new AbortController();
    void getJson<unknown>("/api/appointment/public/calendar", controller.signal).then((result) => {
      if (controller.signal.aborted) return;
      if (result.ok && isCalendar(result.data)) {
        setCalendar(result.data);
      } else {
        setCalendar(fallbackCalendar());
        setCalendarNote(
          "We could not load the clinic's holiday dates, so only Sundays are marked closed. The clinic will confirm your date.",
        );
      }
    });
    return () => controller.abort();
  }, []);

  function clear(...keys: string[]) {
    setErrors((e) => {
      if (!keys.some((k) => k in e)) return e;
      const rest = { ...e };
      for (const k of keys) delete rest[k];
      return rest;
    });
  }

  function update<K extends keyof Values>(field: K, value: string) {
    setValues((v) => ({ ...v, [field]: value }));
    clear(field, ...(CLEARS[field] ?? []));
  }

  function onFile(chosen: File | null) {
    setFile(chosen);
    setUploadFailed("");
    setProgress(null);
    clear("referral");
    uploadKey.current = newIdempotencyKey();
    if (chosen) {
      const problem = checkFile(chosen);
      if (problem) setErrors((e) => ({ ...e, referral: problem }));
    }
  }

  function showErrors(found: Record<string, string>) {
    setErrors(found);
    setFocusToken((t) => t + 1);
  }

  /** Checks everything the browser can check; returns the body to send, or the errors. */
  function validate([{ appointmentSchema }, { fieldErrors }]: Validation): {
    body: Record<string, unknown>;
    errors: Record<string, string>;
  } {
    const dateIso = parseDateInput(values.appointmentDate);
    const aid = values.paymentMethod !== "cash";
    const body = {
      name: values.name,
      surname: values.surname,
      dob: values.dob,
      phoneNumber: values.phoneNumber,
      alternateNumber: values.alternateNumber,
      email: values.email,
      gender: values.gender,
      service: { name: values.service, paymentMethod: values.paymentMethod },
      ...(aid ? { medicalAidNumber: values.medicalAidNumber.trim() } : {}),
      notes: values.notes,
      appointmentDate: dateIso ?? values.appointmentDate.trim(),
      appointmentTime: localTime(),
      referralForms: [] as ReferralForm[],
      idPassportNumber: values.idPassportNumber,
      website: values.website,
    };
    const parsed = appointmentSchema.safeParse(body);
    const found: Record<string, string> = parsed.success ? {} : fieldErrors(parsed.error);
    // The schema's medical-aid rule (a refinement) only runs once every other field is valid: check it now too.
    if (aid && !values.medicalAidNumber.trim()) found.medicalAidNumber ??= "Enter your medical aid membership number.";
    if (!found.dob && values.dob >= today) found.dob = "Enter a real date of birth in the past.";
    if (values.appointmentDate.trim() && !dateIso) {
      found.appointmentDate = "Enter the appointment date as day/month/year, for example 07/12/2026.";
    } else if (dateIso && calendar) {
      if (dateIso < calendar.firstDate || dateIso > calendar.lastDate) {
        found.appointmentDate = `Choose a date between ${formatLongDate(calendar.firstDate)} and ${formatLongDate(calendar.lastDate)}.`;
      } else if (calendar.closedDates.includes(dateIso)) {
        found.appointmentDate = `The clinic is closed on ${formatLongDate(dateIso)}. Choose another day.`;
      }
    }
    if (file) {
      const problem = checkFile(file);
      if (problem) found.referral = problem;
    }
    return { body, errors: found };
  }

  async function sendReferral(chosen: File): Promise<ReferralForm | null> {
    if (uploaded.current?.file === chosen) return uploaded.current.form;
    setProgress(0);
    const result = await uploadFile<{ url: string; publicId: string; fileName: string }>(
      "/api/cloudinary/upload/referrals_forms",
      chosen,
      { idempotencyKey: uploadKey.current, onProgress: setProgress },
    );
    if (isDefiniteAnswer(result.status)) uploadKey.current = newIdempotencyKey();
    if (!result.ok || !result.data.url || !result.data.publicId) {
      setProgress(null);
      setUploadFailed((!result.ok && serverMessage(result)) || UPLOAD_FAILED);
      return null;
    }
    const form = { url: result.data.url, publicId: result.data.publicId, name: result.data.fileName ?? chosen.name };
    uploaded.current = { file: chosen, form };
    return form;
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The ref, not state, guards against a second click before React re-renders.
    if (inFlight.current) return;
    inFlight.current = true;
    setFailure("");
    setUploadFailed("");
    let validation: Validation;
    try {
      validation = await loadValidation();
    } catch {
      inFlight.current = false;
      return setFailure(APPOINTMENT_FAILURE);
    }
    const { body, errors: found } = validate(validation);
    if (Object.keys(found).length) {
      inFlight.current = false;
      return showErrors(found);
    }

    setBusy(true);
    try {
      const referral = file ? await sendReferral(file) : null;
      if (file && !referral) return;
      const result = await postJson<{ reference?: string }>(
        "/api/appointment/public/appointments",
        { ...body, referralForms: referral ? [referral] : [] },
        bookingKey.current,
      );
      if (isDefiniteAnswer(result.status)) bookingKey.current = newIdempotencyKey();
      if (result.ok) {
        onBooked({
          reference: result.data.reference ?? "",
          date: String(body.appointmentDate),
          service: values.service,
        });
        return;
      }
      // The server no longer holds that referral upload: send the file again next time.
      if (Object.keys(result.errors).some((k) => k.startsWith("referralForms"))) uploaded.current = null;
      const mapped: Record<string, string> = {};
      for (const [key, message] of Object.entries(result.errors)) {
        const k = normaliseKey(key);
        if (KNOWN_KEYS.has(k)) mapped[k] ??= message;
      }
      if (result.status === 400 && Object.keys(mapped).length) return showErrors(mapped);
      setFailure(serverMessage(result) ?? APPOINTMENT_FAILURE);
    } finally {
      inFlight.current = false;
      setBusy(false);
      setProgress(null);
    }
  }

  const summary: SummaryItem[] = ERROR_TARGETS.filter(([key]) => errors[key]).map(([key, target]) => ({
    target,
    message: errors[key]!,
  }));
  const percent =
    progress === null || progress >= 1 ? undefined : `Uploading your referral form: ${Math.round(progress * 100)}%.`;

  return (
    <>
      <ErrorSummary items={summary} focusToken={focusToken} />
      <form className="form" noValidate onSubmit={onSubmit}>
        <p className="form__intro">All fields are required unless marked optional.</p>

        <fieldset className="form__section">
          <legend className="form__section-title">About you</legend>
          <TextField
            id="name"
            label="First name"
            autoComplete="given-name"
            required
            value={values.name}
            onChange={(e) => update("name", e.target.value)}
            error={errors.name}
          />
          <TextField
            id="surname"
            label="Surname"
            autoComplete="family-name"
            required
            value={values.surname}
            onChange={(e) => update("surname", e.target.value)}
            error={errors.surname}
          />
          <TextField
            id="dob"
            label="Date of birth"
            type="date"
            autoComplete="bday"
            max={today}
            required
            className="field__input--medium"
            value={values.dob}
            onChange={(e) => update("dob", e.target.value)}
            error={errors.dob}
          />
          <RadioGroup
            name="gender"
            legend="Gender"
            options={GENDERS.map((g) => ({ value: g, label: g }))}
            value={values.gender}
            onChange={(v) => update("gender", v)}
            error={errors.gender}
            required
            inline
          />
          <TextField
            id="idPassportNumber"
            label="ID or passport number"
            hint="Your Omang number, or your passport number if you are not a citizen."
            autoComplete="off"
            spellCheck={false}
            required
            className="field__input--medium"
            value={values.idPassportNumber}
            onChange={(e) => update("idPassportNumber", e.target.value)}
            error={errors.idPassportNumber}
          />
        </fieldset>

        <fieldset className="form__section">
          <legend className="form__section-title">How we can reach you</legend>
          <TextField
            id="phoneNumber"
            label="Phone number"
            hint="The clinic will call or WhatsApp you on this number to confirm the time. For example 71 234 567; for a number outside Botswana, start with + and the country code."
            type="tel"
            // "tel", not "numeric": Android numeric keypads have no "+" for international numbers.
            inputMode="tel"
            autoComplete="tel"
            required
            className="field__input--medium"
            value={values.phoneNumber}
            onChange={(e) => update("phoneNumber", e.target.value)}
            error={errors.phoneNumber}
          />
          <TextField
            id="alternateNumber"
            label="Alternative phone number"
            hint="Another number we can try, for example a family member's."
            type="tel"
            // "tel", not "numeric": Android numeric keypads have no "+" for international numbers.
            inputMode="tel"
            autoComplete="off"
            required
            className="field__input--medium"
            value={values.alternateNumber}
            onChange={(e) => update("alternateNumber", e.target.value)}
            error={errors.alternateNumber}
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
        </fieldset>

        <fieldset className="form__section">
          <legend className="form__section-title">Your appointment</legend>
          <SelectField
            id="service"
            label="Service"
            required
            placeholder="Choose a service"
            options={BOOKABLE_SERVICES.map((s) => ({ value: s.title, label: s.title }))}
            value={values.service}
            onChange={(e) => update("service", e.target.value)}
            error={errors["service.name"]}
          />
          {calendar ? (
            <DatePicker
              id="appointmentDate"
              label="Preferred date"
              text={values.appointmentDate}
              onTextChange={(t) => update("appointmentDate", t)}
              error={errors.appointmentDate}
              calendar={calendar}
              note={calendarNote}
            />
          ) : (
            <p className="field date-picker__loading">Loading the days the clinic is open…</p>
          )}
          <RadioGroup
            name="paymentMethod"
            legend="How will you pay?"
            hint="Payment is due at the time of service."
            options={PAYMENT_METHODS}
            value={values.paymentMethod}
            onChange={(v) => update("paymentMethod", v)}
            error={errors["service.paymentMethod"]}
            required
            conditional={Object.fromEntries(
              PAYMENT_METHODS.filter((p) => p.value !== "cash").map((p) => [
                p.value,
                <TextField
                  key={p.value}
                  id="medicalAidNumber"
                  label="Medical aid membership number"
                  autoComplete="off"
                  spellCheck={false}
                  required
                  className="field__input--medium"
                  value={values.medicalAidNumber}
                  onChange={(e) => update("medicalAidNumber", e.target.value)}
                  error={errors.medicalAidNumber}
                />,
              ]),
            )}
          />
          <FileUpload
            id="referral"
            label="Referral form"
            onFile={onFile}
            error={errors.referral}
            uploadFailed={uploadFailed}
            progress={progress}
            disabled={busy}
          />
          <TextAreaField
            id="notes"
            label="Anything we should know?"
            hint="For example if you need wheelchair access or an interpreter."
            optional
            rows={4}
            value={values.notes}
            onChange={(e) => update("notes", e.target.value)}
            error={errors.notes}
          />
        </fieldset>

        <Honeypot value={values.website} onChange={(v) => setValues((s) => ({ ...s, website: v }))} />
        <FormStatus busy={busy} error={failure} progressText={percent} />
        <SubmitButton busy={busy}>Request appointment</SubmitButton>
      </form>
    </>
  );
}
