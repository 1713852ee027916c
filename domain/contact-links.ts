/** Links and display formats built from the clinic's configured details. */

interface Reachable {
  landline: string;
  whatsapp: string;
  geo: { latitude: number; longitude: number };
}

/** `tel:` link for an international number such as +2673163012. */
export function telHref(number: string): string {
  return `tel:+${number.replace(/\D/g, "")}`;
}

/** WhatsApp chat link: https://wa.me/<digits>. */
export function whatsappHref(clinic: Pick<Reachable, "whatsapp">): string {
  return `https://wa.me/${clinic.whatsapp.replace(/\D/g, "")}`;
}

/** Google Maps search link for the clinic's coordinates (opens the map app or site). */
export function mapsHref(clinic: Pick<Reachable, "geo">): string {
  const { latitude, longitude } = clinic.geo;
  return `https://www.google.com/maps/search/?api=1&query=${latitude},${longitude}`;
}

/** Google Maps embed address, requested only when the visitor asks for the map. */
export function mapsEmbedSrc(clinic: Pick<Reachable, "geo">): string {
  const { latitude, longitude } = clinic.geo;
  return `https://www.google.com/maps?q=${latitude},${longitude}&z=16&output=embed`;
}

/**
 * A Botswana number written the way the clinic prints it: "(+267) 316 3012"
 * for a 7-digit landline, "(+267) 71 234 567" for an 8-digit cell number.
 * Other numbers keep their digits after the "+" in one group.
 */
export function formatPhone(number: string): string {
  const digits = number.replace(/\D/g, "");
  if (!digits.startsWith("267")) return `+${digits}`;
  const local = digits.slice(3);
  if (local.length === 7) return `(+267) ${local.slice(0, 3)} ${local.slice(3)}`;
  if (local.length === 8) return `(+267) ${local.slice(0, 2)} ${local.slice(2, 5)} ${local.slice(5)}`;
  return `(+267) ${local}`;
}

const SHORT_DAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];

/** ISO weekdays as a compact range: [1,2,3,4,5] → "Mon–Fri", [6] → "Sat", [1,3] → "Mon, Wed". */
export function shortDays(days: readonly number[]): string {
  const sorted = [...days].sort((a, b) => a - b);
  const name = (d: number) => SHORT_DAYS[d - 1] ?? String(d);
  const first = sorted[0];
  const last = sorted.at(-1);
  if (first === undefined || last === undefined) return "";
  const contiguous = sorted.every((d, i) => d === first + i);
  if (contiguous) return first === last ? name(first) : `${name(first)}–${name(last)}`;
  return sorted.map(name).join(", ");
}

/** The opening hours on one short line, e.g. "Mon–Fri 08:00–20:00 · Sat 09:00–13:00". */
export function compactHours(periods: readonly { days: number[]; opens: string; closes: string }[]): string {
  return periods.map((p) => `${shortDays(p.days)} ${p.opens}–${p.closes}`).join(" · ");
}

/** "08:00" to "20:00" on "Monday to Friday" -> "Monday to Friday: 08:00 to 20:00". */
export function formatOpeningPeriod(period: { label: string; opens: string; closes: string }): string {
  return `${period.label}: ${period.opens} to ${period.closes}`;
}
