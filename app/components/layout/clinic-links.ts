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

/** "08:00" → "08:00"; kept as 24-hour times, as the specification writes them. */
export function hoursLabel(period: { label: string; opens: string; closes: string }): string {
  return `${period.label}: ${period.opens} to ${period.closes}`;
}
