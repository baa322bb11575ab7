import type { StoredEvent } from '@commonwork/kit';
import type { Insertable } from 'kysely';
import type { NotificationsDb, NotificationsTable } from '../tables.ts';
import type { InboxEvent, NotificationContent } from './inbox.ts';

const columnsOf = (content: NotificationContent) => ({
  type: content.type,
  title: content.title,
  message: content.message,
  sender: JSON.stringify(content.sender),
  data: JSON.stringify(content.data),
});

/** When what a new or refreshed notification tells of happened. */
const happenedAt = (event: StoredEvent<InboxEvent> & { data: { happenedAt?: string } }) =>
  event.data.happenedAt ? new Date(event.data.happenedAt) : event.occurredAt;

/**
 * Applies inbox events to the notifications table; the live path and the rebuild use it. A
 * notification's `created_at` is when what it tells of happened (the list's order); `updated_at`
 * when it was last written here (the digest's delay counts from it). Consecutive new notifications
 * (a consumer's batch) are inserted in one statement; anything else is applied in its turn after them.
 */
export async function projectInboxEvents(trx: NotificationsDb, events: StoredEvent<InboxEvent>[]) {
  let created: Insertable<NotificationsTable>[] = [];
  const insertCreated = async () => {
    if (created.length > 0) await trx.insertInto('notifications').values(created).execute();
    created = [];
  };
  for (const event of events) {
    const at = event.occurredAt;
    if (event.type === 'NotificationCreated') {
      const { userId, notificationId, content } = event.data;
      created.push({
        id: notificationId,
        user_id: userId,
        read: false,
        created_at: happenedAt(event),
        updated_at: at,
        ...columnsOf(content),
      });
      continue;
    }
    await insertCreated();
    switch (event.type) {
      case 'NotificationRefreshed':
        // Newer content, and newest first again in the list.
        await trx
          .updateTable('notifications')
          .set({ ...columnsOf(event.data.content), created_at: happenedAt(event), updated_at: at })
          .where('id', '=', event.data.notificationId)
          .execute();
        break;
      case 'NotificationsRead':
        await trx.updateTable('notifications').set({ read: true, updated_at: at }).where('id', 'in', event.data.notificationIds).execute();
        break;
      case 'NotificationDeleted':
        await trx.deleteFrom('notifications').where('id', '=', event.data.notificationId).execute();
        break;
      default: {
        const never: never = event;
        throw new Error(`Unhandled event ${JSON.stringify(never)}`);
      }
    }
  }
  await insertCreated();
}
