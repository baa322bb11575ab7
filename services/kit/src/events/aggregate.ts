import type { EventMetadata } from '@commonwork/contracts';
import { CompiledQuery, type Kysely } from 'kysely';
import { type CommitHook, currentCommitHooks, withCommitHooks } from '../db/commitHooks.ts';
import { AppError, Busy } from '../errors.ts';
import { metric, metricsOn, secondsSince } from '../metrics.ts';
import {
  appendToStreams,
  type DomainEvent,
  type EventRow,
  type EventVersions,
  eventRows,
  readStream,
  readStreams,
  type StoredEvent,
  storeOf,
  toStored,
} from './eventStore.ts';
import { inline, NeedsTransaction, type RequiredStatement, recordingHandle, writeInOneStatement } from './oneStatementWrite.ts';

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
   * projects in one transaction, then wakes the outbox. Returns the state after the new events and,
   * with `answer`, what the request answers: built from the decided events before they are written,
   * so an Idempotency-Key's record keeps it in the write's own statement (a route that declares it
   * with registerRoute's `answeredByWrite` then records its key in no statement of its own).
   */
  handle<A = undefined>(
    id: string,
    command: C,
    metadata: EventMetadata,
    options?: { answer?: (result: Handled<S, E>) => A; known?: Known<S> },
  ): Promise<Handled<S, E> & { answer: A }>;
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
   * others go on. No retries, as `handleIn`. Hot streams (`snapshotEvery`) lock every snapshot row in
   * one statement and fold from them; their snapshots are kept in one statement after the append.
   */
  handleAllIn(trx: Kysely<DB>, turns: readonly Turn<S, E>[]): Promise<Outcome<S, E>[]>;
}

/**
 * The instance's state as the caller already read it, with the stream version it stands at: a read
 * model its projection writes in the same statement as the events (a message's row), read by the
 * route anyway. The one-statement write decides from it instead of reading the stream again; one
 * that is stale meanwhile is caught by the write's version check, as another writer's events are.
 * Not for streams with a snapshot or group commit, whose writes start from their own reads.
 */
export interface Known<S> {
  state: S;
  version: number;
}

/** A command's result: the state after its events, and the events. */
export interface Handled<S, E extends DomainEvent> {
  state: S;
  events: StoredEvent<E>[];
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

/** How many times a one-statement write decides again on another writer's events before it takes the lock instead. */
const STALE_ROUNDS = 3;

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

  /** Decides commands one after another on the state each leaves; a command its decider refuses gets its error. */
  const decideEach = (streamId: string, commands: readonly Command<C>[], from: S, fromVersion: number) => {
    let state = from;
    let version = fromVersion;
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
    return { decisions, state, version };
  };

  /**
   * Decides commands one after another on the state each leaves, appends each one's events with its
   * own metadata, projects them all and keeps the snapshot: one transaction for the lot. A command
   * its decider refuses gets its error; the others go on.
   */
  const decideAllIn = async (trx: Kysely<DB>, id: string, commands: readonly Command<C>[]): Promise<Outcome<S, E>[]> => {
    const streamId = streamIdOf(aggregate, id);
    const now = new Date();
    const loaded = await loadInTransaction(trx, streamId);
    const store = storeOf(trx);
    const { decisions, state, version } = decideEach(streamId, commands, loaded.state, loaded.version);
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
    const store = storeOf(trx);
    const streamIdFor = (id: string) => streamIdOf(aggregate, id);
    const streamIds = [...new Set(turns.map((t) => streamIdFor(t.id)))].sort();
    const every = aggregate.snapshotEvery;
    // Hot streams: every snapshot row locked in one statement, in stream order (two batches never
    // wait on each other in a cycle), before the events after them are read in the next statement.
    const snapshots =
      every && streamIds.length > 0
        ? await store
            .selectFrom('snapshots')
            .select(['stream_id', 'version', 'state'])
            .where('stream_id', 'in', streamIds)
            .orderBy('stream_id')
            .forUpdate()
            .execute()
        : [];
    const snapshotVersions = new Map(snapshots.map((s) => [s.stream_id, s.version]));
    const loaded = await readStreams<E>(store, streamIds, snapshotVersions);
    const current = new Map<string, { state: S; version: number }>();
    for (const snapshot of snapshots) current.set(snapshot.stream_id, { state: snapshot.state as S, version: snapshot.version });
    for (const [streamId, events] of loaded) {
      const from = current.get(streamId) ?? { state: aggregate.decider.initialState(), version: 0 };
      current.set(streamId, { state: fold(from.state, events), version: events.at(-1)?.streamVersion ?? from.version });
    }
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
    if (stored.length === 0) return outcomes;
    await aggregate.project(trx, stored);
    if (every) {
      // As one decision would: a stream written here gets its snapshot row at its first write and every `every` events after.
      const due = [...new Set(stored.map((e) => e.streamId))].flatMap((streamId) => {
        const at = current.get(streamId);
        const last = snapshotVersions.get(streamId);
        return at && (last === undefined || at.version - last >= every)
          ? [{ stream_id: streamId, version: at.version, state: JSON.stringify(at.state) }]
          : [];
      });
      if (due.length > 0)
        await store
          .insertInto('snapshots')
          .values(due)
          .onConflict((oc) =>
            oc.column('stream_id').doUpdateSet((eb) => ({ version: eb.ref('excluded.version'), state: eb.ref('excluded.state') })),
          )
          .execute();
    }
    return outcomes;
  };

  const decideIn = async (trx: Kysely<DB>, id: string, command: C, metadata: EventMetadata) => {
    const [outcome] = await decideAllIn(trx, id, [{ command, metadata }]);
    if (!outcome) throw new Error('no outcome for a command');
    if (!outcome.ok) throw outcome.error;
    return { state: outcome.state, events: outcome.events };
  };

  const store = storeOf(binding.db);
  const schemaName = `"${binding.schema.replaceAll('"', '""')}"`;
  // Both precompiled: one statement, nothing built per call.
  const loadQuery = aggregate.snapshotEvery
    ? `select s.version as snapshot_version, s.state as snapshot_state, e.* from (select 1) as one
       left join ${schemaName}.snapshots s on s.stream_id = $1
       left join ${schemaName}.event_store e on e.stream_id = $1 and e.stream_version > coalesce(s.version, 0)
       order by e.stream_version`
    : `select * from ${schemaName}.event_store where stream_id = $1 order by stream_version`;

  /** The state to decide on, read in one statement without a lock (`kit_write` checks the version). */
  const loadUnlocked = async (streamId: string) => {
    type Row = Parameters<typeof toStored>[0] & { snapshot_version?: number | null; snapshot_state?: unknown };
    const { rows } = await binding.db.executeQuery<Row>(CompiledQuery.raw(loadQuery, [streamId]));
    const first = rows[0];
    const snapshotVersion = first?.snapshot_version ?? undefined;
    const from =
      snapshotVersion !== undefined
        ? { state: first?.snapshot_state as S, version: snapshotVersion }
        : { state: aggregate.decider.initialState(), version: 0 };
    const events = rows.filter((row) => row.global_position !== null).map((row) => toStored<E>(row));
    return { state: fold(from.state, events), version: events.at(-1)?.streamVersion ?? from.version, snapshotVersion };
  };

  /** The event types whose projection reads (it cannot be recorded): writes of them take the transaction path. */
  const readingProjections = new Set<string>();

  /**
   * Decides and writes in one statement (oneStatementWrite.ts): read, decide, then `kit_write`; when
   * the stream moved on meanwhile, decides again on the events it answers. Each command carries its
   * request's commit hooks' statements (an Idempotency-Key's record, with the answer its route
   * declared): one that changes no row (the key is another request's) refuses that command alone,
   * and the others are written without it. `transaction` when the write needs the transaction path
   * (a projection that reads, a commit hook with no statement of its own, a stream that keeps moving).
   */
  const decideInOneStatement = async (
    id: string,
    queued: readonly Queued<S, C, E>[],
    known: Known<S> | undefined,
  ): Promise<{ outcomes: Outcome<S, E>[] } | { transaction: true; refused: ReadonlyMap<number, unknown> }> => {
    const refused = new Map<number, unknown>();
    if (queued.some((q) => q.hooks.some((hook) => !hook.inWrite))) return { transaction: true, refused };
    const streamId = streamIdOf(aggregate, id);
    const loaded = known ? { ...known, snapshotVersion: undefined } : await loadUnlocked(streamId);
    let { state: start, version: startVersion } = loaded;
    /** The outcomes in the commands' order: the refused ones' refusals, the others' from `live`. */
    const inOrder = (live: readonly number[], outcomes: readonly Outcome<S, E>[]) => {
      const byIndex = new Map(live.map((i, k) => [i, outcomes[k] as Outcome<S, E>]));
      return queued.map((_, i): Outcome<S, E> => byIndex.get(i) ?? { ok: false, error: refused.get(i) });
    };
    // A stream other replicas keep writing: after a few lost races, the transaction path queues on the lock instead.
    for (let stale = 0; stale < STALE_ROUNDS; ) {
      const live = queued.flatMap((_, i) => (refused.has(i) ? [] : [i]));
      const commands = live.map((i) => queued[i] as Queued<S, C, E>);
      const now = new Date();
      const { decisions, state, version } = decideEach(streamId, commands, start, startVersion);
      const appends = decisions.flatMap((d) =>
        d.ok && d.decided.length > 0 ? [{ streamId, expectedVersion: d.after, events: d.decided, metadata: d.metadata }] : [],
      );
      if (appends.length === 0)
        return {
          outcomes: inOrder(
            live,
            decisions.map((d) => (d.ok ? { ok: true, state: d.state, events: [] } : d)),
          ),
        };
      const rows = eventRows({ metadata: appends[0]?.metadata as EventMetadata, now, versions: aggregate.versions, appends });
      const kinds = [...new Set(rows.map((row) => row.type))].sort().join(' ');
      if (readingProjections.has(kinds)) return { transaction: true, refused };
      const events = rows.map((row) => provisional<E>(row));
      const statements: string[] = [];
      try {
        await aggregate.project(recordingHandle(binding.db, statements), events);
      } catch (error) {
        if (!(error instanceof NeedsTransaction)) throw error;
        readingProjections.add(kinds);
        return { transaction: true, refused };
      }
      const every = aggregate.snapshotEvery;
      if (every && (loaded.snapshotVersion === undefined || version - loaded.snapshotVersion >= every)) {
        const row = { version, state: JSON.stringify(state) };
        statements.push(
          inline(
            store
              .insertInto('snapshots')
              .values({ stream_id: streamId, ...row })
              .onConflict((oc) => oc.column('stream_id').doUpdateSet(row))
              .compile(),
          ),
        );
      }
      // Each command's answer (from its events as the store will give them back) and its hooks' statements.
      const answers: ({ body: unknown } | undefined)[] = [];
      const required: (RequiredStatement & { refusal: () => Error; command: number })[] = [];
      let taken = 0;
      decisions.forEach((d, k) => {
        if (!d.ok) return;
        const mine = events.slice(taken, taken + d.decided.length);
        taken += d.decided.length;
        const { answer, hooks } = commands[k] as Queued<S, C, E>;
        answers[k] = answer && { body: answer({ state: d.state, events: mine }) };
        for (const hook of hooks) {
          const mark = hook.inWrite?.(answers[k]);
          if (mark) required.push({ ...mark, command: k });
        }
      });
      const started = metricsOn() ? performance.now() : 0;
      let written: Awaited<ReturnType<typeof writeInOneStatement>>;
      try {
        written = await writeInOneStatement(binding.db, {
          schema: binding.schema,
          streamId,
          expected: startVersion,
          lock: !!every,
          rows,
          statements,
          required,
        });
      } catch (error) {
        if (error instanceof NeedsTransaction) return { transaction: true, refused };
        throw error;
      }
      if ('refused' in written) {
        // Nothing was written: the command whose statement changed no row is refused, the rest go again.
        const mark = required[written.refused];
        if (!mark) throw new Error('kit_write refused a statement it was not given');
        refused.set(live[mark.command] as number, mark.refusal());
        continue;
      }
      if (written.stale) {
        // Another writer (another replica) got there first: decide again after its events.
        start = fold(start, written.events as StoredEvent<E>[]);
        startVersion = written.events.at(-1)?.streamVersion ?? startVersion;
        stale++;
        continue;
      }
      decisions.forEach((d, k) => {
        if (d.ok) for (const hook of (commands[k] as Queued<S, C, E>).hooks) hook.after();
      });
      if (metricsOn()) {
        metric.appendDuration.record(secondsSince(started), { service: binding.schema });
        metric.appendedEvents.add(written.events.length, { service: binding.schema });
      }
      const stored = written.events as StoredEvent<E>[];
      taken = 0;
      const outcomes = decisions.map((d, k): Outcome<S, E> => {
        if (!d.ok) return d;
        const own = stored.slice(taken, taken + d.decided.length);
        taken += d.decided.length;
        return { ok: true, state: d.state, events: own, answer: answers[k] };
      });
      return { outcomes: inOrder(live, outcomes) };
    }
    return { transaction: true, refused };
  };

  /**
   * The commands not refused already, in one transaction that commits their requests' hooks (their
   * keys). A hook only one command carries that refuses at commit (another request holds its key)
   * refuses that command alone: it joins `refused`, and the others are decided again without it, as
   * the one-statement write does. A hook several carry (the context around them all) fails them all.
   */
  const decideInTransaction = async (id: string, commands: readonly Queued<S, C, E>[], refused: Map<number, unknown>) => {
    for (;;) {
      const live = commands.flatMap((q, i) => (refused.has(i) ? [] : [{ q, i }]));
      if (live.length === 0) return [];
      const carriers = new Map<CommitHook, number[]>();
      for (const { q, i } of live) for (const hook of q.hooks) carriers.set(hook, [...(carriers.get(hook) ?? []), i]);
      let refuser: { command: number; error: unknown } | undefined;
      const hooks = [...carriers].map(
        ([hook, carrying]): CommitHook => ({
          before: async (connection) => {
            try {
              await hook.before(connection);
            } catch (error) {
              if (carrying.length === 1) refuser ??= { command: carrying[0] as number, error };
              throw error;
            }
          },
          after: () => hook.after(),
        }),
      );
      try {
        return await withCommitHooks(hooks, () =>
          binding.db.transaction().execute((trx) =>
            decideAllIn(
              trx,
              id,
              live.map(({ q }) => q),
            ),
          ),
        );
      } catch (error) {
        if (!refuser) throw error;
        refused.set(refuser.command, refuser.error);
      }
    }
  };

  /** Runs commands in one statement or else one transaction, again on a concurrent writer's conflict (`retries`). */
  const attempt = async (id: string, commands: readonly Queued<S, C, E>[], known?: Known<S>) => {
    for (let tries = 0; ; tries++) {
      try {
        // A retry follows a conflict: what the caller knew is behind it.
        const inOne = await decideInOneStatement(id, commands, tries === 0 ? known : undefined);
        let outcomes: Outcome<S, E>[];
        if ('outcomes' in inOne) outcomes = inOne.outcomes;
        else {
          const refused = new Map(inOne.refused);
          const decided = await decideInTransaction(id, commands, refused);
          let k = 0;
          outcomes = commands.map((_, i) => (refused.has(i) ? { ok: false, error: refused.get(i) } : (decided[k++] as Outcome<S, E>)));
        }
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
  const waiting = new Map<string, (Queued<S, C, E> & Settle<S, E>)[]>();
  const drain = async (id: string) => {
    for (let batch = waiting.get(id); batch && batch.length > 0; batch = waiting.get(id)) {
      waiting.set(id, []);
      try {
        // Each command carries its request's commit hooks (its Idempotency-Key): the write commits them with it.
        const outcomes = await attempt(id, batch);
        batch.forEach((entry, i) => {
          const outcome = outcomes[i];
          if (outcome?.ok) entry.resolve(outcome);
          else entry.reject(outcome?.error ?? new Error('no outcome for a command'));
        });
      } catch (error) {
        for (const entry of batch) entry.reject(error);
      }
    }
    waiting.delete(id);
  };

  return {
    async handle<A>(
      id: string,
      command: C,
      metadata: EventMetadata,
      options?: { answer?: (result: Handled<S, E>) => A; known?: Known<S> },
    ) {
      const answer = options?.answer;
      const known = options?.known;
      if (known && (aggregate.snapshotEvery || aggregate.groupCommit))
        throw new Error(`${aggregate.name}: a known state is for streams with neither a snapshot nor group commit`);
      const queued: Queued<S, C, E> = { command, metadata, hooks: currentCommitHooks(), answer };
      // The answer built ahead of the write when it was written in one statement; else from the stored events.
      const handled = ({ state, events, answer: ahead }: Outcome<S, E> & { ok: true }) => ({
        state,
        events,
        answer: (ahead ? ahead.body : answer?.({ state, events })) as A,
      });
      if (!aggregate.groupCommit) {
        const [outcome] = await attempt(id, [queued], known);
        if (!outcome?.ok) throw outcome?.error ?? new Error('no outcome for a command');
        return handled(outcome);
      }
      const outcome = await new Promise<Outcome<S, E> & { ok: true }>((resolve, reject) => {
        const queue = waiting.get(id);
        if (queue && queue.length >= (aggregate.queueLimit ?? 1_000)) {
          reject(Busy());
          return;
        }
        if (queue) {
          queue.push({ ...queued, resolve, reject });
          return;
        }
        waiting.set(id, [{ ...queued, resolve, reject }]);
        // The first transaction starts once this turn's other callbacks (requests read from other
        // sockets) have run, so they join it. Started at once on PGlite, which answers within the
        // process, it would commit before the next request was read: nothing would ever be grouped
        // or queued, and the queue's bound would never apply.
        setImmediate(() => void drain(id));
      });
      return handled(outcome);
    },
    handleIn: decideIn,
    handleAllIn: decideTurnsIn,
  };
}

interface Command<C> {
  command: C;
  metadata: EventMetadata;
}
interface Queued<S, C, E extends DomainEvent> extends Command<C> {
  /** The commit hooks of the request that sent the command (its Idempotency-Key's record). */
  hooks: readonly CommitHook[];
  /** What its request answers, from its result (handle's `answer`). */
  answer?: ((result: Handled<S, E>) => unknown) | undefined;
}
interface Settle<S, E extends DomainEvent> {
  resolve: (outcome: Outcome<S, E> & { ok: true }) => void;
  reject: (error: unknown) => void;
}
/**
 * What one command or turn came to: its events and the state after them (and the answer built ahead
 * of a one-statement write), or the error it was refused with.
 */
export type Outcome<S, E extends DomainEvent> =
  | { ok: true; state: S; events: StoredEvent<E>[]; answer?: { body: unknown } | undefined }
  | { ok: false; error: unknown };

/**
 * An event about to be appended, as a projection recorded ahead of the write sees it: its data as
 * the store will give it back (JSON), and no global position yet (asking for one needs the transaction path).
 */
function provisional<E extends DomainEvent>(row: EventRow): StoredEvent<E> {
  const event = {
    streamId: row.stream_id,
    streamVersion: row.stream_version,
    eventId: row.event_id,
    type: row.type,
    version: row.version,
    data: JSON.parse(JSON.stringify(row.data)),
    metadata: row.metadata,
    occurredAt: row.occurred_at,
  };
  Object.defineProperty(event, 'globalPosition', {
    get: () => {
      throw new NeedsTransaction('global position');
    },
  });
  return event as unknown as StoredEvent<E>;
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
