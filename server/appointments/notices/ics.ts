/**
 * A minimal iCalendar (RFC 5545) writer for one event: CRLF line endings,
 * lines folded at 75 octets without splitting a UTF-8 character, and TEXT
 * values escaped (backslash, semicolon, comma, newline).
 */

export interface CalendarEvent {
  uid: string;
  start: Date;
  end: Date;
  stamp: Date;
  summary: string;
  location: string;
  description?: string;
  organizerName?: string;
}

export function escapeText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

/** Printable ASCII and tabs: one octet a character in UTF-8 (anything else is measured character by character). */
const ASCII = /^[\t -~]*$/;

/** How many octets UTF-8 spends on one code point. */
const utf8Octets = (codePoint: number) => (codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4);

/** Folds one content line: at most 75 octets per line, continuation lines start with a space. */
export function foldLine(line: string): string {
  // Most lines are short and plain ASCII: one octet a character, nothing to fold.
  if (line.length <= 75 && ASCII.test(line)) return line;
  const out: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = utf8Octets(char.codePointAt(0)!);
    const limit = out.length === 0 ? 75 : 74; // continuation lines spend one octet on the leading space
    if (octets + size > limit) {
      out.push(current);
      current = "";
      octets = 0;
    }
    current += char;
    octets += size;
  }
  out.push(current);
  return out.join("\r\n ");
}

/** UTC date-time form: 20261125T060000Z. */
export function formatUtc(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

export function buildIcs(event: CalendarEvent, prodId: string): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:${prodId}`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    "BEGIN:VEVENT",
    `UID:${event.uid}`,
    `DTSTAMP:${formatUtc(event.stamp)}`,
    `DTSTART:${formatUtc(event.start)}`,
    `DTEND:${formatUtc(event.end)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    `LOCATION:${escapeText(event.location)}`,
  ];
  if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
  lines.push("STATUS:CONFIRMED", "TRANSP:OPAQUE", "END:VEVENT", "END:VCALENDAR");
  return lines.map(foldLine).join("\r\n") + "\r\n";
}
