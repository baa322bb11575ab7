import type { EventMetadata } from '@commonwork/contracts';
import type { AnyDb } from '../db/database.ts';
import { appendToStream, type DomainEvent, readStream, type StoredEvent } from './eventStore.ts';

/** How one aggregate is folded and decided (emmett's decider): pure functions, time and ids passed in. */
export interface Decider<S, C, E extends DomainEvent> {
  initialState: () => S;
  evolve: (state: S, event: E) => S;
  decide: (command: C, state: S) => E[];
}

export interface CommandContext<E extends DomainEvent> {
  schema: string;
  streamId: string;
  metadata: EventMetadata;
  now: Date;
  /** Applies the new events to the read tables, in the same transaction as the append. */
  project: (trx: AnyDb, events: StoredEvent<E>[]) => Promise<void>;
  /** Called after commit (the outbox relay's wake-up). */
  afterCommit?: () => void;
}

/**
 * The write path of ARCHITECTURE §3: read the stream, fold it, decide, then append and project in
 * one transaction. Returns the state after the new events.
 */
export async function handleCommand<S, C, E extends DomainEvent>(
  db: AnyDb,
  decider: Decider<S, C, E>,
  command: C,
  context: CommandContext<E>,
): Promise<{ state: S; events: StoredEvent<E>[] }> {
  const history = await readStream<E>(db, context.streamId);
  const current = history.reduce((s, e) => decider.evolve(s, { type: e.type, data: e.data } as E), decider.initialState());
  const decided = decider.decide(command, current);
  if (decided.length === 0) return { state: current, events: [] };

  const stored = await db.transaction().execute(async (trx) => {
    const appended = (await appendToStream(trx, {
      schema: context.schema,
      streamId: context.streamId,
      expectedVersion: history.length,
      events: decided,
      metadata: context.metadata,
      now: context.now,
    })) as StoredEvent<E>[];
    await context.project(trx, appended);
    return appended;
  });
  context.afterCommit?.();
  return { state: decided.reduce(decider.evolve, current), events: stored };
}
