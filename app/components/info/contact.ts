/**
 * Formatting and links for the clinic's configured contact details. Shared by
 * the information pages and the referral form PDF (scripts/referral-form.ts),
 * so both print the numbers the same way.
 */

/** "+2673163012" -> "(+267) 316 3012"; "+26771234567" -> "(+267) 71 234 567". */
export function formatPhone(international: string): string {
  const digits = international.replace(/\D/g, "");
  if (digits.startsWith("267")) {
    const national = digits.slice(3);
    if (national.length === 7) return `(+267) ${national.slice(0, 3)} ${national.slice(3)}`;
    if (national.length === 8) return `(+267) ${national.slice(0, 2)} ${national.slice(2, 5)} ${national.slice(5)}`;
    return `(+267) ${national}`;
  }
  return `+${digits}`;
}

export function telHref(international: string): string {
  return `tel:+${international.replace(/\D/g, "")}`;
}

/** A WhatsApp chat link (wa.me takes the number without + or spaces). */
export function whatsappHref(international: string): string {
  return `https://wa.me/${international.replace(/\D/g, "")}`;
}

/** Directions in Google Maps to the configured coordinates. */
export function mapsHref(geo: { latitude: number; longitude: number }): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${geo.latitude},${geo.longitude}`;
}
