/**
 * How a patient on the telephone is found (decision 035): by the full name,
 * a phone number or an ID or passport number, each compared exactly once
 * normalised, never as a substring.
 *
 * The database cannot do the comparison alone: SQLite's lower() and upper()
 * change only the letters A to Z ("Ŋ" stays "Ŋ"), and PostgreSQL's depend on
 * the server's locale. So the query narrows the rows with a LIKE pattern that
 * every stored value equal to the search once normalised must match, in both
 * databases (likePattern), and the caller keeps only the rows whose value,
 * normalised here in JavaScript (Unicode-aware), equals the search. Phone
 * numbers are stored in E.164 (server/requests/phone.ts), so they are
 * compared as they are.
 */

/** A name as the search compares it: NFC, lower case in every script, spaces collapsed. */
export function foldName(name: string): string {
  return name.normalize("NFC").toLocaleLowerCase("en").replace(/\s+/g, " ").trim();
}

/** An ID or passport number as the search compares it (domain/patient.ts; the clinic patient ID's key uses it too). */
export { normaliseIdNumber } from "../../domain/patient";

/**
 * A LIKE pattern (escape character \) that `lower(column)` matches for every
 * stored value whose fold is `folded`, on SQLite and PostgreSQL alike: the
 * letters A to Z and digits as they are (lower-cased), and a % wherever the
 * stored value may differ from the search: around it, for spaces (several may
 * be stored), for any character outside ASCII (lower() may leave its case),
 * and with `gaps`, between every character (an ID number stored with its
 * spaces or hyphens). A superset: the caller checks each row exactly.
 */
export function likePattern(folded: string, { gaps = false }: { gaps?: boolean } = {}): string {
  const ANY = "%";
  const tokens: string[] = [ANY];
  const wildcard = () => {
    if (tokens.at(-1) !== ANY) tokens.push(ANY);
  };
  for (const c of folded) {
    if (/\s/.test(c) || c.charCodeAt(0) > 0x7f) {
      wildcard();
      continue;
    }
    tokens.push(/[%_\\]/.test(c) ? `\\${c}` : c.toLowerCase());
    if (gaps) wildcard();
  }
  wildcard();
  return tokens.join("");
}
