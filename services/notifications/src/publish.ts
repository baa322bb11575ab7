import { InboxCountChanged, InboxNotified } from '@commonwork/contracts';
import { publishAs, type StoredEvent } from '@commonwork/kit';
import type { InboxEvent } from './inbox/inbox.ts';
import { presentContent } from './inbox/present.ts';

/**
 * Chooses what notifications publishes: every change of a person's unread count, with the new
 * notification when there is one, for the live badge. The stream position orders the counts.
 */
export function publishInboxEvent(stored: StoredEvent<InboxEvent>) {
  const { userId, unreadCount } = stored.data;
  const revision = stored.streamVersion;
  switch (stored.type) {
    case 'NotificationCreated':
    case 'NotificationRefreshed': {
      const { notificationId, content, live, happenedAt } = stored.data;
      const notification = presentContent(notificationId, content, {
        read: false,
        at: stored.occurredAt,
        createdAt: happenedAt ? new Date(happenedAt) : undefined,
      });
      return publishAs(InboxNotified, stored, { userId, unreadCount, revision, notification, live: live ?? true });
    }
    case 'NotificationsRead':
    case 'NotificationDeleted':
      return publishAs(InboxCountChanged, stored, { userId, unreadCount, revision });
    default: {
      const never: never = stored;
      return never;
    }
  }
}
