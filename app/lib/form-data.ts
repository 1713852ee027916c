import { z } from "zod";

/**
 * One way to read a submitted form (the Epic Stack's parseWithZod pattern):
 * every form has a zod schema, and this turns the form into either the value
 * the schema gives or its errors by field, with the values as sent kept so the
 * page can show them again. Staff forms keep their schema beside their route;
 * patient forms keep theirs in domain/validation/.
 */
export type FormResult<T> =
  { ok: true; value: T } | { ok: false; errors: Partial<Record<string, string[]>>; values: Record<string, string> };

/** Each field's first value as text, as FormData.get gives it (a file reads as its String()). */
export function formValues(formData: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of formData.entries()) {
    if (!(name in values)) values[name] = typeof value === "string" ? value : String(value);
  }
  return values;
}

export function parseForm<S extends z.ZodType>(formData: FormData, schema: S): FormResult<z.output<S>> {
  const values = formValues(formData);
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, errors: z.flattenError(result.error).fieldErrors as Partial<Record<string, string[]>>, values };
}

/**
 * A text field read as sent: missing reads as "", never trimmed (passwords
 * keep their spaces), cut at `max` characters when given (a field whose core
 * refuses an over-long value with its own message is left whole).
 */
export const formText = (max = Infinity) =>
  z
    .string()
    .optional()
    .transform((v) => (v ?? "").slice(0, max));

/** The first field that failed and its message, for forms that show one error at a time. */
export function firstError(errors: Partial<Record<string, string[]>>): { field: string; message: string } {
  for (const [field, messages] of Object.entries(errors)) if (messages?.[0]) return { field, message: messages[0] };
  return { field: "", message: "" };
}
