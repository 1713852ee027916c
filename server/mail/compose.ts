import type { Config } from "../base/config";
import { BASE_LOCALE, LANGUAGE_TAGS, type Locale } from "../../domain/locale";
import { m } from "../../domain/paraglide/messages.js";

/**
 * The building blocks of every e-mail: escaping, the greeting, a table of
 * details, a link, and the HTML document around a patient's message in
 * their language. What each message says lives with its capability
 * (server/appointments/notices/mails.ts, server/enquiries/mails.ts).
 */

export type MailConfig = Pick<Config, "clinic" | "publicBaseUrl">;

const HTML_ESCAPES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

/** Longest first name repeated in a greeting. */
export const GREETING_NAME_MAX = 40;
/** Letters (any script), combining marks, apostrophes and hyphens; at most three words. */
// ’ written as \u2019: the compiled server keeps regular expressions as written, and one character
// past Latin-1 makes V8 hold the whole file's source at two bytes a character (decision 036).
const NAME_LIKE = /^[\p{L}\p{M}'\u2019-]+(?: [\p{L}\p{M}'\u2019-]+){0,2}$/u;

/**
 * The salutation for a patient's e-mail, in their language: "Dear Kagiso"
 * ("Dumela Kagiso") when the first name the visitor typed looks like a name
 * (trimmed, spaces collapsed, letters, apostrophes and hyphens only, at most
 * three words and 40 characters), else "Dear patient" ("Dumela molwetse").
 * So no URL, address, newline or sentence typed into the name field is ever
 * sent on by the clinic.
 */
export function greeting(firstName: string, locale: Locale = BASE_LOCALE): string {
  const name = greetingName(firstName);
  return name ? m.mail_dear({ name }, { locale }) : m.mail_dear_patient({}, { locale });
}

/** The first name fit for a greeting, or null (see greeting()). */
export function greetingName(firstName: string): string | null {
  const name = firstName.normalize("NFC").replace(/\s+/g, " ").trim();
  if (!name || name.length > GREETING_NAME_MAX || !NAME_LIKE.test(name)) return null;
  return name;
}

export function table(rows: [string, string][]): { text: string; html: string } {
  return {
    text: rows.map(([k, v]) => `${k}: ${v}`).join("\n"),
    html:
      "<table>" +
      rows.map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join("") +
      "</table>",
  };
}

export function link(url: string, label: string): string {
  return `<p><a href="${escapeHtml(url)}">${escapeHtml(label)}</a></p>`;
}

/**
 * A patient's e-mail as a whole HTML document in their language: `<html
 * lang>` (so a screen reader reads Setswana as Setswana), the subject as its
 * title, the message, and the clinic's name at the foot, where the text part
 * ends with it too.
 */
export function mailDocument(
  body: string,
  { locale, subject, clinicName }: { locale: Locale; subject: string; clinicName: string },
): string {
  return (
    `<!doctype html><html lang="${LANGUAGE_TAGS[locale]}"><head><meta charset="utf-8">` +
    `<title>${escapeHtml(subject)}</title></head><body>${body}` +
    `<footer><p>${escapeHtml(clinicName)}</p></footer></body></html>`
  );
}
