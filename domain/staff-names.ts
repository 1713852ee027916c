/**
 * A staff member's name: the one rule every place that sets one runs (the
 * command line's `add`, an invitation, and the account an accepted
 * invitation makes). A name is shown in the console, the audit log and the
 * invitation e-mail, and printed by `npm run staff -- list` as tab-separated
 * lines, so it must be one line of printable text: no line breaks, tabs or
 * other control characters (which could forge a line in a log or a list, or
 * send codes to a terminal), and no invisible marks that reverse the
 * direction of the text around them.
 */

export const STAFF_NAME_MAX = 120;

export const STAFF_NAME_LENGTH = `Enter a name of 1 to ${STAFF_NAME_MAX} characters.`;

export const STAFF_NAME_INVALID = "Enter the name on one line, without line breaks, tabs or other control characters.";

/**
 * Control characters (C0, DEL, C1: line feed, carriage return, tab, escape,
 * next line…), the Unicode line and paragraph separators, and the marks that
 * embed, override or isolate the direction of text.
 */
const FORBIDDEN = /[\p{Cc}\p{Zl}\p{Zp}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

/** What is wrong with a name (already trimmed), or null when it can be used. */
export function staffNameProblem(name: string): string | null {
  if (!name || name.length > STAFF_NAME_MAX) return STAFF_NAME_LENGTH;
  if (FORBIDDEN.test(name)) return STAFF_NAME_INVALID;
  return null;
}
