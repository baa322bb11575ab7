import { createGigsTable, type ServiceMigration } from '@commonwork/kit';
import { sql } from 'kysely';

export const migrations: ServiceMigration[] = [
  {
    name: '0001_notifications',
    async up(db, schema) {
      await db.schema
        .createTable('notifications')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('user_id', 'uuid', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('read', 'boolean', (c) => c.notNull())
        .addColumn('sender', 'jsonb')
        .addColumn('data', 'jsonb', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
        .execute();
      // A person's list, newest first, and their unread count, from the index alone.
      await sql`create index notifications_user_idx on ${sql.table(`${schema}.notifications`)} (user_id, created_at desc, id)`.execute(db);
      await sql`create index notifications_unread_idx on ${sql.table(`${schema}.notifications`)} (user_id) where not read`.execute(db);

      await db.schema
        .createTable('people')
        .addColumn('user_id', 'uuid', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('picture', 'text', (c) => c.notNull())
        .addColumn('marketplace_alerts', 'boolean', (c) => c.notNull().defaultTo(true))
        .addColumn('message_notifications', 'boolean', (c) => c.notNull().defaultTo(true))
        .addColumn('event_reminders', 'boolean', (c) => c.notNull().defaultTo(true))
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
        .execute();
      await createGigsTable(db);
      await db.schema
        .createTable('event_attendees')
        .addColumn('event_id', 'uuid', (c) => c.notNull())
        .addColumn('user_id', 'uuid', (c) => c.notNull())
        .addPrimaryKeyConstraint('event_attendees_pkey', ['event_id', 'user_id'])
        .execute();
    },
  },
  {
    name: '0002_channels',
    async up(db) {
      await db.schema
        .createTable('channels')
        .addColumn('channel_id', 'uuid', (c) => c.primaryKey())
        .addColumn('creator_id', 'uuid', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .execute();
    },
  },
  {
    name: '0003_reminders_and_digests',
    async up(db, schema) {
      // Where and whether to reach a person beyond the app (identity's events).
      await db.schema
        .alterTable('people')
        .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('push', 'boolean', (c) => c.notNull().defaultTo(true))
        .addColumn('email_digest', 'boolean', (c) => c.notNull().defaultTo(true))
        .execute();
      // Published events and when they start, for reminders (the events service's events).
      await db.schema
        .createTable('tech_events')
        .addColumn('event_id', 'uuid', (c) => c.primaryKey())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
        .execute();
      await sql`create index tech_events_starts_idx on ${sql.table(`${schema}.tech_events`)} (starts_at)`.execute(db);
      // Job state, not projections: a rebuild keeps them, so nothing is reminded or mailed twice.
      await db.schema
        .createTable('reminders_sent')
        .addColumn('event_id', 'uuid', (c) => c.notNull())
        .addColumn('user_id', 'uuid', (c) => c.notNull())
        .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
        .addColumn('sent_at', 'timestamptz', (c) => c.notNull())
        .addPrimaryKeyConstraint('reminders_sent_pkey', ['event_id', 'user_id', 'starts_at'])
        .execute();
      await db.schema
        .createTable('digests')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('user_id', 'uuid', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('sent_at', 'timestamptz')
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await sql`create index digests_pending_idx on ${sql.table(`${schema}.digests`)} (created_at) where sent_at is null`.execute(db);
      await db.schema
        .createTable('digested')
        .addColumn('notification_id', 'uuid', (c) => c.primaryKey())
        .addColumn('digest_id', 'uuid', (c) => c.notNull())
        .execute();
      await sql`create index digested_digest_idx on ${sql.table(`${schema}.digested`)} (digest_id)`.execute(db);
    },
  },
];
