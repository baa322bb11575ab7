import { randomUUID } from 'node:crypto';
import type { EventMetadata } from '@commonwork/contracts';
import type { ColumnType, Generated, Kysely, Selectable, Transaction } from 'kysely';
import { sql } from 'kysely';
import { precompiled } from '../db/precompiled.ts';
import { StaleVersion } from '../errors.ts';
import { metric, metricsOn, secondsSince } from '../metrics.ts';
import { withTrace } from '../tracing.ts';

/** A domain event as a service decides it: a type and its data. */
export interface DomainEvent {
  type: string;
  data: unknown;
}

interface StoredFields {
  globalPosition: number;
  streamId: string;
  streamVersion: number;
  eventId: string;
  /** The schema version of this event's data, as it was written. */
  version: number;
  metadata: EventMetadata;
  occurredAt: Date;
}

/**
 * An event as the store keeps it. Distributes over a union of events, so `switch (stored.type)`
 * narrows `stored.data` the way it narrows a domain event.
 */
export type StoredEvent<E extends DomainEvent = DomainEvent> = E extends DomainEvent
  ? StoredFields & { type: E['type']; data: E['data'] }
  : never;

/** The schema version each stored event type is written with; a type not named is at version 1. */
export type EventVersions<E extends DomainEvent> = { readonly [T in E['type']]?: number };

interface EventStoreRow {
  global_position: Generated<string | number | bigint>;
  stream_id: string;
  stream_version: number;
  event_id: string;
  type: string;
  version: number;
  // Written as JSON text, read back parsed (jsonb).
  data: ColumnType<unknown, string, never>;
  metadata: ColumnType<EventMetadata, string, never>;
  occurred_at: Date;
}

/** The tables the kit keeps in every service's schema (ARCHITECTURE §3). */
export interface EventStoreTables {
  event_store: EventStoreRow;
  outbox_position: { name: string; position: string | number | bigint };
  processed_events: { consumer: string; event_id: string };
  /** The folded state of a hot stream at a version, written in the transaction of its events. */
  snapshots: { stream_id: string; version: number; state: unknown };
}
type Store = Kysely<EventStoreTables>;

/**
 * The kit's tables in a service's handle or transaction (same schema, same connection). The one
 * place the kit re-types a handle: a service's `Kysely<DB>` holds these tables too, but its type
 * does not name them, and Kysely's `withTables` does not resolve over a generic `DB`.
 */
export const storeOf = <DB>(db: Kysely<DB> | Transaction<DB>): Store => db as unknown as Store;

// The store is where a service's own event types come back in: it wrote them, so it trusts them.
export const toStored = <E extends DomainEvent>(row: Selectable<EventStoreRow>) =>
  ({
    globalPosition: Number(row.global_position),
    streamId: row.stream_id,
    streamVersion: row.stream_version,
    eventId: row.event_id,
    type: row.type,
    version: row.version,
    data: row.data,
    metadata: row.metadata,
    occurredAt: new Date(row.occurred_at),
  }) as StoredEvent<E>;

/** Reads one stream in version order, from just after `afterVersion` (default: the whole stream). */
export async function readStream<E extends DomainEvent>(db: Store, streamId: string, afterVersion = 0): Promise<StoredEvent<E>[]> {
  const rows = await db
    .selectFrom('event_store')
    .selectAll()
    .where('stream_id', '=', streamId)
    .where('stream_version', '>', afterVersion)
    .orderBy('stream_version')
    .execute();
  return rows.map((row) => toStored<E>(row));
}

/**
 * Reads several streams in one query: each one's events in version order, by stream id; whole, or
 * from just after the version `after` gives a stream (a snapshot's).
 */
export async function readStreams<E extends DomainEvent>(
  db: Store,
  streamIds: readonly string[],
  after?: ReadonlyMap<string, number>,
): Promise<Map<string, StoredEvent<E>[]>> {
  const streams = new Map<string, StoredEvent<E>[]>(streamIds.map((id) => [id, []]));
  if (streamIds.length === 0) return streams;
  const rows = await db
    .selectFrom('event_store')
    .selectAll()
    .where((eb) => {
      const whole = [...streams.keys()].filter((id) => !after?.has(id));
      const later = [...streams.keys()].flatMap((id) => {
        const version = after?.get(id);
        return version === undefined ? [] : [eb.and([eb('stream_id', '=', id), eb('stream_version', '>', version)])];
      });
      return eb.or([...(whole.length ? [eb('stream_id', 'in', whole)] : []), ...later]);
    })
    .orderBy('stream_id')
    .orderBy('stream_version')
    .execute();
  for (const row of rows) streams.get(row.stream_id)?.push(toStored<E>(row));
  return streams;
}

/**
 * Reads every stream after a global position, in position order: one stream's events in version
 * order; across streams, a position may commit after higher ones (rebuilds read when writes are done).
 */
export async function readAll(db: Store, afterPosition: number, limit: number): Promise<StoredEvent[]> {
  const rows = await db
    .selectFrom('event_store')
    .selectAll()
    .where('global_position', '>', afterPosition)
    .orderBy('global_position')
    .limit(limit)
    .execute();
  return rows.map((row) => toStored(row));
}

/**
 * Events after a position in position order, with the bounds of the snapshot that read them:
 * every transaction below `runningFrom` had ended, none from `runningTo` on had begun.
 */
export interface SnapshotRead {
  events: StoredEvent[];
  runningFrom: bigint;
  runningTo: bigint;
}

/** `readAll` and the reading snapshot's bounds, in one statement (the outbox relay's read; see commitOrder.ts). */
/** The relay's read of each round, precompiled: every write of every service is followed by one. */
const eventsAfter = precompiled((db: Store, { afterPosition, limit }: { afterPosition: number; limit: number }) =>
  db
    .selectFrom('event_store')
    .selectAll()
    .select([
      sql<string>`pg_snapshot_xmin(pg_current_snapshot())::text`.as('running_from'),
      sql<string>`pg_snapshot_xmax(pg_current_snapshot())::text`.as('running_to'),
    ])
    .where('global_position', '>', afterPosition)
    .orderBy('global_position')
    .limit(limit),
);

export async function readWithSnapshot(db: Store, afterPosition: number, limit: number): Promise<SnapshotRead> {
  const { rows } = await eventsAfter.execute(db, { afterPosition, limit });
  const first = rows[0];
  return {
    events: rows.map((row) => toStored(row)),
    runningFrom: BigInt(first?.running_from ?? 0),
    runningTo: BigInt(first?.running_to ?? 0),
  };
}

export interface AppendOptions {
  schema: string;
  streamId: string;
  /**
   * The stream version the decision was made on (0 for a new stream), or 'any' for streams whose
   * events never conflict (a user's read marks): appended after whatever is there.
   */
  expectedVersion: number | 'any';
  events: DomainEvent[];
  metadata: EventMetadata;
  now: Date;
  /** Schema versions of the appended types; default 1. */
  versions?: EventVersions<DomainEvent>;
}

/**
 * Appends events at the expected version inside the caller's transaction. A concurrent writer that
 * got there first makes the unique (stream, version) constraint fail: a 409, never a silent merge.
 */
export function appendToStream(trx: Store, options: AppendOptions): Promise<StoredEvent[]> {
  const { schema, metadata, now, versions, ...append } = options;
  return appendToStreams(trx, { schema, metadata, now, versions, appends: [append] });
}

/**
 * Appends to many streams in one insert (seeds and imports batch through here).
 *
 * Appends to different streams commit in parallel: no lock is shared by a schema's writers. Writers
 * of one stream are ordered by the unique (stream, version) index, and appends at `'any'` by a lock
 * on their stream. Global positions are therefore handed out in stream order but may become visible
 * out of order across streams (a lower position whose transaction commits later); `readCommitted`
 * is how the relay reads past such gaps without skipping an event that commits late.
 */
export async function appendToStreams(
  trx: Store,
  options: {
    schema: string;
    metadata: EventMetadata;
    now: Date;
    versions?: EventVersions<DomainEvent> | undefined;
    /** Each append may carry its own metadata (a group commit's commands); default `metadata`. */
    appends: { streamId: string; expectedVersion: number | 'any'; events: DomainEvent[]; metadata?: EventMetadata }[];
  },
): Promise<StoredEvent[]> {
  const started = metricsOn() ? performance.now() : 0;
  const anyVersion = [...new Set(options.appends.filter((a) => a.expectedVersion === 'any').map((a) => a.streamId))].sort();
  // Sorted, so two transactions appending to the same streams take their locks in one order.
  for (const streamId of anyVersion)
    await sql`select pg_advisory_xact_lock(hashtext(${`event_store:${options.schema}:${streamId}`}))`.execute(trx);
  const versions: number[] = [];
  for (const a of options.appends) versions.push(a.expectedVersion === 'any' ? await currentVersion(trx, a.streamId) : a.expectedVersion);
  const rows = eventRows({ ...options, appends: options.appends.map((a, n) => ({ ...a, expectedVersion: versions[n] ?? 0 })) });
  try {
    // The writer's transaction id is taken before the first position is (the join needs it first):
    // the relay relies on a transaction holding a position being visible in every later snapshot.
    // Rows keep their array order, so one stream's events take positions in version order.
    const { rows: inserted } = await sql<Selectable<EventStoreRow>>`
      with writer as materialized (select pg_current_xact_id() as id)
      insert into ${sql.table(`${options.schema}.event_store`)} (stream_id, stream_version, event_id, type, version, data, metadata, occurred_at)
      select r.stream_id, r.stream_version, r.event_id, r.type, r.version, r.data, r.metadata, r.occurred_at
      from writer, jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as r(stream_id text, stream_version integer, event_id uuid, type text, version integer, data jsonb, metadata jsonb, occurred_at timestamptz)
      where writer.id is not null
      returning *`.execute(trx);
    if (metricsOn()) {
      metric.appendDuration.record(secondsSince(started), { service: options.schema });
      metric.appendedEvents.add(inserted.length, { service: options.schema });
    }
    return inserted.map((row) => toStored(row));
  } catch (error) {
    if (isUniqueViolation(error, 'event_store_stream_version_unique')) throw StaleVersion();
    throw error;
  }
}

/** A row of the event store as written, before the database gives it a position. */
export type EventRow = Omit<Selectable<EventStoreRow>, 'global_position' | 'data' | 'metadata'> & {
  data: unknown;
  metadata: EventMetadata;
};

/** The rows of appends at known versions: fresh ids, each event's schema version, the appender's trace in its metadata. */
export function eventRows(options: {
  metadata: EventMetadata;
  now: Date;
  versions?: EventVersions<DomainEvent> | undefined;
  appends: readonly { streamId: string; expectedVersion: number; events: DomainEvent[]; metadata?: EventMetadata }[];
}): EventRow[] {
  return options.appends.flatMap((append) =>
    append.events.map((event, i) => ({
      stream_id: append.streamId,
      stream_version: append.expectedVersion + i + 1,
      event_id: randomUUID(),
      type: event.type,
      version: options.versions?.[event.type] ?? 1,
      data: event.data,
      // The trace of what appends (the request, a consumer's handling), kept for the relay's later publish.
      metadata: withTrace(append.metadata ?? options.metadata),
      occurred_at: options.now,
    })),
  );
}

/** The version a stream is at (0 when it has no events); only meaningful under the stream's lock. */
async function currentVersion(trx: Store, streamId: string): Promise<number> {
  const row = await trx
    .selectFrom('event_store')
    .select((eb) => eb.fn.max('stream_version').as('version'))
    .where('stream_id', '=', streamId)
    .executeTakeFirst();
  return Number(row?.version ?? 0);
}

/** True for PostgreSQL's unique violation (23505), optionally on one named constraint. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = error as { code?: string; constraint?: string; message?: string } | null;
  if (e?.code !== '23505') return false;
  return !constraint || e.constraint === constraint || (e.message ?? '').includes(constraint);
}
