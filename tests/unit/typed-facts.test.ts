import { describe, expect, expectTypeOf, it } from "vitest";
import { PAYMENT_METHODS, PAYMENT_METHOD_VALUES, type PaymentMethod } from "../../domain/payments";
import { appointmentSchema, type Appointment } from "../../domain/validation/appointment";
import type { AppointmentTable } from "../../server/db/schema";

/**
 * Facts the type checker guards (decision 013): each is written once, and the
 * types of its other uses are read off it, so a change in the one place
 * reaches them all or does not compile.
 */
describe("payment methods", () => {
  it("drive the database column's type and the schema's enum: both are PaymentMethod", () => {
    expectTypeOf<AppointmentTable["payment_method"]>().toEqualTypeOf<PaymentMethod>();
    expectTypeOf<Appointment["service"]["paymentMethod"]>().toEqualTypeOf<PaymentMethod>();
    // @ts-expect-error: a code PAYMENT_METHODS does not list is not a column value.
    const card: AppointmentTable["payment_method"] = "card";
    expect(card).toBe("card");
  });

  it("are the values the schema accepts, in the form's order", () => {
    expect(PAYMENT_METHOD_VALUES).toEqual(PAYMENT_METHODS.map((p) => p.value));
    const paymentMethod = appointmentSchema.shape.service.shape.paymentMethod;
    expect(paymentMethod.options).toEqual([...PAYMENT_METHOD_VALUES]);
  });
});
