import type { EventMetadata } from '@commonwork/contracts';
import type { Kysely } from 'kysely';
import { AppError } from '../errors.ts';
import {
  appendToStream,
  appendToStreams,
  type DomainEvent,
  type EventVersions,
  readStream,
  type StoredEvent,
  storeOf,
} from './eventStore.ts';

/** How one aggregate is folded and decided (emmett's decider): pure functions, time and ids passed in. */
export interface Decider<S, C, E extends DomainEvent> {
  initialState: () => S;
  evolve: (state: S, event: E) => S;
  decide: (command: C, state: S) => E[];
}

/**
 * One aggregate of a service: its decider, the read tables its events fill, and how its streams are
 * named (`<name>-<id>`, which is also how a rebuild finds the projector of a stored event).
 */
export interface Aggregate<DB, S, C, E extends DomainEvent> {
  name: string;
  decider: Decider<S, C, E>;
  /** Applies new events to the read tables, in the transaction that appends them (and in rebuilds). */
  project(trx: Kysely<DB>, events: StoredEvent<E>[]): Promise<void>;
  /**
   * For hot streams (a channel's messages): keep the folded state in a snapshot row, rewritten at
   * least every this many events. Writers lock that row, so writers of one stream queue instead
   * of conflicting, and a decision folds only the events after the snapshot. The state must be
   * plain JSON. Default: no snapshot; the stream is folded whole and a concurrent writer gets 409.
   */
  snapshotEvery?: number;
  /** Decide again on a fresh state this many times when a concurrent writer got there first; default 0. */
  retries?: number;
  /** Schema versions of the stored events; default 1 for each type. */
  versions?: EventVersions<E>;
}

/** Declares an aggregate; the types of its decider flow to `project` and to callers. */
export const defineAggregate = <DB, S, C, E extends DomainEvent>(aggregate: Aggregate<DB, S, C, E>) => aggregate;

/** The stream of one aggregate instance. */
export const streamIdOf = (aggregate: { name: string }, id: string) => `${aggregate.name}-${id}`;

/** An aggregate bound to a service's database: the whole write path of ARCHITECTURE §3 in one call. */
export interface AggregateStore<S, C, E extends DomainEvent, DB = unknown> {
  /**
   * Loads the instance (snapshot and/or fold), decides, appends with optimistic concurrency and
   * projects in one transaction, then wakes the outbox. Returns the state after the new events.
   */
  handle(id: string, command: C, metadata: EventMetadata): Promise<{ state: S; events: StoredEvent<E>[] }>;
  /**
   * The same, inside a transaction the caller holds (an event handler's, so its reaction and the
   * consumer's dedupe commit together). No retries: a conflict fails the transaction, and the
   * redelivered event decides again. The outbox finds the events on its next poll.
   */
  handleIn(trx: Kysely<DB>, id: string, command: C, metadata: EventMetadata): Promise<{ state: S; events: StoredEvent<E>[] }>;
}

export interface AggregateBinding<DB> {
  db: Kysely<DB>;
  /** The service's schema (the append lock is per schema). */
  schema: string;
  /** Called after each commit that appended events (the outbox relay's wake-up). */
  afterCommit: () => void;
}

export function bindAggregate<DB, S, C, E extends DomainEvent>(
  binding: AggregateBinding<DB>,
  aggregate: Aggregate<DB, S, C, E>,
): AggregateStore<S, C, E, DB> {
  const fold = (state: S, events: StoredEvent<E>[]) => events.reduce((s, e) => aggregate.decider.evolve(s, toDomainEvent(e)), state);

  /** The state to decide on and the version it was read at; with a snapshot, the row is locked first. */
  const loadInTransaction = async (trx: Kysely<DB>, streamId: string) => {
    const store = storeOf(trx);
    // A statement of its own before the events are read: after waiting for the lock, the next
    // statement sees what the writer before us committed.
    const snapshot = aggregate.snapshotEvery
      ? await store.selectFrom('snapshots').select(['version', 'state']).where('stream_id', '=', streamId).forUpdate().executeTakeFirst()
      : undefined;
    const from = snapshot
      ? { state: snapshot.state as S, version: snapshot.version }
      : { state: aggregate.decider.initialState(), version: 0 };
    const later = await readStream<E>(store, streamId, from.version);
    return { state: fold(from.state, later), version: later.at(-1)?.streamVersion ?? from.version, snapshotVersion: snapshot?.version };
  };

  const decideIn = async (trx: Kysely<DB>, id: string, command: C, metadata: EventMetadata) => {
    const streamId = streamIdOf(aggregate, id);
    const now = new Date();
    const loaded = await loadInTransaction(trx, streamId);
    const decided = aggregate.decider.decide(command, loaded.state);
    const state = decided.reduce(aggregate.decider.evolve, loaded.state);
    if (decided.length === 0) return { state, events: [] as StoredEvent<E>[] };
    const store = storeOf(trx);
    const events = (await appendToStream(store, {
      schema: binding.schema,
      streamId,
      expectedVersion: loaded.version,
      events: decided,
      metadata,
      now,
      versions: aggregate.versions,
    })) as StoredEvent<E>[];
    await aggregate.project(trx, events);
    const version = loaded.version + events.length;
    const every = aggregate.snapshotEvery;
    if (every && (loaded.snapshotVersion === undefined || version - loaded.snapshotVersion >= every)) {
      const row = { version, state: JSON.stringify(state) };
      await store
        .insertInto('snapshots')
        .values({ stream_id: streamId, ...row })
        .onConflict((oc) => oc.column('stream_id').doUpdateSet(row))
        .execute();
    }
    return { state, events };
  };

  const attempt = async (id: string, command: C, metadata: EventMetadata) => {
    const result = await binding.db.transaction().execute((trx) => decideIn(trx, id, command, metadata));
    if (result.events.length > 0) binding.afterCommit();
    return result;
  };

  return {
    async handle(id, command, metadata) {
      for (let tries = 0; ; tries++) {
        try {
          return await attempt(id, command, metadata);
        } catch (error) {
          const stale = error instanceof AppError && error.code === 'STALE_VERSION';
          if (!stale || tries >= (aggregate.retries ?? 0)) throw error;
        }
      }
    },
    handleIn: decideIn,
  };
}

/** The domain event inside a stored one (what `evolve` folds). */
export const toDomainEvent = <E extends DomainEvent>(stored: StoredEvent<E>) => ({ type: stored.type, data: stored.data }) as E;

/**
 * Appends events to many instances of one aggregate in one statement and projects them, inside
 * the caller's transaction: seeds and imports, which write thousands of streams at once.
 */
export async function importEvents<DB, S, C, E extends DomainEvent>(
  trx: Kysely<NoInfer<DB>>,
  aggregate: Aggregate<DB, S, C, E>,
  options: { schema: string; metadata: EventMetadata; now: Date; appends: { id: string; expectedVersion: number; events: E[] }[] },
): Promise<StoredEvent<E>[]> {
  const { appends, ...rest } = options;
  const events = (await appendToStreams(storeOf(trx), {
    ...rest,
    versions: aggregate.versions,
    appends: appends.map((a) => ({ streamId: streamIdOf(aggregate, a.id), expectedVersion: a.expectedVersion, events: a.events })),
  })) as StoredEvent<E>[];
  await aggregate.project(trx, events);
  return events;
}
