import { ULTRASOUND_TIMINGS, type UltrasoundTiming } from "@domain/catalogue";

function minutes(timing: UltrasoundTiming): React.ReactNode {
  if (!timing.options?.length) return `${timing.duration} minutes`;
  return (
    <ul className="timings-table__options">
      {timing.options.map((o) => (
        <li key={o.type}>
          {o.type === "Single" ? "One breast" : "Both breasts"} ({o.type.toLowerCase()}): {o.duration} minutes
        </li>
      ))}
    </ul>
  );
}

/** Estimated ultrasound durations (estimates only, in minutes), as an accessible table. */
export function UltrasoundTimingsTable() {
  return (
    <div className="timings-table__wrap">
      <table className="timings-table">
        <caption>Estimated scan times. These are estimates only: your scan may be shorter or longer.</caption>
        <thead>
          <tr>
            <th scope="col">Examination</th>
            <th scope="col">Estimated time</th>
          </tr>
        </thead>
        <tbody>
          {ULTRASOUND_TIMINGS.map((t) => (
            <tr key={t.name}>
              <th scope="row">{t.name}</th>
              <td>{minutes(t)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
