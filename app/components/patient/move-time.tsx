import { m } from "@domain/paraglide/messages.js";
import { TakenNotice } from "~/components/forms/booking/taken";
import {
  DAY_PARAM,
  DayChoice,
  shownDay,
  TimeChoice,
  type FreeTimesWindow,
} from "~/components/forms/booking/time-choice";
import type { ManageAnswer, ManageView } from "~/lib/manage.server";
import { useMessageOptions } from "~/lib/locale";

/**
 * Moving a time booked online, on the patient's private page (decision 067): the
 * booking page's two steps, as plain forms (the page has no script): a day (a GET
 * form to this page, whose loader reads that day's free times on the server), then
 * a time (radio buttons in a form that posts the move). The appointment's own time
 * is not offered; it stays the patient's until the new one is booked.
 */
export function MoveTime({
  move,
  version,
  current,
  pathname,
  action,
  chosenTime,
  error,
}: {
  move: NonNullable<ManageView["move"]>;
  version: string;
  /** The appointment's time now, in words. */
  current: string;
  /** The page's path (with its token), where the day step leads. */
  pathname: string;
  /** Where the move posts: the page's address without its fragment. */
  action: string;
  chosenTime?: string;
  error?: string;
}) {
  const options = useMessageOptions();
  const window: FreeTimesWindow | null = move.window;
  const day = shownDay(window, move.day);
  return (
    <section className="form__section move-time" id="move" aria-labelledby="move-title">
      <h2 id="move-title">{m.private_move_title({}, options)}</h2>
      <p>{m.private_move_lead({ when: current }, options)}</p>
      <h3 id="move-days">{m.book_time_days({}, options)}</h3>
      {window ? (
        <DayChoice action={`${pathname}#move`} window={window} chosen={day?.date} labelledBy="move-days" />
      ) : (
        <p className="notice">{m.book_time_failed({}, options)}</p>
      )}
      {day && (
        <form method="post" action={action} className="form" noValidate>
          <input type="hidden" name="intent" value="move-time" />
          <input type="hidden" name="version" value={version} />
          <TimeChoice day={day} value={day.times.includes(chosenTime ?? "") ? chosenTime : undefined} error={error} />
          <div className="form-submit">
            <button type="submit" className="button button--primary">
              {m.private_move_submit({}, options)}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}

/** A time taken meanwhile (decision 067): the one asked for, the patient's own still held, and the nearest free times. */
export function MoveTaken({
  answer,
  view,
  current,
  pathname,
}: {
  answer: Extract<ManageAnswer, { view: ManageView }>;
  view: ManageView;
  current: string;
  pathname: string;
}) {
  const options = useMessageOptions();
  const taken = answer.taken!;
  const day = shownDay(view.move?.window ?? null, view.move?.day);
  return (
    <TakenNotice
      taken={taken}
      message={answer.failure}
      focusToken={0}
      autoFocus
      formDay={day?.date}
      timesShown={day?.times ?? []}
      dayAddress={(date) => `${pathname}?${new URLSearchParams({ [DAY_PARAM]: date })}#move`}
      lead={m.private_move_taken_lead({ when: current }, options)}
    />
  );
}
