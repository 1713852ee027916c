/**
 * CSV for spreadsheets: every field quoted (quotes doubled), and a field that
 * a spreadsheet would read as a formula (starting with = + - @ tab or CR) is
 * prefixed with a single quote.
 */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export function csvRow(values: (string | number | null | undefined)[]): string {
  return values.map(csvCell).join(",");
}

/** A whole document: UTF-8 byte-order mark (so spreadsheets read accents), CRLF after each row. */
export function csvDocument(header: string[], rows: (string | number | null | undefined)[][]): string {
  return "\uFEFF" + [csvRow(header), ...rows.map(csvRow)].map((r) => r + "\r\n").join("");
}
