/**
 * The one home for phone numbers and contact links: how a number is shown,
 * its `tel:` and WhatsApp links, and the clinic's maps links. Pages, the
 * staff console, e-mails and the referral form PDF all use these.
 *
 * A configured number may still be a placeholder written as a pattern with
 * X for the unknown digits ("+267 7X XXX XXX"): it is shown as written and
 * gets no link, so nobody calls or messages a stranger's number.
 */

import { calendarNames } from "./dates";
import type { Locale } from "./locale";

/** The placeholder the configuration uses until the clinic's cell / WhatsApp number is known. */
export const PLACEHOLDER_PHONE = "+267 7X XXX XXX";

/** True for a number written as a placeholder pattern (X for unknown digits). */
export function isPlaceholderPhone(number: string): boolean {
  return /x/i.test(number);
}

/**
 * A Botswana number written the way the clinic prints it: "(+267) 316 3012"
 * for a 7-digit landline, "(+267) 71 234 567" for an 8-digit cell number
 * (a placeholder keeps its X: "(+267) 7X XXX XXX"). Other numbers keep
 * their digits after the "+" in one group.
 */
export function formatPhone(number: string): string {
  const digits = number.toUpperCase().replace(/[^\dX]/g, "");
  if (!digits.startsWith("267")) return `+${digits}`;
  const local = digits.slice(3);
  if (local.length === 7) return `(+267) ${local.slice(0, 3)} ${local.slice(3)}`;
  if (local.length === 8) return `(+267) ${local.slice(0, 2)} ${local.slice(2, 5)} ${local.slice(5)}`;
  return `(+267) ${local}`;
}

/** `tel:` link for an international number such as +2673163012; none for a placeholder. */
export function telHref(number: string): string | undefined {
  if (isPlaceholderPhone(number)) return undefined;
  return `tel:+${number.replace(/\D/g, "")}`;
}

/**
 * WhatsApp chat link, https://wa.me/<digits>, optionally with a first
 * message; none for a placeholder number.
 */
export function whatsappHref(contact: { whatsapp: string }, text?: string): string | undefined {
  if (isPlaceholderPhone(contact.whatsapp)) return undefined;
  const query = text ? `?text=${encodeURIComponent(text)}` : "";
  return `https://wa.me/${contact.whatsapp.replace(/\D/g, "")}${query}`;
}

/**
 * A phone number as someone typed it, as international digits without "+":
 * "+267 71 234 567", "0026771234567" and "71234567" (a Botswana number
 * without its country code) all give "26771234567". Null when it cannot be
 * a phone number (fewer than 8 or more than 15 digits).
 */
export function internationalDigits(typed: string): string | null {
  let digits = typed.replace(/[^\d+]/g, "");
  if (digits.startsWith("+")) digits = digits.slice(1);
  else if (digits.startsWith("00")) digits = digits.slice(2);
  else if (digits.length === 8 || digits.length === 7) digits = `267${digits}`;
  digits = digits.replace(/\D/g, "");
  return digits.length >= 8 && digits.length <= 15 ? digits : null;
}

/** A WhatsApp chat link for a number someone typed (a patient's), or null when it is not a phone number. */
export function whatsappHrefForTyped(typed: string): string | null {
  const digits = internationalDigits(typed);
  return digits ? `https://wa.me/${digits}` : null;
}

/** A `tel:` link for a number someone typed (a patient's), or null when it is not a phone number. */
export function telHrefForTyped(typed: string): string | null {
  const digits = internationalDigits(typed);
  return digits ? `tel:+${digits}` : null;
}

interface Located {
  geo: { latitude: number; longitude: number };
}

/**
 * The one link to the clinic in Google Maps: a search for its coordinates,
 * which opens the map app or site on the clinic with its own Directions button.
 */
export function mapsHref(clinic: Located): string {
  const { latitude, longitude } = clinic.geo;
  return `https://www.google.com/maps/search/?api=1&query=${latitude},${longitude}`;
}

/** ISO weekdays as a compact range: [1,2,3,4,5] → "Mon–Fri", [6] → "Sat", [1,3] → "Mon, Wed" (Setswana's days in full). */
export function shortDays(days: readonly number[], locale: Locale = "en"): string {
  const sorted = [...days].sort((a, b) => a - b);
  const name = (d: number) => calendarNames(locale).weekdaysInText[d - 1] ?? String(d);
  const first = sorted[0];
  const last = sorted.at(-1);
  if (first === undefined || last === undefined) return "";
  const contiguous = sorted.every((d, i) => d === first + i);
  if (contiguous) return first === last ? name(first) : `${name(first)}–${name(last)}`;
  return sorted.map(name).join(", ");
}

/** The opening hours on one short line, e.g. "Mon–Fri 08:00–20:00 · Sat 09:00–13:00" ("Mosupologo–Labotlhano …" in Setswana). */
export function compactHours(
  periods: readonly { days: number[]; opens: string; closes: string }[],
  locale: Locale = "en",
): string {
  return periods.map((p) => `${shortDays(p.days, locale)} ${p.opens}–${p.closes}`).join(" · ");
}

/** "08:00" to "20:00" on "Monday to Friday" -> "Monday to Friday: 08:00 to 20:00". */
export function formatOpeningPeriod(period: { label: string; opens: string; closes: string }): string {
  return `${period.label}: ${period.opens} to ${period.closes}`;
}
