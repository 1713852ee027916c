/**
 * Shows an E.164 Botswana number the way the clinic writes it: "+2673163012"
 * becomes "(+267) 316 3012". Other numbers are returned unchanged.
 */
export function formatBotswanaPhone(e164: string): string {
  const m = /^\+267(\d{3})(\d{4})$/.exec(e164) ?? /^\+267(\d{2})(\d{3})(\d{3})$/.exec(e164);
  if (!m) return e164;
  return `(+267) ${m.slice(1).join(" ")}`;
}
