import type { ReactNode } from "react";

/** A column's heading: its words, or more (a link, a note, words only a screen reader hears) under a key. */
export type ColumnHeading = string | { key: string; label: ReactNode; current?: "date" };

/**
 * The console's table: a caption (heard, not shown: the page's heading says
 * it), one row of column headings and the rows the page gives (one or more
 * `<tbody>`). With a `region` name the table sits in a keyboard-scrollable
 * region of that name (WCAG 2.1.1: a wide table scrolls sideways by
 * keyboard); `scroll` caps its height so the headings stay in view.
 */
export function DataTable({
  region,
  scroll = false,
  caption,
  columns,
  className,
  children,
}: {
  region?: string;
  scroll?: boolean;
  caption: ReactNode;
  columns: readonly ColumnHeading[];
  className?: string;
  children: ReactNode;
}) {
  const table = (
    <table className={className ? `staff-table ${className}` : "staff-table"}>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {columns.map((column) =>
            typeof column === "string" ? (
              <th scope="col" key={column}>
                {column}
              </th>
            ) : (
              <th scope="col" key={column.key} aria-current={column.current}>
                {column.label}
              </th>
            ),
          )}
        </tr>
      </thead>
      {children}
    </table>
  );
  if (region === undefined) return table;
  return (
    <div
      className={scroll ? "staff-table-wrap staff-table-wrap--scroll" : "staff-table-wrap"}
      tabIndex={0}
      role="region"
      aria-label={region}
    >
      {table}
    </div>
  );
}

/** The heading of a column of buttons: "Actions" for a screen reader, nothing on screen. */
export const ACTIONS_COLUMN: ColumnHeading = {
  key: "actions",
  label: <span className="visually-hidden">Actions</span>,
};
