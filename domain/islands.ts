/**
 * The form islands (app/lib/hydrate.ts) and the report a page sends when one
 * of them fails in the browser (docs/decisions/027-island-failures.md): its
 * address, what it may carry, and how a message is cleaned of anything a
 * visitor typed, in the browser before it is sent and on the server again.
 */

/** The forms that are islands; each has its entry in app/islands/<name>.tsx. */
export const ISLANDS = ["booking", "contact"] as const;
export type IslandName = (typeof ISLANDS)[number];

/** The island's script: a stable address (revalidated by ETag) that imports hashed chunks. */
export const islandScript = (name: IslandName) => `/islands/${name}.js`;

/** Where a page reports that its island failed (POST, JSON, answered 204). */
export const CLIENT_ERRORS_PATH = "/api/client-errors";

/**
 * What went wrong:
 * - `script`: the island's script did not load (network, 404, refused by the CSP);
 * - `missing`: the script ran but the form or its props are not in the page;
 * - `props`: the props could not be read;
 * - `hydration`: React threw while hydrating or in an effect, so the plain form was put back;
 * - `mismatch`: the server's HTML and React's first render differed (React rendered the form again);
 * - `chunk`: a part loaded later (the form's checks) did not load, so the form was posted as a plain form.
 */
export const CLIENT_ERROR_KINDS = ["script", "missing", "props", "hydration", "mismatch", "chunk"] as const;
export type ClientErrorKind = (typeof CLIENT_ERROR_KINDS)[number];

/** The longest message kept (after cleaning). */
export const CLIENT_ERROR_MESSAGE_MAX = 200;
/** The largest report body the server reads. */
export const CLIENT_ERROR_BODY_MAX_BYTES = 1024;
/** Reports one address may send per minute. */
export const CLIENT_ERRORS_PER_MINUTE = 10;

/** A script the report may name: an island or one of its chunks, as a path (never a host or query). */
export const REPORTED_SCRIPT = /^\/(islands|assets)\/[\w.-]{1,120}\.js$/;

/** What a page sends. */
export interface ClientErrorReport {
  island: IslandName;
  kind: ClientErrorKind;
  message?: string;
  script?: string;
}

/**
 * An error message with nothing a visitor could have typed: a URL keeps only
 * its path (no host, query or fragment, where React's minified errors put
 * their arguments), anything quoted becomes "…" (JSON.parse and others quote
 * the text they choke on), e-mail addresses and runs of 4 or more digits (phone
 * and ID numbers) are masked, white space is collapsed, and the result is cut
 * to CLIENT_ERROR_MESSAGE_MAX characters.
 */
export function cleanClientErrorMessage(message: string): string {
  const cleaned = message
    .replace(/\bhttps?:\/\/[^\s/]+(\/[^\s?#"'`]*)?(\?[^\s"'`]*)?(#[^\s"'`]*)?/gi, (_url, path: string | undefined) =>
      path ? path : "/",
    )
    .replace(/\?[^\s"'`]*/g, "")
    // “ and ” as \u escapes: see NAME_LIKE in server/mail/compose.ts.
    .replace(/"[^"]*"|'[^']*'|`[^`]*`|\u201c[^\u201d]*\u201d/g, "…")
    .replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, "[e-mail]")
    .replace(/\d[\d\s-]{2,}\d/g, (run) => (run.replace(/\D/g, "").length >= 4 ? "#" : run))
    .replace(/[\s\p{Cc}]+/gu, " ")
    .trim();
  return cleaned.length > CLIENT_ERROR_MESSAGE_MAX ? `${cleaned.slice(0, CLIENT_ERROR_MESSAGE_MAX - 1)}…` : cleaned;
}

/** The path of the first island script or chunk a message names, if any. */
export function reportedScriptIn(text: string): string | undefined {
  const match = /\/(islands|assets)\/[\w.-]{1,120}\.js\b/.exec(text);
  return match && REPORTED_SCRIPT.test(match[0]) ? match[0] : undefined;
}
