import { formatShortDate, isIsoDate } from "@domain/dates";
import type { fieldAria } from "./form-errors";

/**
 * The console's date fields (decision 048): a text box that shows and takes a
 * date day first, DD/MM/YYYY, as dates are written in Botswana. Not the
 * browser's date control: Chromium lays that out in the browser's own
 * language whatever the page's `lang` says, so an American-English browser
 * shows 12/09/2026 for 9 December. The server reads what is typed with
 * `parseDateInput` (DD/MM/YYYY, with / . - or spaces, or YYYY-MM-DD).
 */

/** The hint every console date field carries. */
export const DATE_FIELD_HINT = "Day/month/year, e.g. 09/12/2026";

/** A date field's value: a date as DD/MM/YYYY, anything else (what was typed and refused) as it was. */
export function dateFieldValue(value: string | null | undefined): string {
  if (!value) return "";
  return isIsoDate(value) ? formatShortDate(value) : value;
}

/** The text box itself, given its field's attributes (StaffField's `aria`, or an id). */
export function DateInput({
  aria,
  name,
  value,
  required = false,
}: {
  aria: ReturnType<typeof fieldAria> | { id: string; "aria-describedby"?: string };
  name: string;
  /** YYYY-MM-DD, or what was typed. */
  value: string | null | undefined;
  required?: boolean;
}) {
  return (
    <input
      {...aria}
      name={name}
      type="text"
      className="staff-date-input"
      autoComplete="off"
      spellCheck={false}
      maxLength={20}
      required={required}
      defaultValue={dateFieldValue(value)}
    />
  );
}
