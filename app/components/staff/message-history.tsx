import { CONTACT_PREFERENCE_LABELS, type ContactPreference } from "@domain/contact-preference";
import { formatClinicDateTime } from "@domain/dates";
import { TEXT_KIND_LABELS, TEXT_STATUS_LABELS, type MessageHistoryItem } from "@domain/text-messages";
import { DataTable } from "./data-table";

/** One text message as the appointment's page lists it: not its number nor its words. */
export type MessageRow = Omit<MessageHistoryItem, "to" | "body">;

/**
 * Every text message to the patient about this appointment (decision 030):
 * its step, channel, time and status, and a button to send a failed one
 * again. E-mail goes to every patient besides; the channel the patient chose
 * heads the list.
 */
export function MessageHistory({
  messages,
  choice,
}: {
  messages: readonly MessageRow[];
  choice: ContactPreference | null;
}) {
  return (
    <section id="messages" className="staff-section" aria-labelledby="messages-title">
      <h2 id="messages-title">Messages to the patient</h2>
      <p>
        Chosen: {choice ? CONTACT_PREFERENCE_LABELS[choice] : "not chosen (text message to a mobile number)"}. Every
        patient also gets e-mail.
      </p>
      {messages.length === 0 ? (
        <p className="staff-muted">No text messages.</p>
      ) : (
        <DataTable
          region="Text messages to the patient"
          caption="Text messages to the patient"
          columns={[
            "Sent for",
            "Channel",
            "Queued",
            "Status",
            { key: "action", label: <span className="visually-hidden">Action</span>, cardLabel: "" },
          ]}
        >
          <tbody>
            {messages.map((m) => (
              <tr key={m.id}>
                <td>
                  {TEXT_KIND_LABELS[m.kind]}
                  {m.resentFrom !== null && <span className="staff-muted"> (sent again)</span>}
                </td>
                <td>{CONTACT_PREFERENCE_LABELS[m.channel]}</td>
                <td>{formatClinicDateTime(m.createdAt)}</td>
                <td>
                  <strong>{TEXT_STATUS_LABELS[m.status]}</strong>
                  <span className="staff-muted"> {formatClinicDateTime(m.statusAt)}</span>
                  {m.lastError && <span className="staff-muted"> ({m.lastError})</span>}
                </td>
                <td>
                  {m.canResend && (
                    <form method="post" noValidate>
                      <input type="hidden" name="intent" value="resend" />
                      <input type="hidden" name="messageId" value={m.id} />
                      <button type="submit" className="button button--outline staff-button--small">
                        Send again
                      </button>
                    </form>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
    </section>
  );
}
