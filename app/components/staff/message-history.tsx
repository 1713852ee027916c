import type { ReactNode } from "react";
import {
  channelUsed,
  CONTACT_PREFERENCE_LABELS,
  CONTACT_PREFERENCES,
  textCountryNames,
  type ContactChoice,
  type ContactPreference,
} from "@domain/contact-preference";
import { formatClinicDateTime } from "@domain/dates";
import { TEXT_KIND_LABELS, TEXT_STATUS_LABELS, type MessageHistoryItem } from "@domain/text-messages";
import { DataTable } from "./data-table";

/** One text message as the appointment's page lists it: as it was sent, its number and words too (decision 043). */
export type MessageRow = MessageHistoryItem;

/** The patient's channel as the desk sees it: their choice, their number's reach, and whether WhatsApp is set up. */
export type DeskChannel = Required<ContactChoice>;

/** Why texts cannot reach this number whatever is chosen, or null. */
function unreachable({ mobile, served, countries }: DeskChannel): string | null {
  if (!mobile) return "The patient's phone number is not a mobile number, so no text can go to it: they get e-mail.";
  if (!served)
    return `Texts go only to numbers in ${textCountryNames(countries)} (SMS_COUNTRIES), and this number is not one of them: the patient gets e-mail, and was told why.`;
  return null;
}

/**
 * The desk's control of the texts to the patient about this appointment
 * (decisions 030, 043): how they get them (SMS, WhatsApp while it is set up,
 * or none: e-mail only), changed as the patient asks on the phone; and every
 * text as it was sent, its step, channel, number, words, times and status,
 * with a button to send any of them again once it is done with. E-mail goes
 * to every patient besides. Plain form posts: works without JavaScript.
 */
export function MessageHistory({
  messages,
  channel,
  notice,
  busy = false,
}: {
  messages: readonly MessageRow[];
  channel: DeskChannel;
  /** What was just done here (a message sent again, the channel changed), shown under the heading, where the page comes back to. */
  notice?: ReactNode;
  busy?: boolean;
}) {
  const used = channelUsed(channel);
  const options = CONTACT_PREFERENCES.filter((p) => p !== "whatsapp" || channel.whatsapp || channel.choice === p);
  const checked: ContactPreference =
    channel.choice === "whatsapp" && !channel.whatsapp ? "sms" : (channel.choice ?? "sms");
  const blocked = unreachable(channel);
  return (
    <section id="messages" className="staff-section" aria-labelledby="messages-title">
      <h2 id="messages-title">Messages to the patient</h2>
      {notice}
      <p>
        Texts now go by: <strong>{used ? CONTACT_PREFERENCE_LABELS[used] : "no texts (e-mail only)"}</strong>
        {channel.choice === null && used ? " (the patient did not choose: SMS to a mobile number)" : ""}
        {channel.choice === "whatsapp" && !channel.whatsapp ? " (WhatsApp was chosen, but it is not set up)" : ""}.
        Every patient also gets e-mail.
      </p>
      {blocked && <p className="staff-muted">{blocked}</p>}
      <form method="post" className="staff-form" noValidate aria-labelledby="channel-heading">
        <h3 id="channel-heading">Change how the patient gets texts</h3>
        <fieldset className="staff-slots" aria-describedby="channel-hint">
          <legend>Texts by</legend>
          <p id="channel-hint" className="staff-field__hint">
            When the patient asks, for example on the phone. &ldquo;No texts&rdquo; also stops the texts still waiting
            to go.
          </p>
          <ul className="staff-slots__list">
            {options.map((p) => (
              <li key={p}>
                <input type="radio" id={`channel-${p}`} name="channel" value={p} defaultChecked={p === checked} />
                <label htmlFor={`channel-${p}`}>
                  {p === "email" ? "No texts (e-mail only)" : CONTACT_PREFERENCE_LABELS[p]}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
        <button type="submit" name="intent" value="channel" className="button button--outline" disabled={busy}>
          Save how the patient gets texts
        </button>
      </form>
      {messages.length === 0 ? (
        <p className="staff-muted">No text messages.</p>
      ) : (
        <DataTable
          region="Text messages to the patient"
          caption="Text messages to the patient, as they were sent, oldest first"
          columns={[
            "Sent for",
            "Channel and number",
            "Words",
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
                <td>
                  {CONTACT_PREFERENCE_LABELS[m.channel]}
                  {m.to && (
                    <>
                      <br />
                      <span className="staff-mono">{m.to}</span>
                    </>
                  )}
                </td>
                <td>
                  {m.body ? (
                    <span className="staff-pre">{m.body}</span>
                  ) : (
                    <span className="staff-muted">
                      {m.kind === "report-code"
                        ? "The code is not kept once it is sent."
                        : "Removed after the keeping period."}
                    </span>
                  )}
                </td>
                <td className="staff-nowrap">{formatClinicDateTime(m.createdAt)}</td>
                <td>
                  <strong>{TEXT_STATUS_LABELS[m.status]}</strong>
                  <span className="staff-muted"> {formatClinicDateTime(m.statusAt)}</span>
                  {m.sentAt && <span className="staff-muted">; handed over {formatClinicDateTime(m.sentAt)}</span>}
                  {m.lastError && <span className="staff-muted"> ({m.lastError})</span>}
                </td>
                <td>
                  {m.canResend && (
                    <form method="post" noValidate>
                      <input type="hidden" name="intent" value="resend" />
                      <input type="hidden" name="messageId" value={m.id} />
                      <button type="submit" className="button button--outline staff-button--small" disabled={busy}>
                        Send again
                        <span className="visually-hidden">
                          {` (${TEXT_KIND_LABELS[m.kind]}, queued ${formatClinicDateTime(m.createdAt)})`}
                        </span>
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
