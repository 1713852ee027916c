import { BASE_LOCALE, type Locale } from "./locale";
import { m } from "./paraglide/messages.js";

/**
 * How a patient may pay: the booking form's choices and their labels
 * everywhere (staff console, exports). The medical aids are written as the
 * clinic writes them, BPOMAS and PULA (its booking policy), not the
 * specification's "Bpomas" and "Pula" (decision 025); the values stay.
 */
const METHODS = [
  { value: "cash", label: m.booking_payment_cash },
  { value: "bpomas", label: m.booking_payment_bpomas },
  { value: "pula", label: m.booking_payment_pula },
] as const;

export type PaymentMethod = (typeof METHODS)[number]["value"];

/** The choices with their labels in `locale`, in the form's order. */
export function paymentMethods(locale: Locale = BASE_LOCALE): readonly { value: PaymentMethod; label: string }[] {
  return METHODS.map(({ value, label }) => ({ value, label: label({}, { locale }) }));
}

/** The choices with their English labels (the staff console, exports; paymentMethods for another language). */
export const PAYMENT_METHODS = paymentMethods();

/** The stored codes, in the form's order: the database column's values and the schema's enum. */
export const PAYMENT_METHOD_VALUES: readonly PaymentMethod[] = METHODS.map((p) => p.value);

/** The label of a stored payment method in `locale`; an unknown value is shown as stored. */
export function paymentLabel(value: string, locale: Locale = BASE_LOCALE): string {
  return paymentMethods(locale).find((p) => p.value === value)?.label ?? value;
}
