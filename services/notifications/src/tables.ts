import type { NotificationType } from '@commonwork/contracts';
import type { GigsTable } from '@commonwork/kit';
import type { Generated, JSONColumnType, Kysely, Selectable } from 'kysely';
import type { NotificationContent } from './inbox/inbox.ts';

export interface NotificationsTable {
  id: string;
  user_id: string;
  type: NotificationType;
  title: string;
  message: string;
  read: boolean;
  sender: JSONColumnType<NotificationContent['sender']>;
  data: JSONColumnType<NotificationContent['data']>;
  created_at: Date;
  updated_at: Date;
}

/** The notifications service's tables: its projection, and the read models fed by other services' events. */
export interface NotificationsTables {
  notifications: NotificationsTable;
  /** Names and pictures of senders, and what each person wants to be told (identity's events). */
  people: {
    user_id: string;
    name: string;
    picture: string;
    marketplace_alerts: Generated<boolean>;
    message_notifications: Generated<boolean>;
    event_reminders: Generated<boolean>;
    /** Live pushes to their sockets (preference `push`). */
    push: Generated<boolean>;
    /** A digest of unseen notifications by mail (preference `email`), to this address. */
    email_digest: Generated<boolean>;
    email: Generated<string>;
    updated_at: Date;
  };
  /** Gigs someone may show interest in (marketplace's events). */
  gigs: GigsTable;
  /** Channels and who created them, to tell a creator who joined by link (messaging's events). */
  channels: { channel_id: string; creator_id: string; name: string };
  /** Who holds a seat at which event, to tell them when it changes (the events service's events). */
  event_attendees: { event_id: string; user_id: string };
  /** Published events and when they start, for reminders (the events service's events). */
  tech_events: { event_id: string; title: string; starts_at: Date; updated_at: Date };
  /** Reminders made, one per seat and start time: a restart or a second replica never repeats one. */
  reminders_sent: { event_id: string; user_id: string; starts_at: Date; sent_at: Date };
  /** Digest mails: claimed with their notifications in one transaction, then sent; `sent_at` once delivered. */
  digests: { id: string; user_id: string; created_at: Date; sent_at: Date | null; attempts: Generated<number> };
  /** Which digest took each notification: none is mailed twice. */
  digested: { notification_id: string; digest_id: string };
}

export type NotificationsDb = Kysely<NotificationsTables>;
export type NotificationRow = Selectable<NotificationsTable>;
