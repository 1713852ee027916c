import { ULTRASOUND_TIMINGS, type UltrasoundTiming } from "@domain/catalogue";
import type { Locale } from "@domain/locale";
import { m } from "@domain/paraglide/messages.js";
import { useLocale } from "~/lib/locale";

function minutes(timing: UltrasoundTiming, locale: Locale): React.ReactNode {
  if (!timing.options?.length) return m.services_timings_minutes({ minutes: timing.duration }, { locale });
  return (
    <ul className="timings-table__options">
      {timing.options.map((o) => (
        <li key={o.type}>
          {(o.type === "Single" ? m.services_timings_single : m.services_timings_double)(
            { minutes: o.duration },
            { locale },
          )}
        </li>
      ))}
    </ul>
  );
}

/** Estimated ultrasound durations (estimates only, in minutes), as an accessible table. */
export function UltrasoundTimingsTable() {
  const locale = useLocale();
  const options = { locale };
  return (
    <div className="timings-table__wrap">
      <table className="timings-table">
        <caption>{m.services_timings_caption({}, options)}</caption>
        <thead>
          <tr>
            <th scope="col">{m.services_timings_examination({}, options)}</th>
            <th scope="col">{m.services_timings_estimated_time({}, options)}</th>
          </tr>
        </thead>
        <tbody>
          {ULTRASOUND_TIMINGS.map((t) => (
            <tr key={t.name}>
              <th scope="row">{t.label(locale)}</th>
              <td>{minutes(t, locale)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
