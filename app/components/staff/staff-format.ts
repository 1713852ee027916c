/** Display helpers shared by staff pages (dates and times: domain/dates.ts). */

export function staffMeta(title: string) {
  return [{ title: `${title} | Staff console` }, { name: "robots", content: "noindex, nofollow" }];
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(0)} KB`;
  if (n < 1024 ** 3) return `${(n / 1024 / 1024).toFixed(1)} MB`;
  return `${(n / 1024 ** 3).toFixed(1)} GB`;
}
