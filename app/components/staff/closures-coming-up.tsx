import { Link } from "react-router";
import { closureDates, closureScope } from "@domain/closures";

/** The overview's "Closures coming up" panel (decisions 017, 034): under way or starting within 60 days, of the clinic or of one room. */
export function ClosuresComingUp({
  closures,
  canManage,
}: {
  closures: { id: number; firstDate: string; lastDate: string; reason: string; room: string | null }[];
  canManage: boolean;
}) {
  return (
    <section aria-labelledby="closures-heading" className="staff-section">
      <h2 id="closures-heading">Closures coming up</h2>
      {closures.length ? (
        <ul className="staff-link-list">
          {closures.map((c) => (
            <li key={c.id}>
              {closureDates(c)}
              {c.room ? `, ${closureScope(c.room)} only` : ""}: {c.reason}
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
