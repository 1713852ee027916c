/**
 * Limits the staff console's pages and the server share, so a page never
 * says one number while the server checks another.
 */

/** The shortest password a staff account may have (server/staff/passwords.ts refuses shorter ones). */
export const MIN_PASSWORD_LENGTH = 12;

/** Rows a page of the appointments list and of the enquiries list shows. */
export const LIST_PAGE_SIZE = 25;

/** Rows a page of the audit log shows. */
export const AUDIT_PAGE_SIZE = 50;
