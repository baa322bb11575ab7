import { randomUUID } from 'node:crypto';
import type { EventMetadata } from '@commonwork/contracts';
import { sql } from 'kysely';
import type { AnyDb } from '../db/database.ts';
import { StaleVersion } from '../errors.ts';

/** A domain event as a service decides it: a type and its data. */
export interface DomainEvent {
  type: string;
  data: unknown;
}

/** An event as the store keeps it. */
export interface StoredEvent<E extends DomainEvent = DomainEvent> {
  globalPosition: number;
  streamId: string;
  streamVersion: number;
  eventId: string;
  type: E['type'];
  version: number;
  data: E['data'];
  metadata: EventMetadata;
  occurredAt: Date;
}

interface EventStoreRow {
  global_position: string | number | bigint;
  stream_id: string;
  stream_version: number;
  event_id: string;
  type: string;
  version: number;
  data: unknown;
  metadata: EventMetadata;
  occurred_at: Date;
}

export interface EventStoreTables {
  event_store: EventStoreRow;
}
type Db = AnyDb;

const toStored = <E extends DomainEvent>(row: EventStoreRow): StoredEvent<E> => ({
  globalPosition: Number(row.global_position),
  streamId: row.stream_id,
  streamVersion: row.stream_version,
  eventId: row.event_id,
  type: row.type,
  version: row.version,
  data: row.data as E['data'],
  metadata: row.metadata,
  occurredAt: new Date(row.occurred_at),
});

/** Reads one stream in version order. */
export async function readStream<E extends DomainEvent>(db: Db, streamId: string): Promise<StoredEvent<E>[]> {
  const rows = await db.selectFrom('event_store').selectAll().where('stream_id', '=', streamId).orderBy('stream_version').execute();
  return rows.map((row) => toStored<E>(row as EventStoreRow));
}

/** Reads every stream after a global position, in commit order (the outbox relay and rebuilds use it). */
export async function readAll(db: Db, afterPosition: number, limit: number): Promise<StoredEvent[]> {
  const rows = await db
    .selectFrom('event_store')
    .selectAll()
    .where('global_position', '>', afterPosition)
    .orderBy('global_position')
    .limit(limit)
    .execute();
  return rows.map((row) => toStored(row as EventStoreRow));
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
}

/**
 * Appends events at the expected version inside the caller's transaction. A concurrent writer that
 * got there first makes the unique (stream, version) constraint fail: a 409, never a silent merge.
 */
export function appendToStream(trx: Db, options: AppendOptions): Promise<StoredEvent[]> {
  const { schema, metadata, now, ...append } = options;
  return appendToStreams(trx, { schema, metadata, now, appends: [append] });
}

/**
 * Appends to many streams in one insert (seeds and imports batch through here).
 *
 * Appends of one schema are serialised with a transaction-level advisory lock, so global positions
 * become visible in commit order and the outbox relay can never skip an event that commits late.
 */
export async function appendToStreams(
  trx: Db,
  options: {
    schema: string;
    metadata: EventMetadata;
    now: Date;
    appends: { streamId: string; expectedVersion: number | 'any'; events: DomainEvent[] }[];
  },
): Promise<StoredEvent[]> {
  await sql`select pg_advisory_xact_lock(hashtext(${`event_store:${options.schema}`}))`.execute(trx);
  const metadata = JSON.stringify(options.metadata);
  const versions: number[] = [];
  for (const a of options.appends) versions.push(a.expectedVersion === 'any' ? await currentVersion(trx, a.streamId) : a.expectedVersion);
  const rows = options.appends.flatMap((append, n) =>
    append.events.map((event, i) => ({
      stream_id: append.streamId,
      stream_version: (versions[n] ?? 0) + i + 1,
      event_id: randomUUID(),
      type: event.type,
      version: 1,
      data: JSON.stringify(event.data),
      metadata,
      occurred_at: options.now,
    })),
  );
  try {
    const stored: StoredEvent[] = [];
    // 1,000 rows stay well under PostgreSQL's 65,535 parameters per statement.
    for (let i = 0; i < rows.length; i += 1_000) {
      const inserted = await trx
        .insertInto('event_store')
        .values(rows.slice(i, i + 1_000))
        .returningAll()
        .execute();
      stored.push(...inserted.map((row) => toStored(row as EventStoreRow)));
    }
    return stored;
  } catch (error) {
    if (isUniqueViolation(error, 'event_store_stream_version_unique')) throw StaleVersion();
    throw error;
  }
}

/** The version a stream is at (0 when it has no events); only meaningful under the append lock. */
async function currentVersion(trx: Db, streamId: string): Promise<number> {
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
