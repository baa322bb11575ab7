import { z } from 'zod';
import { Notification } from '../notifications.ts';
import { defineEvent } from './envelope.ts';

/**
 * `revision` is the position of the event in the person's inbox stream: counts that arrive out of
 * order (two replicas, a reconnect) are told apart by it, the higher one being the newer.
 */
const InboxChange = z.object({ userId: z.uuid(), unreadCount: z.number().int().min(0), revision: z.number().int().positive() });

/**
 * A person got a notification, or their unread one of a chat was refreshed by a newer message.
 * `live` is their `push` preference. Emitted by notifications; consumed by realtime (the badge and
 * the browser alert on the person's sockets).
 */
export const InboxNotified = defineEvent(
  'notifications.inbox.notified',
  1,
  InboxChange.extend({ notification: Notification, live: z.boolean() }),
);

/** A person's unread count changed by reading or deleting. Emitted by notifications; consumed by realtime (the badge). */
export const InboxCountChanged = defineEvent('notifications.inbox.count_changed', 1, InboxChange);

export const NOTIFICATIONS_EVENTS = [InboxNotified, InboxCountChanged] as const;
