/**
 * How a patient may pay: the booking form's choices and their labels
 * everywhere (staff console, exports). The medical aids are written as the
 * clinic writes them, BPOMAS and PULA (its booking policy), not the
 * specification's "Bpomas" and "Pula" (decision 025); the values stay.
 */
export const PAYMENT_METHODS = [
  { value: "cash", label: "Cash Payment" },
  { value: "bpomas", label: "BPOMAS" },
  { value: "pula", label: "PULA Medical Aid" },
] as const;

export type PaymentMethod = (typeof PAYMENT_METHODS)[number]["value"];

/** The stored codes, in the form's order: the database column's values and the schema's enum. */
export const PAYMENT_METHOD_VALUES: readonly PaymentMethod[] = PAYMENT_METHODS.map((p) => p.value);

/** The label of a stored payment method; an unknown value is shown as stored. */
export function paymentLabel(value: string): string {
  return PAYMENT_METHODS.find((p) => p.value === value)?.label ?? value;
}
