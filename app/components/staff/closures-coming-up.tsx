import { Link } from "react-router";
import { formatLongDate } from "@domain/dates";

/** The overview's "Closures coming up" panel (decision 017): under way or starting within 60 days. */
export function ClosuresComingUp({
  closures,
  canManage,
}: {
  closures: { id: number; firstDate: string; lastDate: string; reason: string }[];
  canManage: boolean;
}) {
  return (
    <section aria-labelledby="closures-heading" className="staff-section">
      <h2 id="closures-heading">Closures coming up</h2>
      {closures.length ? (
        <ul className="staff-link-list">
          {closures.map((c) => (
            <li key={c.id}>
              {c.firstDate === c.lastDate
                ? formatLongDate(c.firstDate)
                : `${formatLongDate(c.firstDate)} to ${formatLongDate(c.lastDate)}`}
              : {c.reason}
            </li>
          ))}
        </ul>
      ) : (
        <p>No closures in the next 60 days.</p>
      )}
      {canManage && (
        <p>
          <Link to="/staff/closures">Manage closures</Link>
        </p>
      )}
    </section>
  );
}
