import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { WebhookInbound, WebhookStatus } from "./whatsapp";

/**
 * The WhatsApp webhook's events already acted on (decision 039): a status
 * call names its message and the status ("status:<id>:<status>"), an inbound
 * message its own id ("message:<id>"). WhatsApp sends an event again until it
 * is answered 200, and a signed call can be replayed; one seen before is
 * ignored. Events are marked after they were acted on, so a call that failed
 * half-way is acted on again when WhatsApp retries (each action is idempotent).
 */

/** How long an event is remembered: WhatsApp retries a call for up to 7 days. */
export const WEBHOOK_EVENTS_KEPT_DAYS = 30;

type WebhookEvent = WebhookStatus | WebhookInbound;

/** An event's key; an inbound message without an id has none (it cannot be told from another). */
function eventKey(event: WebhookEvent): string | undefined {
  if ("providerId" in event) return `status:${event.providerId}:${event.status}`;
  return event.id === undefined ? undefined : `message:${event.id}`;
}

function eventKeys(events: WebhookEvent[]): string[] {
  return [...new Set(events.map(eventKey).filter((key): key is string => key !== undefined))];
}

/** The events of a call not seen before, and how many were. */
export async function unseenEvents(
  db: Kysely<Database>,
  call: { statuses: WebhookStatus[]; inbound: WebhookInbound[] },
): Promise<{ statuses: WebhookStatus[]; inbound: WebhookInbound[]; repeated: number }> {
  const keys = eventKeys([...call.statuses, ...call.inbound]);
  const seen = keys.length
    ? new Set(
        (
          await db.selectFrom("whatsapp_webhook_events").select("event_key").where("event_key", "in", keys).execute()
        ).map((row) => row.event_key),
      )
    : new Set<string>();
  const isNew = (event: WebhookEvent) => !seen.has(eventKey(event) ?? "");
  const statuses = call.statuses.filter(isNew);
  const inbound = call.inbound.filter(isNew);
  return { statuses, inbound, repeated: call.statuses.length + call.inbound.length - statuses.length - inbound.length };
}

/** Remembers `events` as seen at `at` (ISO), once acted on; an event already there stays as it was. */
export async function markEventsSeen(db: Kysely<Database>, events: WebhookEvent[], at: string): Promise<void> {
  const keys = eventKeys(events);
  if (!keys.length) return;
  await db
    .insertInto("whatsapp_webhook_events")
    .values(keys.map((event_key) => ({ event_key, received_at: at })))
    .onConflict((oc) => oc.column("event_key").doNothing())
    .execute();
}

/** The daily purge: forgets events received more than WEBHOOK_EVENTS_KEPT_DAYS before `now`; how many. */
export async function forgetOldWebhookEvents(db: Kysely<Database>, now: Date): Promise<number> {
  const before = new Date(now.getTime() - WEBHOOK_EVENTS_KEPT_DAYS * 86_400_000).toISOString();
  const result = await db.deleteFrom("whatsapp_webhook_events").where("received_at", "<", before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
