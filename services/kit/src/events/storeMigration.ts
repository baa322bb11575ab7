import { sql } from 'kysely';
import type { ServiceMigration } from '../db/migrations.ts';
import { idempotencyKeysMigration } from '../http/idempotency.ts';

/** The kit's tables in every service schema, in order; services' own migrations run after these. */
export const kitMigrations = (): ServiceMigration[] => [eventStoreMigration, snapshotsMigration, idempotencyKeysMigration];

/** The event store, outbox position and idempotency tables every service schema holds (ARCHITECTURE §3). */
export const eventStoreMigration: ServiceMigration = {
  name: '0000_event_store',
  async up(db) {
    await db.schema
      .createTable('event_store')
      .addColumn('global_position', 'bigserial', (c) => c.primaryKey())
      .addColumn('stream_id', 'text', (c) => c.notNull())
      .addColumn('stream_version', 'integer', (c) => c.notNull())
      .addColumn('event_id', 'uuid', (c) => c.notNull().unique())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('data', 'jsonb', (c) => c.notNull())
      .addColumn('metadata', 'jsonb', (c) => c.notNull())
      .addColumn('occurred_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addUniqueConstraint('event_store_stream_version_unique', ['stream_id', 'stream_version'])
      .execute();
    await db.schema
      .createTable('outbox_position')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('position', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('processed_events')
      .addColumn('consumer', 'text', (c) => c.notNull())
      .addColumn('event_id', 'uuid', (c) => c.notNull())
      .addColumn('processed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addPrimaryKeyConstraint('processed_events_pk', ['consumer', 'event_id'])
      .execute();
  },
};

/** Snapshots of hot streams (see aggregate.ts): the folded state at a version, one row a stream. */
export const snapshotsMigration: ServiceMigration = {
  name: '0000_snapshots',
  async up(db) {
    await db.schema
      .createTable('snapshots')
      .addColumn('stream_id', 'text', (c) => c.primaryKey())
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('state', 'jsonb', (c) => c.notNull())
      .execute();
  },
};
