import type { ServiceMigration } from '@commonwork/kit';
import { sql } from 'kysely';
import { deliveriesMigration } from './deliveries/migration.ts';

export const migrations: ServiceMigration[] = [
  {
    name: '0001_webhooks',
    async up(db, schema) {
      await db.schema
        .createTable('webhooks')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('owner_id', 'uuid', (c) => c.notNull())
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('events', sql`text[]`, (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('secret', 'text', (c) => c.notNull())
        .addColumn('enabled', 'boolean', (c) => c.notNull())
        .addColumn('disabled_reason', 'text')
        .addColumn('failing_since', 'timestamptz')
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('webhooks_owner_idx').on('webhooks').columns(['owner_id', 'created_at']).execute();

      await db.schema
        .createTable('webhook_deliveries')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('webhook_id', 'uuid', (c) => c.notNull())
        .addColumn('event_id', 'uuid', (c) => c.notNull())
        .addColumn('seq', 'bigint', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('body', 'jsonb', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('response_status', 'integer')
        .addColumn('duration_ms', 'integer')
        .addColumn('response', 'text')
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('last_attempt_at', 'timestamptz')
        .addColumn('next_attempt_at', 'timestamptz')
        .addUniqueConstraint('webhook_deliveries_event_unique', ['webhook_id', 'event_id'])
        .execute();
      // The dispatcher: each webhook's open deliveries in order.
      await db.schema
        .createIndex('webhook_deliveries_open_idx')
        .on('webhook_deliveries')
        .columns(['webhook_id', 'seq'])
        .where(sql<boolean>`status in ('pending', 'retrying')`)
        .execute();
      // The delivery log (newest first) and the retention pass.
      await db.schema.createIndex('webhook_deliveries_log_idx').on('webhook_deliveries').columns(['webhook_id', 'created_at']).execute();
      await db.schema.createIndex('webhook_deliveries_created_idx').on('webhook_deliveries').column('created_at').execute();

      await db.schema
        .createTable('public_events')
        .addColumn('seq', 'bigserial', (c) => c.primaryKey())
        .addColumn('event_id', 'uuid', (c) => c.notNull().unique())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('occurred_at', 'timestamptz', (c) => c.notNull())
        .addColumn('data', 'jsonb', (c) => c.notNull())
        .addColumn('audience', sql`uuid[]`, (c) => c.notNull())
        .execute();
      await sql`create index public_events_audience_idx on ${sql.table(`${schema}.public_events`)} using gin (audience)`.execute(db);
      await db.schema.createIndex('public_events_occurred_idx').on('public_events').column('occurred_at').execute();

      await db.schema
        .createTable('channel_members')
        .addColumn('channel_id', 'uuid', (c) => c.notNull())
        .addColumn('user_id', 'uuid', (c) => c.notNull())
        .addPrimaryKeyConstraint('channel_members_pk', ['channel_id', 'user_id'])
        .execute();
      await db.schema
        .createTable('event_registrations')
        .addColumn('event_id', 'uuid', (c) => c.notNull())
        .addColumn('user_id', 'uuid', (c) => c.notNull())
        .addPrimaryKeyConstraint('event_registrations_pk', ['event_id', 'user_id'])
        .execute();
    },
  },
  deliveriesMigration,
];
