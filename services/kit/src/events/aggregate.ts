import type { EventMetadata } from '@commonwork/contracts';
import type { Kysely } from 'kysely';
import { type CommitHook, currentCommitHooks, withCommitHooks } from '../db/commitHooks.ts';
import { AppError, Busy } from '../errors.ts';
import { appendToStreams, type DomainEvent, type EventVersions, readStream, readStreams, type StoredEvent, storeOf } from './eventStore.ts';

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
  /**
   * Commands for one instance that arrive while its transaction runs are decided together in the
   * next one (group commit). For streams that take bursts (a popular event's registrations); each
   * command still gets its own answer or error. Within one process; replicas queue on the lock.
   */
  groupCommit?: boolean;
  /**
   * With `groupCommit`: the most commands one instance holds waiting in this process. One more is
   * refused at once with 503 `BUSY` (the caller may try again), rather than waiting ever longer
   * behind a queue the instance cannot drain. Default 1,000.
   */
  queueLimit?: number;
  /** Schema versions of the stored events; default 1 for each type. */
  versions?: EventVersions<E>;
}

/** Declares an aggregate; the types of its decider flow to `project` and to callers. */
export const defineAggregate = <DB, S, C, E extends DomainEvent>(aggregate: Aggregate<DB, S, C, E>) => aggregate;

/** The stream of one aggregate instance. */
export const streamIdOf = (aggregate: { name: string }, id: string) => `${aggregate.name}-${id}`;

/** An aggregate bound to a service's database: the whole write path (docs/architecture.md, 'Writing') in one call. */
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
  /**
   * Many decisions on several instances inside the caller's transaction, as one write: the streams
   * read in one query, each turn decided in order on the state the turns before it left (a turn may
   * name an instance an earlier one changed), every event appended in one statement and projected in
   * one call. A turn's decision is its own function (it builds its command when its turn comes, so it
   * can carry what the earlier ones decided); one that throws gets its error and writes nothing, the
   * others go on. No retries, as `handleIn`; for aggregates without snapshots.
   */
  handleAllIn(trx: Kysely<DB>, turns: readonly Turn<S, E>[]): Promise<Outcome<S, E>[]>;
}

/** One decision of `handleAllIn`: on which instance, with which metadata, and how it decides on that instance's state. */
export interface Turn<S, E extends DomainEvent> {
  id: string;
  metadata: EventMetadata;
  decide: (state: S) => E[];
}

/** A command or turn decided in a batch: its events and the version its stream stood at before them, or its refusal. */
type Decision<S, E> =
  | { ok: true; streamId: string; state: S; decided: E[]; metadata: EventMetadata; after: number }
  | { ok: false; error: unknown };

export interface AggregateBinding<DB> {
  db: Kysely<DB>;
  /** The service's schema, where its event store is. */
  schema: string;
  /** Called after each commit that appended events (the outbox relay's wake-up). */
  afterCommit: () => void;
}

export function bindAggregate<DB, S, C, E extends DomainEvent>(
  binding: AggregateBinding<DB>,
  aggregate: Aggregate<DB, S, C, E>,
): AggregateStore<S, C, E, DB> {
  const fold = (state: S, events: StoredEvent<E>[]) => events.reduce((s, e) => aggregate.decider.evolve(s, toDomainEvent(e)), state);

  /**
   * Appends the decided events of every decision in one statement, each with its own metadata, and
   * hands each decision its stored events: the insert returns its rows in the order given.
   */
  const appendDecisions = async (store: ReturnType<typeof storeOf>, decisions: readonly Decision<S, E>[], now: Date) => {
    const appends = decisions.flatMap((d) =>
      d.ok && d.decided.length > 0 ? [{ streamId: d.streamId, expectedVersion: d.after, events: d.decided, metadata: d.metadata }] : [],
    );
    const stored = appends.length
      ? ((await appendToStreams(store, {
          schema: binding.schema,
          metadata: appends[0]?.metadata as EventMetadata,
          now,
          versions: aggregate.versions,
          appends,
        })) as StoredEvent<E>[])
      : [];
    let taken = 0;
    const outcomes: Outcome<S, E>[] = decisions.map((d) => {
      if (!d.ok) return d;
      const events = stored.slice(taken, taken + d.decided.length);
      taken += d.decided.length;
      return { ok: true, state: d.state, events };
    });
    return { outcomes, stored };
  };

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

  /**
   * Decides commands one after another on the state each leaves, appends each one's events with its
   * own metadata, projects them all and keeps the snapshot: one transaction for the lot. A command
   * its decider refuses gets its error; the others go on.
   */
  const decideAllIn = async (trx: Kysely<DB>, id: string, commands: readonly Queued<C>[]): Promise<Outcome<S, E>[]> => {
    const streamId = streamIdOf(aggregate, id);
    const now = new Date();
    const loaded = await loadInTransaction(trx, streamId);
    const store = storeOf(trx);
    let state = loaded.state;
    let version = loaded.version;
    const decisions: Decision<S, E>[] = [];
    for (const { command, metadata } of commands) {
      try {
        const decided = aggregate.decider.decide(command, state);
        state = decided.reduce(aggregate.decider.evolve, state);
        decisions.push({ ok: true, streamId, state, decided, metadata, after: version });
        version += decided.length;
      } catch (error) {
        decisions.push({ ok: false, error });
      }
    }
    // Every command's events in one statement, at consecutive versions.
    const { outcomes, stored } = await appendDecisions(store, decisions, now);
    if (stored.length === 0) return outcomes;
    await aggregate.project(trx, stored);
    const every = aggregate.snapshotEvery;
    if (every && (loaded.snapshotVersion === undefined || version - loaded.snapshotVersion >= every)) {
      const row = { version, state: JSON.stringify(state) };
      await store
        .insertInto('snapshots')
        .values({ stream_id: streamId, ...row })
        .onConflict((oc) => oc.column('stream_id').doUpdateSet(row))
        .execute();
    }
    return outcomes;
  };

  const decideTurnsIn = async (trx: Kysely<DB>, turns: readonly Turn<S, E>[]): Promise<Outcome<S, E>[]> => {
    if (aggregate.snapshotEvery) throw new Error(`${aggregate.name}: handleAllIn does not keep snapshots`);
    const store = storeOf(trx);
    const streamIdFor = (id: string) => streamIdOf(aggregate, id);
    const loaded = await readStreams<E>(store, [...new Set(turns.map((t) => streamIdFor(t.id)))]);
    const current = new Map<string, { state: S; version: number }>();
    for (const [streamId, events] of loaded)
      current.set(streamId, { state: fold(aggregate.decider.initialState(), events), version: events.at(-1)?.streamVersion ?? 0 });
    const decisions = turns.map((turn): Decision<S, E> => {
      const streamId = streamIdFor(turn.id);
      const before = current.get(streamId) ?? { state: aggregate.decider.initialState(), version: 0 };
      try {
        const decided = turn.decide(before.state);
        const state = decided.reduce(aggregate.decider.evolve, before.state);
        current.set(streamId, { state, version: before.version + decided.length });
        return { ok: true, streamId, state, decided, metadata: turn.metadata, after: before.version };
      } catch (error) {
        return { ok: false, error };
      }
    });
    const { outcomes, stored } = await appendDecisions(store, decisions, new Date());
    if (stored.length > 0) await aggregate.project(trx, stored);
    return outcomes;
  };

  const decideIn = async (trx: Kysely<DB>, id: string, command: C, metadata: EventMetadata) => {
    const [outcome] = await decideAllIn(trx, id, [{ command, metadata }]);
    if (!outcome) throw new Error('no outcome for a command');
    if (!outcome.ok) throw outcome.error;
    return { state: outcome.state, events: outcome.events };
  };

  /** Runs commands in one transaction, again on a concurrent writer's conflict (`retries`). */
  const attempt = async (id: string, commands: readonly Queued<C>[]) => {
    for (let tries = 0; ; tries++) {
      try {
        const outcomes = await binding.db.transaction().execute((trx) => decideAllIn(trx, id, commands));
        if (outcomes.some((o) => o.ok && o.events.length > 0)) binding.afterCommit();
        return outcomes;
      } catch (error) {
        const stale = error instanceof AppError && error.code === 'STALE_VERSION';
        if (!stale || tries >= (aggregate.retries ?? 0)) throw error;
      }
    }
  };

  /**
   * Commands for one stream that arrive while its transaction runs wait here, and the next
   * transaction decides them all (group commit): a hot stream's writers share one lock, one fold
   * and one commit instead of queueing for the lock one by one.
   */
  const waiting = new Map<string, (Queued<C> & Settle<S, E>)[]>();
  const drain = async (id: string) => {
    for (let batch = waiting.get(id); batch && batch.length > 0; batch = waiting.get(id)) {
      waiting.set(id, []);
      try {
        // The batch commits every command's write, so it carries every request's commit hooks (their idempotency keys).
        const outcomes = await withCommitHooks([...new Set(batch.flatMap((entry) => entry.hooks))], () => attempt(id, batch));
        batch.forEach((entry, i) => {
          const outcome = outcomes[i];
          if (outcome?.ok) entry.resolve({ state: outcome.state, events: outcome.events });
          else entry.reject(outcome?.error ?? new Error('no outcome for a command'));
        });
      } catch (error) {
        for (const entry of batch) entry.reject(error);
      }
    }
    waiting.delete(id);
  };

  return {
    async handle(id, command, metadata) {
      if (!aggregate.groupCommit) {
        const [outcome] = await attempt(id, [{ command, metadata }]);
        if (!outcome?.ok) throw outcome?.error ?? new Error('no outcome for a command');
        return { state: outcome.state, events: outcome.events };
      }
      return new Promise((resolve, reject) => {
        const queued = waiting.get(id);
        if (queued && queued.length >= (aggregate.queueLimit ?? 1_000)) {
          reject(Busy());
          return;
        }
        const hooks = currentCommitHooks();
        if (queued) {
          queued.push({ command, metadata, hooks, resolve, reject });
          return;
        }
        waiting.set(id, [{ command, metadata, hooks, resolve, reject }]);
        // The first transaction starts once this turn's other callbacks (requests read from other
        // sockets) have run, so they join it. Started at once on PGlite, which answers within the
        // process, it would commit before the next request was read: nothing would ever be grouped
        // or queued, and the queue's bound would never apply.
        setImmediate(() => void drain(id));
      });
    },
    handleIn: decideIn,
    handleAllIn: decideTurnsIn,
  };
}

interface Queued<C> {
  command: C;
  metadata: EventMetadata;
}
interface Settle<S, E extends DomainEvent> {
  /** The commit hooks of the request that queued the command. */
  hooks: readonly CommitHook[];
  resolve: (result: { state: S; events: StoredEvent<E>[] }) => void;
  reject: (error: unknown) => void;
}
/** What one command or turn came to: its events and the state after them, or the error it was refused with. */
export type Outcome<S, E extends DomainEvent> = { ok: true; state: S; events: StoredEvent<E>[] } | { ok: false; error: unknown };

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
