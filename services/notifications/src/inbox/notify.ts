import type { EventEnvelope } from '@commonwork/contracts';
import { type AggregateStore, causedBy, type HandlerTools, nameBasedId } from '@commonwork/kit';
import type { NotificationsDb, NotificationsTables } from '../tables.ts';
import { inboxAggregate } from './aggregate.ts';
import type { InboxCommand } from './decide.ts';
import type { InboxEvent, InboxState, NotificationContent } from './inbox.ts';

/** Which preference (spec 000 §3 `preferences.notifications`) lets each kind of notification be made. */
export type Preference = 'marketplace_alerts' | 'message_notifications' | 'event_reminders';

/** Whether a person wants this kind; someone not known yet gets the defaults (all on). */
export async function wants(trx: NotificationsDb, userId: string, preference: Preference) {
  const row = await trx.selectFrom('people').select(preference).where('user_id', '=', userId).executeTakeFirst();
  return row?.[preference] ?? true;
}

/** A person's card as a sender; someone not known yet shows as 'Member'. */
export async function senderCard(trx: NotificationsDb, userId: string) {
  const row = await trx.selectFrom('people').select(['name', 'picture']).where('user_id', '=', userId).executeTakeFirst();
  return { userId, name: row?.name ?? 'Member', picture: row?.picture ?? '' };
}

type Inboxes = AggregateStore<InboxState, InboxCommand, InboxEvent, NotificationsTables>;

/**
 * Makes a notification from a consumed event, in the consumer's transaction, when the person wants
 * that kind. Its id is fixed by the source event and the recipient, so a redelivery finds it.
 */
export async function notifyFrom(
  trx: NotificationsDb,
  tools: HandlerTools<NotificationsTables>,
  envelope: EventEnvelope,
  recipient: { userId: string; preference: Preference; key?: string },
  content: NotificationContent,
) {
  if (!(await wants(trx, recipient.userId, recipient.preference))) return;
  const inboxes: Inboxes = tools.aggregate(inboxAggregate);
  const notificationId = nameBasedId(`commonwork-notification:${envelope.id}:${recipient.userId}`);
  await inboxes.handleIn(
    trx,
    recipient.userId,
    { type: 'Notify', userId: recipient.userId, notificationId, key: recipient.key ?? null, content },
    causedBy(envelope),
  );
}
