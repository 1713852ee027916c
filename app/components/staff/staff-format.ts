/** Display helpers shared by staff pages (browser-safe, locale-free so server and browser agree). */

/** An ISO instant as the clinic's wall-clock time (UTC+2, no daylight saving): "2026-11-22 13:40". */
export function clinicDateTime(iso: string): string {
  const d = new Date(new Date(iso).getTime() + 2 * 3_600_000);
  return d.toISOString().slice(0, 16).replace("T", " ");
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const DAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

/** "Wed 25 Nov 2026" for a YYYY-MM-DD date. */
export function shortDate(date: string): string {
  const d = new Date(`${date}T12:00:00Z`);
  if (Number.isNaN(d.getTime())) return date;
  return `${DAYS[d.getUTCDay()]} ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

export function staffMeta(title: string) {
  return [{ title: `${title} | Staff console` }, { name: "robots", content: "noindex, nofollow" }];
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(0)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}
