import { z } from "zod";

// No run-time code generation: zod's JIT probes `new Function`, which the
// Content-Security-Policy (no 'unsafe-eval') forbids and reports.
z.config({ jitless: true });

/**
 * Reusable field schemas, shared by the browser forms and the server. The
 * server adds rules only it can check (holidays, stored uploads) on top.
 */

export const requiredText = (message: string, max = 200) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Please use at most ${max} characters.`);

/** The specification's simple pattern: text, @, text, dot, text. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Characters that make an address list or a display name rather than one plain address. */
const EMAIL_FORBIDDEN = /[,;<>"()[\]\\:]/;

export const emailField = z
  .string({ error: "Enter a valid email address." })
  .trim()
  .max(254, "Enter a valid email address.")
  .regex(EMAIL_PATTERN, "Enter a valid email address.")
  .refine((v) => !EMAIL_FORBIDDEN.test(v), "Enter a valid email address.");

/** A calendar date as YYYY-MM-DD. */
export const isoDateField = (message: string) =>
  z
    .string({ error: message })
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine((s) => {
      const d = new Date(`${s}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
    }, message);

/** Flattens zod issues to the API's `{field: message}` shape (first message per field, dotted paths). */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "form";
    out[key] ??= issue.message;
  }
  return out;
}
