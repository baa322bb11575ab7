import { type PersonalDataExport, rowsOf } from '@commonwork/kit';
import type { NotificationsTables } from '../tables.ts';

/** Notifications' part of a person's export: their notifications, what they asked to be told and how, and the digests mailed to them. */
export const exportNotificationsPerson: PersonalDataExport<NotificationsTables> = async (personId, db) => {
  const notifications = await rowsOf(db, 'notifications', 'user_id', personId)
    .select(['id', 'type', 'title', 'message', 'read', 'sender', 'data', 'created_at as createdAt', 'updated_at as updatedAt'])
    .orderBy('created_at')
    .execute();
  const preferences = await rowsOf(db, 'people', 'user_id', personId)
    .select([
      'marketplace_alerts as marketplaceAlerts',
      'message_notifications as messageNotifications',
      'event_reminders as eventReminders',
      'push',
      'email_digest as emailDigest',
      'email',
      'updated_at as updatedAt',
    ])
    .executeTakeFirst();
  const digests = await rowsOf(db, 'digests', 'user_id', personId)
    .select(['id', 'created_at as createdAt', 'sent_at as sentAt'])
    .orderBy('created_at')
    .execute();
  return { notifications, preferences: preferences ?? null, digests };
};
