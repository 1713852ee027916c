import { Children, cloneElement, isValidElement, type ReactElement, type ReactNode } from "react";

/**
 * A column's heading: its words, or more (a link, a note, words only a
 * screen reader hears) under a key, with `cardLabel`, the words a stacked
 * row shows before the cell on a phone ("" for none: a column of buttons).
 */
export type ColumnHeading = string | { key: string; label: ReactNode; current?: "date"; cardLabel?: string };

function cardLabel(column: ColumnHeading | undefined): string | undefined {
  if (column === undefined) return undefined;
  return typeof column === "string" ? column : column.cardLabel;
}

type CellProps = { "data-label"?: string; colSpan?: number; scope?: string; role?: string; children?: ReactNode };

/**
 * Each cell of a row the page wrote inline (<tr> with <td> or <th> cells)
 * gets its column's words as `data-label`, so on a phone a row stacks into
 * a card whose cells say what they are (staff.css). A cell that spans
 * columns, or a row drawn by a component of its own, gets no label. The
 * rows and cells also say their roles, which some browsers stop reading
 * from a table laid out as blocks.
 */
function labelled(children: ReactNode, columns: readonly ColumnHeading[]): ReactNode {
  return Children.map(children, (group) => {
    if (!isValidElement<{ children?: ReactNode }>(group) || group.type !== "tbody") return group;
    return cloneElement(group as ReactElement<{ role?: string; children?: ReactNode }>, {
      role: "rowgroup",
      children: Children.map(group.props.children, (row) => {
        if (!isValidElement<{ children?: ReactNode }>(row) || row.type !== "tr") return row;
        let column = 0;
        return cloneElement(row as ReactElement<{ role?: string; children?: ReactNode }>, {
          role: "row",
          children: Children.map(row.props.children, (cell) => {
            if (!isValidElement<CellProps>(cell) || (cell.type !== "td" && cell.type !== "th")) return cell;
            const span = cell.props.colSpan ?? 1;
            const label = span === 1 ? cardLabel(columns[column]) : undefined;
            column += span;
            const role = cell.type === "td" ? "cell" : cell.props.scope === "row" ? "rowheader" : "columnheader";
            return cloneElement(cell as ReactElement<CellProps>, {
              role: cell.props.role ?? role,
              ...(label !== undefined && cell.props["data-label"] === undefined ? { "data-label": label } : {}),
            });
          }),
        });
      }),
    });
  });
}

/**
 * The console's table: a caption (heard, not shown: the page's heading says
 * it), one row of column headings and the rows the page gives (one or more
 * `<tbody>`). With a `region` name the table sits in a keyboard-scrollable
 * region of that name (WCAG 2.1.1: a wide table scrolls sideways by
 * keyboard); `scroll` caps its height so the headings stay in view. On a
 * phone its rows stack into cards (`stack`, the default; decision 035), so
 * no status or button sits off to the right; a grid whose columns are the
 * point (the schedule) passes `stack={false}`.
 */
export function DataTable({
  region,
  scroll = false,
  stack = true,
  caption,
  columns,
  className,
  children,
}: {
  region?: string;
  scroll?: boolean;
  stack?: boolean;
  caption: ReactNode;
  columns: readonly ColumnHeading[];
  className?: string;
  children: ReactNode;
}) {
  const classes = ["staff-table", stack ? "staff-table--stack" : null, className].filter(Boolean).join(" ");
  // Roles said outright when the rows stack (see labelled).
  const role = (name: string) => (stack ? name : undefined);
  const table = (
    <table className={classes} role={role("table")}>
      <caption className="visually-hidden">{caption}</caption>
      <thead role={role("rowgroup")}>
        <tr role={role("row")}>
          {columns.map((column) =>
            typeof column === "string" ? (
              <th scope="col" key={column} role={role("columnheader")}>
                {column}
              </th>
            ) : (
              <th scope="col" key={column.key} aria-current={column.current} role={role("columnheader")}>
                {column.label}
              </th>
            ),
          )}
        </tr>
      </thead>
      {stack ? labelled(children, columns) : children}
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

/** The heading of a column of buttons: "Actions" for a screen reader, nothing on screen or on a card. */
export const ACTIONS_COLUMN: ColumnHeading = {
  key: "actions",
  label: <span className="visually-hidden">Actions</span>,
  cardLabel: "",
};
