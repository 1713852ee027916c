import type { ReactNode } from "react";
import { BOOKABLE_SERVICES } from "@domain/catalogue";
import type { BookingCalendar } from "@domain/dates";
import { GENDERS } from "@domain/patient";
import { PAYMENT_METHODS } from "@domain/payments";
import { DatePicker } from "../date-picker";
import {
  DateInput,
  EmailField,
  PhoneField,
  radioId,
  RadioGroup,
  SelectField,
  TextAreaField,
  TextField,
} from "../field";
import type { ErrorTargets } from "../use-submission";
import { ALTERNATE_NUMBER_LABEL, DOB_PARTS, type BookingValues } from "@domain/validation/appointment-form";
import type { BookingSubmission } from "./submission";

/** The booking form's fields: what the visitor types, and where each error shows. */

export type { BookingValues };

/** Empty, with cash chosen; or the values a plain form post sent back (server/appointments/page-form.ts). */
export function initialValues(posted: Partial<BookingValues> = {}): BookingValues {
  return {
    name: "",
    surname: "",
    dobDay: "",
    dobMonth: "",
    dobYear: "",
    gender: "",
    idPassportNumber: "",
    phoneNumber: "",
    alternateNumber: "",
    email: "",
    service: "",
    appointmentDate: "",
    paymentMethod: "cash",
    medicalAidNumber: "",
    notes: "",
    website: "",
    ...posted,
  };
}

/** Where each error key (dotted, as the API sends them) is shown and where its summary link jumps. */
export const ERROR_TARGETS: ErrorTargets = [
  ["name", "name"],
  ["surname", "surname"],
  ["dob", DOB_PARTS[0].field],
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

/** The error keys a field's edit clears besides its own. */
export const CLEARS: Partial<Record<keyof BookingValues, readonly string[]>> = {
  service: ["service.name"],
  paymentMethod: ["service.paymentMethod", "medicalAidNumber"],
  // The date of birth's one error (under the API's key) clears when any of its boxes changes.
  ...Object.fromEntries(DOB_PARTS.map(({ field }) => [field, ["dob"]])),
};

/** Each box of the date of birth: its label and autofill hint (the field names are DOB_PARTS'). */
const DOB_BOXES = {
  day: { label: "Day", autoComplete: "bday-day", width: 2 },
  month: { label: "Month", autoComplete: "bday-month", width: 2 },
  year: { label: "Year", autoComplete: "bday-year", width: 4 },
} as const;

// "tel", not "numeric": Android numeric keypads have no "+" for international numbers.
const PHONE_KEYPAD = { inputMode: "tel" } as const;

interface BookingFieldsProps {
  /** The form's values, errors and edits (./submission.ts). */
  form: Pick<BookingSubmission, "values" | "errors" | "update" | "field">;
  /** The booking window and closed days; null while loading. */
  calendar: BookingCalendar | null;
  calendarNote?: string;
  /** The referral upload, shown after the payment method. */
  upload: ReactNode;
}

export function BookingFields({ form, calendar, calendarNote, upload }: BookingFieldsProps) {
  const { values, errors, update, field } = form;
  return (
    <>
      <p className="form__intro">All fields are required unless marked optional.</p>

      <fieldset className="form__section">
        <legend className="form__section-title">About you</legend>
        <TextField {...field("name")} label="First name" autoComplete="given-name" required />
        <TextField {...field("surname")} label="Surname" autoComplete="family-name" required />
        <DateInput
          id="dob"
          legend="Date of birth"
          hint="For example, 27 3 1985."
          error={errors.dob}
          required
          items={DOB_PARTS.map(({ field, part }) => ({
            name: field,
            value: values[field],
            onChange: (v: string) => update(field, v),
            ...DOB_BOXES[part],
          }))}
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
          {...field("idPassportNumber")}
          label="ID or passport number"
          hint="Your Omang number, or your passport number if you are not a citizen."
          autoComplete="off"
          spellCheck={false}
          required
          className="field__input--medium"
        />
      </fieldset>

      <fieldset className="form__section">
        <legend className="form__section-title">How we can reach you</legend>
        <PhoneField
          {...field("phoneNumber")}
          label="Phone number"
          hint="The clinic will call or WhatsApp you on this number to confirm the time. For example 71 234 567; for a number outside Botswana, start with + and the country code."
          {...PHONE_KEYPAD}
          autoComplete="tel"
        />
        <PhoneField
          {...field("alternateNumber")}
          label={ALTERNATE_NUMBER_LABEL}
          hint="Another number we can try, for example a family member's."
          {...PHONE_KEYPAD}
          autoComplete="off"
        />
        <EmailField {...field("email")} />
      </fieldset>

      <fieldset className="form__section">
        <legend className="form__section-title">Your appointment</legend>
        <SelectField
          {...field("service")}
          label="Service"
          required
          placeholder="Choose a service"
          options={BOOKABLE_SERVICES.map((s) => ({ value: s.title, label: s.title }))}
          error={errors["service.name"]}
        />
        <DatePicker
          id="appointmentDate"
          label="Preferred date"
          text={values.appointmentDate}
          onTextChange={(t) => update("appointmentDate", t)}
          error={errors.appointmentDate}
          calendar={calendar}
          note={calendarNote}
        />
        <RadioGroup
          name="paymentMethod"
          legend="How will you pay?"
          hint="Payment is due at the time of service."
          options={PAYMENT_METHODS}
          value={values.paymentMethod}
          onChange={(v) => update("paymentMethod", v)}
          error={errors["service.paymentMethod"]}
          required
          conditional={{
            hiddenFor: "cash",
            content: (
              <TextField
                {...field("medicalAidNumber")}
                label="Medical aid membership number"
                autoComplete="off"
                spellCheck={false}
                required
                className="field__input--medium"
              />
            ),
          }}
        />
        {upload}
        <TextAreaField
          {...field("notes")}
          label="Anything we should know?"
          hint="For example if you need wheelchair access or an interpreter."
          optional
          rows={4}
        />
      </fieldset>
    </>
  );
}
