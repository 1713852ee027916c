/**
 * CSV for spreadsheets: every field quoted (quotes doubled), and a field a
 * spreadsheet would read as a formula is prefixed with a single quote: one
 * that starts with = @ tab or carriage return, or with + or - unless it is
 * a phone number (+ then digits, with spaces, hyphens or brackets between
 * them: 7 to 15 digits, as E.164 allows). A spreadsheet may read such a
 * number as arithmetic, but digits alone call no function and reach nothing;
 * a stray apostrophe before every patient's number would be worse.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const PHONE_NUMBER = /^\+\d[\d ()-]*\d$/;

function isPhoneNumber(text: string): boolean {
  const digits = text.replace(/\D/g, "").length;
  return PHONE_NUMBER.test(text) && digits >= 7 && digits <= 15;
}

export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (FORMULA_START.test(text) && !isPhoneNumber(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export function csvRow(values: (string | number | null | undefined)[]): string {
  return values.map(csvCell).join(",");
}

/** A whole document: UTF-8 byte-order mark (so spreadsheets read accents), CRLF after each row. */
export function csvDocument(header: string[], rows: (string | number | null | undefined)[][]): string {
  return "\uFEFF" + [csvRow(header), ...rows.map(csvRow)].map((r) => r + "\r\n").join("");
}
