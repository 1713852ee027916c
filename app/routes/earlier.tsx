import { useActionData, useLoaderData, useLocation } from "react-router";
import { formatLongDate } from "@domain/dates";
import { localeOfPath } from "@domain/locale";
import { m } from "@domain/paraglide/messages.js";
import { ContactOptions } from "~/components/forms/contact-options";
import { PostOutcome } from "~/components/patient/post-outcome";
import { useMessageOptions } from "~/lib/locale";
import { earlierAction, earlierLoader, type OfferAnswer, type OfferView } from "~/lib/earlier.server";
import { PRIVATE_HEADERS } from "~/lib/private-page.server";
import { useClinic } from "~/lib/use-clinic";
import "~/styles/forms.css";
import "~/styles/patient.css";

/**
 * An earlier time offered to a patient on the list (`/earlier/<token>`, `/tn/earlier/<token>`,
 * decision 070): the time offered beside the patient's own, and one button, "Take this time". A
 * time another patient took first says so on this first screen, and that their own time is
 * still theirs. No script; a plain form.
 */

export const loader = earlierLoader;
export const action = earlierAction;

export function headers() {
  return PRIVATE_HEADERS;
}

export function meta({ data, location }: { data?: unknown; location: { pathname: string } }) {
  const answer = data as OfferAnswer | undefined;
  const options = { locale: localeOfPath(location.pathname) };
  const view = answer && "view" in answer ? answer.view : undefined;
  const title = !view
    ? m.earlier_not_valid({}, options)
    : view.state === "taken"
      ? m.earlier_taken_title({}, options)
      : view.state === "gone"
        ? m.earlier_gone_title({}, options)
        : view.state === "ended"
          ? m.earlier_ended_title({}, options)
          : m.earlier_title({}, options);
  return [{ title }, { name: "robots", content: "noindex, nofollow" }];
}

export default function Earlier() {
  const loaded = useLoaderData<typeof loader>() as OfferAnswer;
  const posted = useActionData<typeof action>() as OfferAnswer | undefined;
  const answer = posted ?? loaded;
  const clinic = useClinic();
  const options = useMessageOptions();
  return (
    <main id="main" className="form-page">
      <div className="container">
        {"view" in answer ? (
          <Offer view={answer.view} />
        ) : (
          <>
            {answer.status !== 404 && <PostOutcome failure={answer.failure} problems={[]} />}
            <h1>{m.earlier_not_valid({}, options)}</h1>
            {answer.status === 404 && <p className="form-page__lead">{m.earlier_not_valid_lead({}, options)}</p>}
          </>
        )}
        <ContactOptions clinic={clinic} title={m.private_contact_title({}, options)} />
      </div>
    </main>
  );
}

function Offer({ view }: { view: OfferView }) {
  const options = useMessageOptions();
  const location = useLocation();
  const when = (at: { date: string; time: string }) =>
    m.mail_when({ date: formatLongDate(at.date, options.locale), time: at.time }, options);
  const summary = (
    <dl className="confirmation__summary appointment-summary earlier-times">
      <div className={view.state === "gone" || view.state === "ended" ? undefined : "earlier-times__offered"}>
        <dt>{m.earlier_label_offered({}, options)}</dt>
        <dd>
          <strong>{when(view.offered)}</strong>
        </dd>
      </div>
      <div>
        <dt>{view.state === "taken" ? m.earlier_label_given_up({}, options) : m.earlier_label_own({}, options)}</dt>
        <dd>{when(view.own)}</dd>
      </div>
      <div>
        <dt>{m.earlier_label_service({}, options)}</dt>
        <dd>
          {view.service} ({view.reference})
        </dd>
      </div>
    </dl>
  );
  if (view.state === "taken") {
    // Taking it took the patient off the list (decision 084); one button asks again, while they may.
    return (
      <>
        <div className="notice notice--success post-outcome" role="status" tabIndex={-1} autoFocus>
          <h1 className="notice__title">{m.earlier_taken_title({}, options)}</h1>
          <p>{m.earlier_taken_lead({}, options)}</p>
        </div>
        {summary}
        {view.onList ? (
          <p>{m.private_earlier_on({}, options)}</p>
        ) : (
          <>
            <p>{m.earlier_taken_off_list({}, options)}</p>
            {view.mayAsk && (
              <form method="post" action={location.pathname} className="form-submit earlier-again">
                <input type="hidden" name="intent" value="again" />
                <button type="submit" className="button button--outline">
                  {m.earlier_ask_again({}, options)}
                </button>
              </form>
            )}
          </>
        )}
      </>
    );
  }
  if (view.state === "gone" || view.state === "ended") {
    return (
      <>
        <div className="notice post-outcome" role="status" tabIndex={-1} autoFocus>
          <h1 className="notice__title">
            {view.state === "gone" ? m.earlier_gone_title({}, options) : m.earlier_ended_title({}, options)}
          </h1>
          <p>
            {view.state === "gone"
              ? m.earlier_gone_lead({ when: when(view.own) }, options)
              : m.earlier_ended_lead({}, options)}
          </p>
        </div>
        {summary}
      </>
    );
  }
  return (
    <>
      <h1>{m.earlier_title({}, options)}</h1>
      <p className="form-page__lead">{m.earlier_lead({}, options)}</p>
      {summary}
      <form method="post" action={location.pathname} className="form-submit">
        <button type="submit" className="button button--primary">
          {m.earlier_take({}, options)}
        </button>
      </form>
      <p>{m.earlier_first({}, options)}</p>
    </>
  );
}
