import { Form } from "react-router";
import { formatAbbreviatedDate } from "@domain/dates";
import { CANCEL_REASON_MAX } from "@domain/statuses";
import { StaffField } from "~/components/staff/form-errors";
import type { StatusChangeErrors, StatusChangeField } from "~/lib/staff/appointments.server";
import type { Sent } from "./outcomes";
import { PlaceForm } from "./place-form";
import type { Route } from "./+types/route";

/**
 * What staff can do next: confirm or move (the place form), record attended
 * or no-show once the time has come, cancel with a reason, and the
 * preparation notes the confirmation sends.
 */
export function ActionsPanel({
  loaderData,
  busy,
  placeIntent,
  errors,
  ids,
  sent,
}: {
  loaderData: Route.ComponentProps["loaderData"];
  busy: boolean;
  placeIntent: "confirm" | "move";
  /** Each field's error of the form just refused, or else of the day form. */
  errors: StatusChangeErrors;
  ids: Record<StatusChangeField, string>;
  /** What a refused form of this intent sent, shown again. */
  sent: (intent: string) => Sent | undefined;
}) {
  const {
    appointment: a,
    next,
    preparation,
    examinations,
    examination,
    placeDate,
    free,
    rooms,
    outcomeFrom: outcomeOpens,
    dayRefused,
    canArrive,
    arrivedAt,
  } = loaderData;
  return (
    <section className="card staff-card staff-actions staff-detail__actions" aria-labelledby="actions-heading">
      <h2 id="actions-heading">Actions</h2>
      {next.length === 0 && <p>No further status changes are possible.</p>}
      {free && (
        <PlaceForm
          // A change saved, or another day or examination, starts the time and room choice afresh.
          key={`${a.updated_at}-${placeDate}-${examination ?? ""}`}
          intent={placeIntent}
          placeDate={placeDate}
          examinations={examinations}
          examination={examination}
          free={free}
          busy={busy}
          room={a.room}
          rooms={rooms}
          errors={errors}
          ids={ids}
          sent={sent(placeIntent)}
          daySent={dayRefused ? { date: dayRefused.date } : null}
        />
      )}
      {(canArrive || arrivedAt) && (
        <Form method="post" className="staff-form staff-form--inline" noValidate>
          <h3>At the desk</h3>
          {arrivedAt ? (
            <p>{`Arrived at ${arrivedAt}.`}</p>
          ) : (
            <div className="staff-button-row">
              <button type="submit" name="intent" value="arrived" className="button button--primary" disabled={busy}>
                Mark arrived
              </button>
            </div>
          )}
        </Form>
      )}
      {a.status === "confirmed" && (
        <Form method="post" className="staff-form staff-form--inline" noValidate>
          <h3>After the appointment</h3>
          {outcomeOpens ? (
            <p className="staff-muted">
              {`Attended and no-show can be recorded from the appointment's time, ${formatAbbreviatedDate(outcomeOpens.date)} at ${outcomeOpens.time}.`}
            </p>
          ) : (
            <div className="staff-button-row">
              <button type="submit" name="intent" value="attended" className="button button--primary" disabled={busy}>
                Mark attended
              </button>
              <button type="submit" name="intent" value="no_show" className="button button--outline" disabled={busy}>
                Mark no-show
              </button>
              <button
                type="submit"
                name="intent"
                value="not_prepared"
                className="button button--outline"
                disabled={busy}
                aria-describedby="not-prepared-hint"
              >
                Mark not prepared
              </button>
              <p id="not-prepared-hint" className="staff-muted">
                Not prepared: the patient came but could not be examined. They are e-mailed a link to book a new time.
              </p>
            </div>
          )}
        </Form>
      )}
      {next.includes("cancelled") && (
        <Form method="post" className="staff-form" noValidate>
          <h3>Cancel</h3>
          <StaffField id={ids.reason} label="Reason for cancelling" error={errors.reason}>
            {(aria) => (
              <textarea
                {...aria}
                name="reason"
                rows={2}
                required
                maxLength={CANCEL_REASON_MAX}
                defaultValue={sent("cancel")?.reason}
              />
            )}
          </StaffField>
          <button type="submit" name="intent" value="cancel" className="button staff-button--danger" disabled={busy}>
            Cancel appointment
          </button>
        </Form>
      )}
      <details className="staff-details">
        <summary>
          Preparation notes sent with the confirmation
          {preparation.examination && ` (${preparation.examination})`}
        </summary>
        <ul>
          {preparation.notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      </details>
    </section>
  );
}
