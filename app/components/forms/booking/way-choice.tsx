import { m } from "@domain/paraglide/messages.js";
import { bookingPath } from "@domain/paths";
import { useLocale, usePagePath } from "~/lib/locale";

/**
 * The booking page's first question (decision 064): book a time now, for the
 * examinations patients may book themselves, or ask the clinic for a date,
 * for any examination. Each self-bookable examination is a link to its free
 * times (`?service=<slug>`, rendered by the server); asking for a date is the
 * request form below, unchanged. Plain links: nothing to hydrate.
 */
export function WayChoice({
  services,
  requestFormId,
}: {
  /** The self-bookable services, in the catalogue's order, with their titles in the page's language. */
  services: readonly { slug: string; title: string }[];
  /** The request form's heading, which "Ask the clinic for a date" leads to. */
  requestFormId: string;
}) {
  const locale = useLocale();
  const t = { locale };
  const pagePath = usePagePath();
  return (
    <section className="way-choice" aria-labelledby="way-choice-title">
      <h2 id="way-choice-title" className="way-choice__title">
        {m.book_way_title({}, t)}
      </h2>
      <div className="way-choice__ways">
        <div className="way-choice__way way-choice__way--time">
          <h3 id="way-time-title">{m.book_way_time({}, t)}</h3>
          <p>{m.book_way_time_lead({}, t)}</p>
          <ul className="way-choice__services" aria-labelledby="way-time-title">
            {services.map((s) => (
              <li key={s.slug}>
                <a className="way-choice__service" href={pagePath(bookingPath(s.slug))}>
                  {s.title}
                </a>
              </li>
            ))}
          </ul>
        </div>
        <div className="way-choice__way">
          {/* The heading is the way: one tap on a phone's first screen, to the request form below. */}
          <h3>
            <a className="way-choice__request" href={`#${requestFormId}`}>
              {m.book_way_request({}, t)}
            </a>
          </h3>
          <p>{m.book_way_request_lead({}, t)}</p>
        </div>
      </div>
    </section>
  );
}
