import type { ReactNode } from "react";
import { Link } from "react-router";

/**
 * Previous/next controls for a paginated staff table, when it has more than
 * one page (nothing otherwise). `list` is where the table is: its page, its
 * number of pages and of records. `href` builds the URL of a page; `control`,
 * when given, draws the control instead (a search kept out of the URL pages
 * with a form button).
 */
export function Pagination({
  list: { page, pages, total },
  href,
  control = (target, text) => <Link to={href(target)}>{text}</Link>,
  label,
}: {
  list: { page: number; pages: number; total: number };
  href: (page: number) => string;
  control?: (page: number, text: string) => ReactNode;
  label: string;
}) {
  if (pages <= 1) return null;
  return (
    <nav className="staff-pagination" aria-label={`${label} pages`}>
      <p>
        Page {page} of {pages} ({total} {total === 1 ? "record" : "records"})
      </p>
      <ul>
        <li>{page > 1 ? control(page - 1, "Previous page") : <span aria-disabled="true">Previous page</span>}</li>
        <li>{page < pages ? control(page + 1, "Next page") : <span aria-disabled="true">Next page</span>}</li>
      </ul>
    </nav>
  );
}
