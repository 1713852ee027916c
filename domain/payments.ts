/** How a patient may pay: the booking form's choices and their labels everywhere (staff console, exports). */
export const PAYMENT_METHODS = [
  { value: "cash", label: "Cash Payment" },
  { value: "bpomas", label: "Bpomas" },
  { value: "pula", label: "Pula Medical Aid" },
] as const;

export type PaymentMethod = (typeof PAYMENT_METHODS)[number]["value"];

/** The label of a stored payment method; an unknown value is shown as stored. */
export function paymentLabel(value: string): string {
  return PAYMENT_METHODS.find((p) => p.value === value)?.label ?? value;
}
