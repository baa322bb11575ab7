import type { EventEnvelope, EventMetadata } from '@commonwork/contracts';
import { type AggregateStore, causedBy, type HandlerTools, nameBasedId } from '@commonwork/kit';
import type { NotificationsDb, NotificationsTables } from '../tables.ts';
import { inboxAggregate } from './aggregate.ts';
import type { InboxCommand } from './decide.ts';
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

/**
 * Makes a notification from a consumed event, in the consumer's transaction; its id is fixed by the
 * source event and the recipient, its time is the source event's (however late it is handled).
 */
export function notifyFrom(
  trx: NotificationsDb,
  tools: HandlerTools<NotificationsTables>,
  envelope: EventEnvelope,
  recipient: Recipient,
  content: NotificationContent,
) {
  const notificationId = nameBasedId(`commonwork-notification:${envelope.id}:${recipient.userId}`);
  return notifyIn(trx, tools.aggregate(inboxAggregate), recipient, content, {
    notificationId,
    metadata: causedBy(envelope),
    happenedAt: new Date(envelope.occurredAt).toISOString(),
  });
}
