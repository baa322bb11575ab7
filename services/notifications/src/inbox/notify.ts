import type { EventEnvelope, EventMetadata } from '@commonwork/contracts';
import { type AggregateStore, causedBy, type HandlerTools, nameBasedId, type Turn } from '@commonwork/kit';
import type { NotificationsDb, NotificationsTables } from '../tables.ts';
import { inboxAggregate } from './aggregate.ts';
import { decide, type InboxCommand } from './decide.ts';
import type { InboxEvent, InboxState, NotificationContent } from './inbox.ts';

/** Which preference (spec 000 §3 `preferences.notifications`) lets each kind of notification be made. */
export type Preference = 'marketplace_alerts' | 'message_notifications' | 'event_reminders';

/**
 * Whether a person wants this kind (null: not made) and whether it is pushed live to their sockets
 * (preference `push`); someone not known yet gets the defaults (all on).
 */
export async function deliveryFor(trx: NotificationsDb, userId: string, preference: Preference): Promise<{ live: boolean } | null> {
  const row = await trx.selectFrom('people').select([preference, 'push']).where('user_id', '=', userId).executeTakeFirst();
  if (row && !row[preference]) return null;
  return { live: row?.push ?? true };
}

/** A person's card as a sender; someone not known yet shows as 'Member'. */
export async function senderCard(trx: NotificationsDb, userId: string) {
  const row = await trx.selectFrom('people').select(['name', 'picture']).where('user_id', '=', userId).executeTakeFirst();
  return { userId, name: row?.name ?? 'Member', picture: row?.picture ?? '' };
}

type Inboxes = AggregateStore<InboxState, InboxCommand, InboxEvent, NotificationsTables>;

export interface Recipient {
  userId: string;
  preference: Preference;
  /** Notifications of one key share one unread notification (a chat's messages). */
  key?: string;
}

/**
 * Makes a notification in the caller's transaction when the person wants that kind; whether it is
 * pushed live follows their `push` preference. `notificationId` must be fixed by what caused it,
 * so doing it again makes nothing new.
 */
export async function notifyIn(
  trx: NotificationsDb,
  inboxes: Inboxes,
  recipient: Recipient,
  content: NotificationContent,
  cause: { notificationId: string; metadata: EventMetadata; happenedAt?: string },
) {
  const { userId } = recipient;
  const delivery = await deliveryFor(trx, userId, recipient.preference);
  if (!delivery) return;
  await inboxes.handleIn(
    trx,
    userId,
    {
      type: 'Notify',
      userId,
      notificationId: cause.notificationId,
      key: recipient.key ?? null,
      content,
      live: delivery.live,
      happenedAt: cause.happenedAt,
    },
    cause.metadata,
  );
}

/** What a consumed event asks of one inbox: a notification the person may not want, or a command (a chat read). */
export type InboxStep =
  | { envelope: EventEnvelope; recipient: Recipient; content: NotificationContent }
  | { envelope: EventEnvelope; userId: string; command: InboxCommand };

/**
 * Decides what a run of consumed events asks of inboxes, in order, in the consumer's transaction and
 * as one write: every recipient's preferences in one query, then the kit's `handleAllIn` (the inboxes'
 * snapshots locked and read in two statements, every event appended in one, projected, snapshots
 * kept). Each decision sees what the steps before it left, so each event carries its exact unread
 * count and is published once. A notification's id is fixed by its source event and recipient, its
 * time is the source event's (however late it is handled).
 */
export async function decideInboxes(trx: NotificationsDb, tools: HandlerTools<NotificationsTables>, steps: readonly InboxStep[]) {
  const notified = [...new Set(steps.flatMap((step) => ('recipient' in step ? [step.recipient.userId] : [])))];
  const people = notified.length
    ? await trx
        .selectFrom('people')
        .select(['user_id', 'marketplace_alerts', 'message_notifications', 'event_reminders', 'push'])
        .where('user_id', 'in', notified)
        .execute()
    : [];
  const known = new Map(people.map((row) => [row.user_id, row]));
  const turns = steps.flatMap((step): Turn<InboxState, InboxEvent>[] => {
    const metadata = causedBy(step.envelope);
    if (!('recipient' in step)) return [{ id: step.userId, metadata, decide: (state) => decide(step.command, state) }];
    const { userId, preference, key } = step.recipient;
    // Someone not known yet gets the defaults (all on), as `deliveryFor`.
    const row = known.get(userId);
    if (row && !row[preference]) return [];
    const command: InboxCommand = {
      type: 'Notify',
      userId,
      notificationId: nameBasedId(`commonwork-notification:${step.envelope.id}:${userId}`),
      key: key ?? null,
      content: step.content,
      live: row?.push ?? true,
      happenedAt: new Date(step.envelope.occurredAt).toISOString(),
    };
    return [{ id: userId, metadata, decide: (state) => decide(command, state) }];
  });
  if (turns.length === 0) return;
  const outcomes = await tools.aggregate(inboxAggregate).handleAllIn(trx, turns);
  // A refusal fails the batch as `handleIn` would: the bus hands its events over one by one.
  for (const outcome of outcomes) if (!outcome.ok) throw outcome.error;
}

/** Makes a notification from a consumed event, in the consumer's transaction (a step of one). */
export function notifyFrom(
  trx: NotificationsDb,
  tools: HandlerTools<NotificationsTables>,
  envelope: EventEnvelope,
  recipient: Recipient,
  content: NotificationContent,
) {
  return decideInboxes(trx, tools, [{ envelope, recipient, content }]);
}
