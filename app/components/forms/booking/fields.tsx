import type { ReactNode } from "react";
import { BOOKABLE_SERVICES, serviceTitle } from "@domain/catalogue";
import {
  contactPreferenceHint,
  contactPreferenceLegend,
  contactPreferenceOptions,
  type OfferedChannels,
} from "@domain/contact-preference";
import type { BookingCalendar } from "@domain/opening-days";
import { m } from "@domain/paraglide/messages.js";
import { genderLabel, GENDERS } from "@domain/patient";
import { paymentMethods } from "@domain/payments";
import { alternateNumberLabel, DOB_PARTS } from "@domain/validation/appointment-form";
import { useLocale } from "~/lib/locale";
import { DatePicker } from "../date-picker";
import { DateInput, EmailField, PhoneField, RadioGroup, SelectField, TextAreaField, TextField } from "../field";
import type { BookingSubmission } from "./submission";

/** The booking form's fields: what the visitor types, and where each error shows, in the page's language. */

/** Each box of the date of birth: its label and autofill hint (the field names are DOB_PARTS'); the private page's report asks it alike. */
export const DOB_BOXES = {
  day: { label: m.booking_dob_day, autoComplete: "bday-day", width: 2 },
  month: { label: m.booking_dob_month, autoComplete: "bday-month", width: 2 },
  year: { label: m.booking_dob_year, autoComplete: "bday-year", width: 4 },
} as const;

// "tel", not "numeric": Android numeric keypads have no "+" for international numbers.
const PHONE_KEYPAD = { inputMode: "tel" } as const;

interface BookingFieldsProps {
  /** The form's values, errors and edits (./submission.ts). */
  form: Pick<BookingSubmission, "values" | "errors" | "update" | "field">;
  /** The booking window and closed days; null while loading. */
  calendar: BookingCalendar | null;
  calendarNote?: string;
  /** The channels the clinic sends by: WhatsApp only while it is set up. */
  offered: OfferedChannels;
  /** The referral upload, shown after the payment method. */
  upload: ReactNode;
  /**
   * A time being booked (decision 064): the service is the one the page is for (a hidden field, its
   * English title as the select's value is) and the day and time were chosen above, so neither the
   * service nor the preferred date is asked.
   */
  bookingTime?: { service: string };
}

export function BookingFields({ form, calendar, calendarNote, offered, upload, bookingTime }: BookingFieldsProps) {
  const { values, errors, update, field } = form;
  const locale = useLocale();
  const t = { locale };
  return (
    <>
      <p className="form__intro">{m.booking_intro({}, t)}</p>

      <fieldset className="form__section">
        <legend className="form__section-title">{m.booking_about_you({}, t)}</legend>
        <TextField {...field("name")} label={m.booking_first_name({}, t)} autoComplete="given-name" required />
        <TextField {...field("surname")} label={m.booking_surname({}, t)} autoComplete="family-name" required />
        <DateInput
          id="dob"
          legend={m.booking_dob({}, t)}
          hint={m.booking_dob_hint({}, t)}
          error={errors.dob}
          required
          items={DOB_PARTS.map(({ field, part }) => ({
            name: field,
            value: values[field],
            onChange: (v: string) => update(field, v),
            ...DOB_BOXES[part],
            label: DOB_BOXES[part].label({}, t),
          }))}
        />
        <RadioGroup
          name="gender"
          legend={m.booking_gender({}, t)}
          options={GENDERS.map((g) => ({ value: g, label: genderLabel(g, locale) }))}
          value={values.gender}
          onChange={(v) => update("gender", v)}
          error={errors.gender}
          required
          inline
        />
        <TextField
          {...field("idPassportNumber")}
          label={m.booking_id_passport({}, t)}
          hint={m.booking_id_passport_hint({}, t)}
          autoComplete="off"
          spellCheck={false}
          required
          className="field__input--medium"
        />
      </fieldset>

      <fieldset className="form__section">
        <legend className="form__section-title">{m.booking_reach_you({}, t)}</legend>
        <PhoneField
          {...field("phoneNumber")}
          label={m.form_phone_label({}, t)}
          hint={m.booking_phone_hint({}, t)}
          {...PHONE_KEYPAD}
          autoComplete="tel"
        />
        <PhoneField
          {...field("alternateNumber")}
          label={alternateNumberLabel(locale)}
          hint={m.booking_alternate_hint({}, t)}
          {...PHONE_KEYPAD}
          autoComplete="off"
        />
        <EmailField {...field("email")} />
        <RadioGroup
          name="contactPreference"
          legend={contactPreferenceLegend(locale)}
          hint={contactPreferenceHint(locale, offered)}
          options={contactPreferenceOptions(locale, offered)}
          value={values.contactPreference}
          onChange={(v) => update("contactPreference", v)}
          error={errors.contactPreference}
        />
      </fieldset>

      <fieldset className="form__section">
        <legend className="form__section-title">{m.booking_your_appointment({}, t)}</legend>
        {bookingTime ? (
          <input type="hidden" name="service" value={bookingTime.service} />
        ) : (
          <>
            <SelectField
              {...field("service")}
              label={m.booking_service({}, t)}
              required
              placeholder={m.booking_service_placeholder({}, t)}
              // The value stays the English title the API takes; the label is the page's language.
              options={BOOKABLE_SERVICES.map((s) => ({ value: s.title, label: serviceTitle(s, locale) }))}
              error={errors["service.name"]}
            />
            <DatePicker
              id="appointmentDate"
              label={m.booking_date({}, t)}
              text={values.appointmentDate}
              onTextChange={(text) => update("appointmentDate", text)}
              error={errors.appointmentDate}
              calendar={calendar}
              note={calendarNote}
            />
          </>
        )}
        <RadioGroup
          name="paymentMethod"
          legend={m.booking_payment({}, t)}
          hint={m.booking_policy_payment({}, t)}
          options={paymentMethods(locale)}
          value={values.paymentMethod}
          onChange={(v) => update("paymentMethod", v)}
          error={errors["service.paymentMethod"]}
          required
          conditional={{
            hiddenFor: "cash",
            content: (
              <TextField
                {...field("medicalAidNumber")}
                label={m.booking_medical_aid_number({}, t)}
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
          label={m.booking_notes({}, t)}
          hint={m.booking_notes_hint({}, t)}
          optional
          rows={4}
        />
      </fieldset>

      <fieldset className="form__section" aria-describedby="referrer-hint">
        <legend className="form__section-title">{m.booking_referrer_title({}, t)}</legend>
        <p className="field__hint" id="referrer-hint">
          {m.booking_referrer_hint({}, t)}
        </p>
        <TextField
          {...field("referrerName")}
          error={errors["referrer.name"]}
          label={m.booking_referrer_name({}, t)}
          autoComplete="off"
          optional
        />
        <TextField
          {...field("referrerPracticeNumber")}
          error={errors["referrer.practiceNumber"]}
          label={m.booking_referrer_practice_number({}, t)}
          autoComplete="off"
          spellCheck={false}
          optional
          className="field__input--medium"
        />
        <EmailField
          {...field("referrerEmail")}
          error={errors["referrer.email"]}
          label={m.booking_referrer_email({}, t)}
          autoComplete="off"
          required={false}
          optional
        />
        <PhoneField
          {...field("referrerPhone")}
          error={errors["referrer.phone"]}
          label={m.booking_referrer_phone({}, t)}
          {...PHONE_KEYPAD}
          autoComplete="off"
          required={false}
          optional
        />
      </fieldset>
    </>
  );
}
