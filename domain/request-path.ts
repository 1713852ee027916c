import { BASE_LOCALE, LOCALES, localisedPath } from "./locale";

/**
 * One spelling per address, and no private-link token in any log (docs/security.md).
 * React Router matches paths without regard to letter case, decodes percent-escapes
 * and resolves `.` and `..`, so `/STAFF/appointments` or `/tn/Appointment/<token>`
 * reached a page that the headers and logs, which read the raw path, did not
 * recognise. Pure functions, the ground floor: the server's first hook redirects
 * to canonicalPath (server/requests/canonical-path.ts), the logger shows
 * loggedPath and passes every line through hideTokens (server/base/logger.ts), and
 * React Router's error output goes through hideTokens too (app/entry.server.tsx).
 */

/** Characters RFC 3986 calls unreserved: an escape of one of them means the character itself. */
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;
/** Escapes that would change how the path splits or hides a control character: refused, never decoded. */
const REFUSED_ESCAPE = /%(?:2f|5c|[01][0-9a-f]|7f)/i;
/** Raw characters no address of ours holds: a backslash (read as a slash by some clients), control characters. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
const REFUSED_CHARACTER = /[\\\u0000-\u001f\u007f]/;
/** The first segment of each language's pages other than the base's ("tn"): the page is named by the next one. */
const LANGUAGE_SEGMENTS: ReadonlySet<string> = new Set(
  LOCALES.filter((locale) => locale !== BASE_LOCALE).map((locale) => localisedPath("/", locale).slice(1)),
);

/** Lower case for the letters, upper case for the escapes' hex digits. */
const lowerCased = (segment: string) => segment.toLowerCase().replace(/%[0-9a-f]{2}/g, (e) => e.toUpperCase());

/**
 * The canonical form of a request path (without its query string), or
 * undefined when the path is refused: escapes of unreserved characters
 * decoded (others upper-cased), runs of slashes collapsed, `.` and `..`
 * segments resolved, and the segments that name the route family in lower
 * case: the first (`staff`, `appointment`, `api`, a page, `tn`) and, after a
 * language's prefix, the page's (`/tn/appointment`). Later segments keep
 * their case: a private link's token is case-sensitive, and so are hashed asset names.
 */
export function canonicalPath(rawPath: string): string | undefined {
  if (!rawPath.startsWith("/") || REFUSED_CHARACTER.test(rawPath) || REFUSED_ESCAPE.test(rawPath)) return undefined;
  const decoded = rawPath.replace(/%([0-9a-fA-F]{2})/g, (_match, hex: string) => {
    const character = String.fromCharCode(Number.parseInt(hex, 16));
    return UNRESERVED.test(character) ? character : `%${hex.toUpperCase()}`;
  });
  const segments: string[] = [];
  const parts = decoded.split("/").slice(1);
  parts.forEach((part, index) => {
    const last = index === parts.length - 1;
    if (part === "..") segments.pop();
    if (part === "." || part === ".." || part === "") {
      // A trailing `/`, `/.` or `/..` leaves the path ending in a slash, as a browser resolves it.
      if (last) segments.push("");
      return;
    }
    segments.push(part);
  });
  if (segments.length > 0) segments[0] = lowerCased(segments[0]!);
  if (segments.length > 1 && LANGUAGE_SEGMENTS.has(segments[0]!)) segments[1] = lowerCased(segments[1]!);
  return `/${segments.join("/")}`;
}

/** What a private link's token is replaced with wherever a log might show it. */
export const HIDDEN_TOKEN = "[token]";

/**
 * A private link's token in any text a log may hold (a request path, an
 * error's message or stack, a whole JSON log line): whatever follows
 * `appointment` (the patient's link), `report` (the referring doctor's link
 * to a report, decision 075) or `earlier` (an earlier time's offer, decision
 * 070) and a path separator, up to the next separator,
 * becomes [token] (its `.data` ending, React Router's data requests, kept). In
 * any letter case, with any of its letters percent-escaped, after any prefix
 * (`/tn/`, `//x/`), behind `/`, `\` or their escapes. `/staff/appointments/<id>`
 * is not a private link and stays as it is.
 */
const hex = (c: string) => c.charCodeAt(0).toString(16);
/** Each letter of `word` as itself or escaped, the escape of either case (%61 or %41). */
const spelled = (word: string) => [...word].map((c) => `(?:${c}|%${hex(c)}|%${hex(c.toUpperCase())})`).join("");
const TOKEN_AFTER_LINK_WORD = new RegExp(
  [
    `(?:${spelled("appointment")}|${spelled("report")}|${spelled("earlier")})`,
    String.raw`((?:/|\\+|%2f|%5c)+)`,
    String.raw`([^/\\\s"'<>?#]+)`,
  ].join(""),
  "gi",
);

export function hideTokens(text: string): string {
  if (!/appointment|report|earlier|%[0-9a-f]{2}/i.test(text)) return text;
  return text.replace(TOKEN_AFTER_LINK_WORD, (match: string, separator: string, token: string) => {
    const word = match.slice(0, match.length - separator.length - token.length);
    return `${word}${separator}${HIDDEN_TOKEN}${/\.data$/i.test(token) ? ".data" : ""}`;
  });
}

/**
 * A request's path as logs may show it: its canonical spelling (a request in
 * another spelling is redirected there), never the query string (it may carry
 * personal data or an invitation token), a private link's token hidden
 * however the request spelled the path, and a path that cannot be read not at all.
 */
export function loggedPath(url: string): string {
  const q = url.indexOf("?");
  const path = canonicalPath(q === -1 ? url : url.slice(0, q));
  return path === undefined ? "[unreadable path]" : hideTokens(path);
}
