import type { PersonalDataExport } from '@commonwork/kit';
import type { NotificationsTables } from '../tables.ts';

/** Notifications' part of a person's export: their notifications, what they asked to be told and how, and the digests mailed to them. */
export const exportNotificationsPerson: PersonalDataExport<NotificationsTables> = async (personId, db) => {
  const notifications = await db
    .selectFrom('notifications')
    .select(['id', 'type', 'title', 'message', 'read', 'sender', 'data', 'created_at as createdAt', 'updated_at as updatedAt'])
    .where('user_id', '=', personId)
    .orderBy('created_at')
    .execute();
  const preferences = await db
    .selectFrom('people')
    .select([
      'marketplace_alerts as marketplaceAlerts',
      'message_notifications as messageNotifications',
      'event_reminders as eventReminders',
      'push',
      'email_digest as emailDigest',
      'email',
      'updated_at as updatedAt',
    ])
    .where('user_id', '=', personId)
    .executeTakeFirst();
  const digests = await db
    .selectFrom('digests')
    .select(['id', 'created_at as createdAt', 'sent_at as sentAt'])
    .where('user_id', '=', personId)
    .orderBy('created_at')
    .execute();
  return { notifications, preferences: preferences ?? null, digests };
};
