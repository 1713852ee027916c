import type { FastifyReply, FastifyRequest } from "fastify";

/**
 * One spelling per address (docs/security.md). React Router matches paths without
 * regard to letter case, decodes percent-escapes and resolves `.` and `..`, so
 * `/STAFF/appointments` or `/st%61ff/appointments` reached a console page that
 * the headers and logs, which read the raw path, did not recognise. Every
 * request is brought to its canonical path before anything routes it: a
 * different spelling is redirected there, a path that cannot be read is
 * refused. Headers and logs then decide on the path the route matched.
 */

/** Characters RFC 3986 calls unreserved: an escape of one of them means the character itself. */
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;
/** Escapes that would change how the path splits or hides a control character: refused, never decoded. */
const REFUSED_ESCAPE = /%(?:2f|5c|[01][0-9a-f]|7f)/i;
/** Raw characters no address of ours holds: a backslash (read as a slash by some clients), control characters. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
const REFUSED_CHARACTER = /[\\\u0000-\u001f\u007f]/;

/**
 * The canonical form of a request path (without its query string), or
 * undefined when the path is refused: escapes of unreserved characters
 * decoded (others upper-cased), runs of slashes collapsed, `.` and `..`
 * segments resolved, and the first segment, which names the route family
 * (`staff`, `appointment`, `api`, a page), in lower case. Later segments keep
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
  // Lower case for the letters, upper case for the escapes' hex digits.
  if (segments.length > 0) segments[0] = segments[0]!.toLowerCase().replace(/%[0-9a-f]{2}/g, (e) => e.toUpperCase());
  return `/${segments.join("/")}`;
}

/** Splits a request URL into its path and its query string (with its `?`, or empty). */
function splitUrl(url: string): [path: string, query: string] {
  const q = url.indexOf("?");
  return q === -1 ? [url, ""] : [url.slice(0, q), url.slice(q)];
}

/**
 * onRequest, first of all hooks: a request for another spelling of an address
 * is redirected to the canonical one (301 for GET and HEAD; 308, which keeps
 * the method and body, for the rest), and a path that cannot be read gets 400.
 * Neither answer holds anything but the address.
 */
export async function canonicalPathHook(request: FastifyRequest, reply: FastifyReply) {
  const [path, query] = splitUrl(request.url);
  const canonical = canonicalPath(path);
  if (canonical === path) return;
  reply.header("cache-control", "no-store");
  if (canonical === undefined) {
    return reply.code(400).type("text/plain; charset=utf-8").send("Bad request: this address cannot be read.");
  }
  const method = request.method === "GET" || request.method === "HEAD" ? 301 : 308;
  return reply.redirect(`${canonical}${query}`, method);
}
