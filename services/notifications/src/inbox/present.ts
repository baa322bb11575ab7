import type { Notification } from '@commonwork/contracts';
import type { NotificationRow } from '../tables.ts';
import type { NotificationContent } from './inbox.ts';

/** A notification as spec 002 §3 shows it, from what it says and when it was last written. */
export function presentContent(
  id: string,
  content: NotificationContent,
  state: { read: boolean; at: Date; createdAt?: Date },
): Notification {
  return {
    _id: id,
    id,
    type: content.type,
    title: content.title,
    message: content.message,
    read: state.read,
    sender: content.sender ? { _id: content.sender.userId, name: content.sender.name, picture: content.sender.picture } : null,
    data: content.data,
    createdAt: (state.createdAt ?? state.at).toISOString(),
    updatedAt: state.at.toISOString(),
  };
}

/** A notification of the list (spec 002 §3). */
export function presentNotification(row: NotificationRow): Notification {
  return presentContent(row.id, row, { read: row.read, at: new Date(row.updated_at), createdAt: new Date(row.created_at) });
}
