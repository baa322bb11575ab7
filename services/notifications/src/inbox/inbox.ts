import type { Notification, NotificationType } from '@commonwork/contracts';

/** What a notification says and who it comes from. */
export interface NotificationContent {
  type: NotificationType;
  title: string;
  message: string;
  sender: { userId: string; name: string; picture: string } | null;
  /** What its actions need and what the web app writes its words from (`words`, contracts). */
  data: Notification['data'];
}

/**
 * The inbox aggregate's stored events: one person's notifications. Each carries the unread count it
 * leaves; a new or refreshed one says whether it is pushed live (older events lack `live`: pushed)
 * and when what it tells of happened, `happenedAt`, its source event's time: a notification made
 * late (a consumer catching up) is dated by its source, not by when it was made (older events lack
 * it: when the event was stored).
 */
export type InboxEvent =
  | {
      type: 'NotificationCreated';
      data: {
        userId: string;
        notificationId: string;
        key: string | null;
        content: NotificationContent;
        unreadCount: number;
        live?: boolean;
        happenedAt?: string;
      };
    }
  | {
      type: 'NotificationRefreshed';
      data: {
        userId: string;
        notificationId: string;
        content: NotificationContent;
        unreadCount: number;
        live?: boolean;
        happenedAt?: string;
      };
    }
  | { type: 'NotificationsRead'; data: { userId: string; notificationIds: string[]; unreadCount: number } }
  | { type: 'NotificationDeleted'; data: { userId: string; notificationId: string; unreadCount: number } };

/**
 * One person's notifications, folded: which exist and are read, and which unread one stands for a
 * key (a chat's messages share one). Plain JSON: an inbox is a hot stream the kit snapshots.
 */
export interface InboxState {
  userId: string;
  notifications: Record<string, { read: boolean; key: string | null }>;
  /** The unread notification of each key. */
  unreadByKey: Record<string, string>;
}

export const initialInboxState = (): InboxState => ({ userId: '', notifications: {}, unreadByKey: {} });

export const unreadCountOf = (state: InboxState) => Object.values(state.notifications).filter((n) => !n.read).length;
