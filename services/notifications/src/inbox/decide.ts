import { NOTIFICATION_MESSAGES } from '@commonwork/contracts';
import { createError, type Decider } from '@commonwork/kit';
import { type InboxEvent, type InboxState, initialInboxState, type NotificationContent, unreadCountOf } from './inbox.ts';

export const NotificationNotFound = createError('NOTIFICATION_NOT_FOUND', NOTIFICATION_MESSAGES.notFound, 404);

export type InboxCommand =
  | {
      type: 'Notify';
      userId: string;
      notificationId: string;
      key: string | null;
      content: NotificationContent;
      live: boolean;
      /** When its source happened (ISO); none: now, as the gig-interest call is. */
      happenedAt?: string;
    }
  | { type: 'MarkRead'; notificationId: string }
  | { type: 'MarkAllRead' }
  | { type: 'MarkKeyRead'; key: string }
  | { type: 'Delete'; notificationId: string };

export function evolve(state: InboxState, event: InboxEvent): InboxState {
  switch (event.type) {
    case 'NotificationCreated': {
      const { userId, notificationId, key } = event.data;
      return {
        userId,
        notifications: { ...state.notifications, [notificationId]: { read: false, key } },
        unreadByKey: key ? { ...state.unreadByKey, [key]: notificationId } : state.unreadByKey,
      };
    }
    case 'NotificationRefreshed':
      return state;
    case 'NotificationsRead': {
      const notifications = { ...state.notifications };
      const unreadByKey = { ...state.unreadByKey };
      for (const id of event.data.notificationIds) {
        const note = notifications[id];
        if (!note) continue;
        notifications[id] = { ...note, read: true };
        if (note.key && unreadByKey[note.key] === id) delete unreadByKey[note.key];
      }
      return { ...state, notifications, unreadByKey };
    }
    case 'NotificationDeleted': {
      const { [event.data.notificationId]: gone, ...notifications } = state.notifications;
      const unreadByKey = { ...state.unreadByKey };
      if (gone?.key && unreadByKey[gone.key] === event.data.notificationId) delete unreadByKey[gone.key];
      return { ...state, notifications, unreadByKey };
    }
    default: {
      const never: never = event;
      return never;
    }
  }
}

/** The unread count after some notifications are read. */
const afterReading = (state: InboxState, ids: string[]) => unreadCountOf(state) - ids.length;

export function decide(command: InboxCommand, state: InboxState): InboxEvent[] {
  switch (command.type) {
    case 'Notify': {
      const { userId, notificationId, key, content, live } = command;
      const when = command.happenedAt ? { happenedAt: command.happenedAt } : {};
      // A redelivered source makes nothing new.
      if (state.notifications[notificationId]) return [];
      // A chat's new message updates its unread notification instead of adding another.
      const current = key ? state.unreadByKey[key] : undefined;
      if (current)
        return [
          {
            type: 'NotificationRefreshed',
            data: { userId, notificationId: current, content, unreadCount: unreadCountOf(state), live, ...when },
          },
        ];
      return [
        {
          type: 'NotificationCreated',
          data: { userId, notificationId, key, content, unreadCount: unreadCountOf(state) + 1, live, ...when },
        },
      ];
    }
    case 'MarkRead': {
      const note = state.notifications[command.notificationId];
      if (!note) throw NotificationNotFound();
      if (note.read) return [];
      const ids = [command.notificationId];
      return [{ type: 'NotificationsRead', data: { userId: state.userId, notificationIds: ids, unreadCount: afterReading(state, ids) } }];
    }
    case 'MarkAllRead': {
      const ids = Object.entries(state.notifications)
        .filter(([, note]) => !note.read)
        .map(([id]) => id);
      if (ids.length === 0) return [];
      return [{ type: 'NotificationsRead', data: { userId: state.userId, notificationIds: ids, unreadCount: 0 } }];
    }
    case 'MarkKeyRead': {
      const id = state.unreadByKey[command.key];
      if (!id) return [];
      return [{ type: 'NotificationsRead', data: { userId: state.userId, notificationIds: [id], unreadCount: afterReading(state, [id]) } }];
    }
    case 'Delete': {
      const note = state.notifications[command.notificationId];
      if (!note) throw NotificationNotFound();
      const unreadCount = unreadCountOf(state) - (note.read ? 0 : 1);
      return [{ type: 'NotificationDeleted', data: { userId: state.userId, notificationId: command.notificationId, unreadCount } }];
    }
    default: {
      const never: never = command;
      return never;
    }
  }
}

export const inboxDecider: Decider<InboxState, InboxCommand, InboxEvent> = { initialState: initialInboxState, evolve, decide };
