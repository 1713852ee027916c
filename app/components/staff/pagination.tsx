import { Link } from "react-router";

/** Previous/next links for a paginated staff table; `href` builds the URL of a page. */
export function Pagination({
  page,
  pages,
  total,
  href,
  label,
}: {
  page: number;
  pages: number;
  total: number;
  href: (page: number) => string;
  label: string;
}) {
  return (
    <nav className="staff-pagination" aria-label={`${label} pages`}>
      <p>
        Page {page} of {pages} ({total} {total === 1 ? "record" : "records"})
      </p>
      <ul>
        <li>
          {page > 1 ? <Link to={href(page - 1)}>Previous page</Link> : <span aria-disabled="true">Previous page</span>}
        </li>
        <li>
          {page < pages ? <Link to={href(page + 1)}>Next page</Link> : <span aria-disabled="true">Next page</span>}
        </li>
      </ul>
    </nav>
  );
}
