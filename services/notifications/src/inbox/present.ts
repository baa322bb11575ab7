import type { Notification } from '@commonwork/contracts';
import type { NotificationRow } from '../tables.ts';

/** The notification as the list shows it (spec 002 §3). */
export function presentNotification(row: NotificationRow): Notification {
  return {
    _id: row.id,
    id: row.id,
    type: row.type,
    title: row.title,
    message: row.message,
    read: row.read,
    sender: row.sender ? { _id: row.sender.userId, name: row.sender.name, picture: row.sender.picture } : null,
    data: row.data,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}
