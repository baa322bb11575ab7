import { sql } from 'kysely';
import type { ServiceMigration } from '../db/migrations.ts';
import { idempotencyKeysMigration } from '../http/idempotency.ts';

/** The kit's tables in every service schema, in order; services' own migrations run after these. */
export const kitMigrations = (): ServiceMigration[] => [
  eventStoreMigration,
  snapshotsMigration,
  idempotencyKeysMigration,
  writeFunctionMigration,
];

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

/**
 * `kit_write`: an aggregate's whole write in one statement (oneStatementWrite.ts). Under the
 * stream's snapshot lock when it has one, it checks the stream is still at the version decided on:
 * if not, it writes nothing and answers the events after that version (the caller decides again on
 * them); if so, it appends the events (the writer's transaction id taken before their positions, as
 * appendToStreams does), runs the projection's statements, then the statements that must each
 * change a row (an Idempotency-Key's mark), failing with CW001 and the statement's number when one
 * changes none. Each statement inside sees the ones before it, and, after the lock, what the
 * writer before it committed.
 */
export const writeFunctionMigration: ServiceMigration = {
  name: '0000_kit_write',
  async up(db, schema) {
    const at = (name: string) => `"${schema.replaceAll('"', '""')}".${name}`;
    await sql
      .raw(`
create function ${at('kit_write')}(p_stream text, p_expected integer, p_lock boolean, p_events jsonb, p_statements text[], p_required text[])
returns jsonb language plpgsql as $kit$
declare
  current_version integer;
  written jsonb;
  affected bigint;
  stmt text;
begin
  if p_lock then
    perform 1 from ${at('snapshots')} where stream_id = p_stream for update;
  end if;
  select coalesce(max(stream_version), 0) into current_version from ${at('event_store')} where stream_id = p_stream;
  if current_version <> p_expected then
    return jsonb_build_object('stale', true, 'events', coalesce(
      (select jsonb_agg(to_jsonb(e) order by e.stream_version) from ${at('event_store')} e where e.stream_id = p_stream and e.stream_version > p_expected),
      '[]'::jsonb));
  end if;
  with writer as materialized (select pg_current_xact_id() as id),
  inserted as (
    insert into ${at('event_store')} (stream_id, stream_version, event_id, type, version, data, metadata, occurred_at)
    select r.stream_id, r.stream_version, r.event_id, r.type, r.version, r.data, r.metadata, r.occurred_at
    from writer, jsonb_to_recordset(p_events)
      as r(stream_id text, stream_version integer, event_id uuid, type text, version integer, data jsonb, metadata jsonb, occurred_at timestamptz)
    where writer.id is not null
    returning *)
  select jsonb_agg(to_jsonb(i) order by i.global_position) into written from inserted i;
  foreach stmt in array p_statements loop
    execute stmt;
  end loop;
  for n in 1 .. coalesce(array_length(p_required, 1), 0) loop
    execute p_required[n];
    get diagnostics affected = row_count;
    if affected = 0 then
      raise exception 'kit_write: required statement % changed no row', n using errcode = 'CW001', detail = n::text;
    end if;
  end loop;
  return jsonb_build_object('stale', false, 'events', written);
end
$kit$`)
      .execute(db);
  },
};
