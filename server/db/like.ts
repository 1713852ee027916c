import { sql, type Expression, type SqlBool } from "kysely";

/** LIKE pattern for "contains", with % _ and \ escaped. */
function containsPattern(value: string): string {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** True when `column` (lower-cased) contains any of the needles. */
export function containsAny(column: string, needles: string[]): Expression<SqlBool> {
  const parts = needles.map(
    (n) => sql<SqlBool>`lower(${sql.ref(column)}) like ${containsPattern(n.toLowerCase())} escape '\\'`,
  );
  return sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
}
