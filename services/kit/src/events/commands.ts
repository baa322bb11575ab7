import type { EventMetadata } from '@commonwork/contracts';
import type { AnyDb } from '../db/database.ts';
import { AppError } from '../errors.ts';
import { appendToStream, type DomainEvent, readStream, type StoredEvent } from './eventStore.ts';

/** How one aggregate is folded and decided (emmett's decider): pure functions, time and ids passed in. */
export interface Decider<S, C, E extends DomainEvent> {
  initialState: () => S;
  evolve: (state: S, event: E) => S;
  decide: (command: C, state: S) => E[];
}

export interface CommandContext<E extends DomainEvent, S = unknown> {
  schema: string;
  streamId: string;
  metadata: EventMetadata;
  now: Date;
  /** Applies the new events to the read tables, in the same transaction as the append. */
  project: (trx: AnyDb, events: StoredEvent<E>[]) => Promise<void>;
  /** Called after commit (the outbox relay's wake-up). */
  afterCommit?: () => void;
  /**
   * Loads the state and its version from a snapshot (a read table written in the same transaction
   * as the events) instead of folding the whole stream: for long streams such as a channel's messages.
   */
  load?: (trx: AnyDb) => Promise<{ state: S; version: number | 'any' }>;
  /** Decide again on a fresh state this many times when a concurrent writer got there first; default 0. */
  retries?: number;
}

/**
 * The write path of ARCHITECTURE §3: read the stream, fold it, decide, then append and project in
 * one transaction. Returns the state after the new events.
 */
export async function handleCommand<S, C, E extends DomainEvent>(
  db: AnyDb,
  decider: Decider<S, C, E>,
  command: C,
  context: CommandContext<E, S>,
): Promise<{ state: S; events: StoredEvent<E>[] }> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await decideAndAppend(db, decider, command, context);
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'STALE_VERSION') || attempt >= (context.retries ?? 0)) throw error;
    }
  }
}

async function decideAndAppend<S, C, E extends DomainEvent>(
  db: AnyDb,
  decider: Decider<S, C, E>,
  command: C,
  context: CommandContext<E, S>,
) {
  let current = decider.initialState();
  let decided: E[] = [];
  // With a snapshot loader the whole decision runs in the transaction, so the loader can lock the
  // snapshot row (FOR UPDATE) and concurrent writers of a busy stream queue instead of conflicting.
  const folded = context.load ? null : await fold(db, decider, context.streamId);
  const stored = await db.transaction().execute(async (trx) => {
    const { state, version } = folded ?? (await (context.load as NonNullable<typeof context.load>)(trx));
    current = state;
    decided = decider.decide(command, current);
    if (decided.length === 0) return [];
    const appended = (await appendToStream(trx, {
      schema: context.schema,
      streamId: context.streamId,
      expectedVersion: version,
      events: decided,
      metadata: context.metadata,
      now: context.now,
    })) as StoredEvent<E>[];
    await context.project(trx, appended);
    return appended;
  });
  if (stored.length > 0) context.afterCommit?.();
  return { state: decided.reduce(decider.evolve, current), events: stored };
}

async function fold<S, C, E extends DomainEvent>(db: AnyDb, decider: Decider<S, C, E>, streamId: string) {
  const history = await readStream<E>(db, streamId);
  const state = history.reduce((s, e) => decider.evolve(s, { type: e.type, data: e.data } as E), decider.initialState());
  return { state, version: history.length };
}
