/**
 * The form islands (app/lib/hydrate.ts) and the report a page sends when one
 * of them fails in the browser (docs/decisions/027-island-failures.md): its
 * address, what it may carry, and the fixed phrase that stands for an error's
 * words, chosen in the browser before it is sent and on the server again (038).
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

/** The longest message the server reads (a page sent before decision 038 may send its cleaned words). */
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
  message?: ClientErrorMessage;
  script?: string;
}

/**
 * What a report may say about the error (decision 038): one of these fixed phrases, never
 * the error's own words. An error's message can hold what a visitor typed (JSON.parse quotes
 * it, React's minified errors carry it in their URL) in shapes no filter can list: names,
 * full-width digits, dotted ID numbers. So the words are read in the browser only to choose a
 * phrase, and the server, which trusts no browser, chooses again from what arrives.
 */
export const CLIENT_ERROR_MESSAGES = [
  "a module did not load",
  "React could not hydrate the page",
  "React error",
  "data could not be read as JSON",
  "a network request failed",
  "TypeError",
  "ReferenceError",
  "SyntaxError",
  "RangeError",
  "another error",
] as const;
export type ClientErrorMessage = (typeof CLIENT_ERROR_MESSAGES)[number];

/** The phrases recognised in an error's words, first match wins; then the error's built-in name. */
const MESSAGE_PATTERNS: readonly [RegExp, ClientErrorMessage][] = [
  [
    /dynamically imported module|importing a module script failed|module script|chunkloaderror|loading chunk/i,
    "a module did not load",
  ],
  [/hydrat|did ?n[o']t match|react error #4(18|19|21|22|23|25)\b/i, "React could not hydrate the page"],
  [/react error #\d+/i, "React error"],
  [/\bjson\b|unexpected (token|end of (json )?input)/i, "data could not be read as JSON"],
  [/failed to fetch|networkerror|load failed|network/i, "a network request failed"],
];

/**
 * The fixed phrase for an error's words (`Name: message`, as the browser reports it): a
 * phrase of the list as it is, a pattern's phrase, the built-in error's name it starts
 * with, or "another error". Nothing of the words themselves is kept.
 */
export function clientErrorMessage(text: string): ClientErrorMessage {
  const phrase = CLIENT_ERROR_MESSAGES.find((known) => known === text);
  if (phrase) return phrase;
  for (const [pattern, message] of MESSAGE_PATTERNS) if (pattern.test(text)) return message;
  const name = /^\s*(TypeError|ReferenceError|SyntaxError|RangeError)\b/.exec(text)?.[1];
  return (name as ClientErrorMessage | undefined) ?? "another error";
}

/** The path of the first island script or chunk a message names, if any. */
export function reportedScriptIn(text: string): string | undefined {
  const match = /\/(islands|assets)\/[\w.-]{1,120}\.js\b/.exec(text);
  return match && REPORTED_SCRIPT.test(match[0]) ? match[0] : undefined;
}
