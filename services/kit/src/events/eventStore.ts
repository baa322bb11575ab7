import { randomUUID } from 'node:crypto';
import type { EventMetadata } from '@commonwork/contracts';
import type { ColumnType, Generated, Kysely, Selectable, Transaction } from 'kysely';
import { sql } from 'kysely';
import { StaleVersion } from '../errors.ts';

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
const toStored = <E extends DomainEvent>(row: Selectable<EventStoreRow>) =>
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

/** Reads every stream after a global position, in commit order (the outbox relay and rebuilds use it). */
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
 * Appends of one schema are serialised with a transaction-level advisory lock, so global positions
 * become visible in commit order and the outbox relay can never skip an event that commits late.
 */
export async function appendToStreams(
  trx: Store,
  options: {
    schema: string;
    metadata: EventMetadata;
    now: Date;
    versions?: EventVersions<DomainEvent> | undefined;
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
      version: options.versions?.[event.type] ?? 1,
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
      stored.push(...inserted.map((row) => toStored(row)));
    }
    return stored;
  } catch (error) {
    if (isUniqueViolation(error, 'event_store_stream_version_unique')) throw StaleVersion();
    throw error;
  }
}

/** The version a stream is at (0 when it has no events); only meaningful under the append lock. */
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
