import type { EventContract, EventEnvelope } from '@commonwork/contracts';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { precompiled } from '../db/precompiled.ts';
import type { Logger } from '../logger.ts';
import { observe } from '../metrics.ts';
import { inTrace, outsideTraces, tracedPublish } from '../tracing.ts';
import type { EventBus } from './bus.ts';
import { CommitOrder } from './commitOrder.ts';
import { type DomainEvent, type EventStoreTables, readWithSnapshot, type StoredEvent } from './eventStore.ts';

/** Chooses what of a stored event is published: an envelope (see `publishAs`), or null to keep it private. */
export type PublishMapper<E extends DomainEvent = DomainEvent> = (event: StoredEvent<E>) => EventEnvelope | null;

/**
 * The envelope that publishes a stored event as a contract's event: the contract's name and schema
 * version, and a payload the compiler checks against the contract's input type.
 */
export function publishAs<S extends z.ZodType>(contract: EventContract<string, S>, stored: StoredEvent, data: z.input<S>): EventEnvelope {
  return { ...toEnvelope(stored), type: contract.type, version: contract.version, data };
}

export interface OutboxOptions {
  db: Kysely<EventStoreTables>;
  bus: EventBus;
  log: Logger;
  map: PublishMapper;
  /**
   * The first look after a round that found nothing; each further empty round doubles it, up to
   * `idlePollMs`. Default 500 ms.
   */
  pollMs?: number;
  /**
   * The slowest look when idle; default 10 s. Every commit in this process wakes the relay at once;
   * the look is for what no kick announced (a replica that crashed between its commit and its
   * publish, a transaction that rolled back behind a gap), so it bounds how late such an event is.
   */
  idlePollMs?: number;
  /** Events read per round; default 200. */
  batchSize?: number;
  /** The service whose store this is: its outbox lag is reported under this name (metrics). */
  service?: string;
}

const RELAY = 'outbox';

// A round's own statements, precompiled (docs/decisions/kit/precompiled-hot-statements.md): a round follows every write.
/** The relay's position, locked for the round; none when another replica's relay holds it. */
const lockPosition = precompiled((db: Kysely<EventStoreTables>, _: Record<string, never>) =>
  db.selectFrom('outbox_position').select('position').where('name', '=', RELAY).forUpdate().skipLocked(),
);
const movePosition = precompiled((db: Kysely<EventStoreTables>, { position }: { position: number }) =>
  db.updateTable('outbox_position').set({ position }).where('name', '=', RELAY),
);

/**
 * How soon a relay looks again when it could not finish: another replica was publishing (its kick
 * may have come after that round's read), or it waits at a position whose transaction still runs.
 */
const SOON_MS = 20;
/** A gap still open after this is looked at on the normal poll instead (its writer is a long transaction). */
const SOON_FOR_MS = 1_000;
/** A gap open this long is logged once: a transaction left open holds the service's publishing back. */
const GAP_WARNING_MS = 10_000;

/**
 * Publishes the event store to the bus in position order, after the last published position, never
 * past a position that may still commit (see CommitOrder). The
 * position advances only after the bus accepted the events, so a crash or an unreachable bus
 * delays publishing but never loses an event; a republished event is dropped by the bus's dedupe.
 *
 * Replicas of a service each run a relay on the one event store: a round holds the position's row
 * (`FOR UPDATE SKIP LOCKED`) while it publishes, so one replica publishes at a time, in order, and
 * the others skip that round; a replica that dies mid-round releases the row with its connection.
 *
 * A round publishes its events without waiting for each acknowledgement: each publish is accepted
 * only after the one before it (`after`), so the bus takes a prefix of the round and refuses the rest
 * once one fails; the position moves past the acknowledged prefix only (docs/decisions/kit/relay-pipeline-and-idle-backoff.md).
 */
export class OutboxRelay {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  /** Kicks so far, and how many of them the current round's last read already covers. */
  private kicks = 0;
  private covered = 0;
  /** The next look when nothing wakes the relay: doubles while rounds find nothing. */
  private idleMs: number;
  private stopped = true;
  private failures = 0;
  private unfinished = false;
  /** The position the relay waits at for a writer to end, and since when. */
  private gap: { at: number; since: number; warned: boolean } | null = null;
  private ensured = false;
  private readonly order = new CommitOrder();

  private readonly unobserve: (() => void)[] = [];
  private lagRead: { at: number; lag: Promise<{ positions: number; seconds: number }> } | null = null;

  constructor(private readonly options: OutboxOptions) {
    this.idleMs = options.pollMs ?? 500;
    // Reported while the relay is stopped too (a held-back outbox is exactly what the gauge is for);
    // one read serves both gauges of a scrape.
    const { service } = options;
    if (service === undefined) return;
    const read = () => {
      if (!this.lagRead || Date.now() - this.lagRead.at > 1_000) this.lagRead = { at: Date.now(), lag: this.lag() };
      return this.lagRead.lag;
    };
    this.unobserve.push(
      observe('outboxLagPositions', async () => [{ value: (await read()).positions, attributes: { service } }]),
      observe('outboxLagSeconds', async () => [{ value: (await read()).seconds, attributes: { service } }]),
    );
  }

  /** Stops reporting this store's outbox lag (the service is stopping for good). */
  forget() {
    for (const stop of this.unobserve.splice(0)) stop();
  }

  start() {
    this.stopped = false;
    this.kick();
  }

  /**
   * What is not yet published: positions after the relay's, and the age of the oldest of them (0
   * when caught up). Read on a scrape only; a plain read, never waiting on a round's lock.
   */
  async lag(): Promise<{ positions: number; seconds: number }> {
    const { db } = this.options;
    const row = await db.selectFrom('outbox_position').select('position').where('name', '=', RELAY).executeTakeFirst();
    const position = Number(row?.position ?? 0);
    const [next, last] = await Promise.all([
      db
        .selectFrom('event_store')
        .select('occurred_at')
        .where('global_position', '>', position)
        .orderBy('global_position')
        .limit(1)
        .executeTakeFirst(),
      db.selectFrom('event_store').select('global_position').orderBy('global_position', 'desc').limit(1).executeTakeFirst(),
    ]);
    const positions = Math.max(0, Number(last?.global_position ?? 0) - position);
    const seconds = next ? Math.max(0, (Date.now() - new Date(next.occurred_at).getTime()) / 1000) : 0;
    return { positions, seconds };
  }

  /**
   * Asks for a round now (after a commit) instead of at the next poll. Kicks while a round runs share
   * one more round, and only when they came after that round's last read began (which saw their commits).
   */
  kick(): void {
    // Its rounds belong to no request's trace (each publish is in its event's own): kicked from one, it leaves it.
    if (inTrace()) {
      outsideTraces(() => this.kick());
      return;
    }
    this.kicks++;
    this.idleMs = this.options.pollMs ?? 500;
    this.run();
  }

  private run(): void {
    if (this.stopped || this.running) return;
    if (this.timer) clearTimeout(this.timer);
    this.running = this.round().finally(() => {
      this.running = null;
      if (this.stopped) return;
      // Kicked during a round that failed: the back-off still holds (a bus that is down is not asked in a loop).
      if (this.kicks !== this.covered && this.failures === 0) {
        this.run();
        return;
      }
      const waitingLong = this.gap !== null && Date.now() - this.gap.since > SOON_FOR_MS;
      const next = this.failures ? Math.min(250 * 2 ** this.failures, 10_000) : this.unfinished && !waitingLong ? SOON_MS : this.idleMs;
      // Coarse and unref'd: an idle relay looks less and less often, and never keeps the process up.
      this.timer = setTimeout(() => this.run(), next).unref();
    });
  }

  private async round() {
    try {
      let batch: Batch & { full: boolean };
      let published = 0;
      // A batch that read less than its limit saw every commit before it: the next look is for later kicks.
      do {
        this.covered = this.kicks;
        batch = await this.batch();
        published += batch.published;
      } while (!this.stopped && batch.full && batch.published > 0);
      this.unfinished = batch.unfinished;
      this.noteGap(batch.waitingAt);
      this.failures = 0;
      const idlePollMs = this.options.idlePollMs ?? 10_000;
      this.idleMs = published > 0 ? (this.options.pollMs ?? 500) : Math.min(this.idleMs * 2, idlePollMs);
    } catch (error) {
      this.failures++;
      this.options.log.warn({ err: error, failures: this.failures }, 'outbox relay could not publish; will retry');
    }
  }

  private noteGap(at: number | null) {
    if (at === null) {
      this.gap = null;
      return;
    }
    if (this.gap?.at !== at) this.gap = { at, since: Date.now(), warned: false };
    const waitedMs = Date.now() - this.gap.since;
    if (!this.gap.warned && waitedMs > GAP_WARNING_MS) {
      this.gap.warned = true;
      this.options.log.warn(
        { position: at, waitedMs },
        'outbox relay waits for a transaction that may still write this position; a transaction left open holds publishing back',
      );
    }
  }

  /**
   * Publishes one batch: how many events it went through (0 when caught up), whether events are
   * left that it could not take now (another replica's relay holds the position, or a gap), and
   * the position it waits at when a gap stopped it.
   */
  async publishBatch(): Promise<Batch> {
    const { published, unfinished, waitingAt } = await this.batch();
    return { published, unfinished, waitingAt };
  }

  private async batch(): Promise<Batch & { full: boolean }> {
    const { db, bus, map } = this.options;
    const limit = this.options.batchSize ?? 200;
    if (!this.ensured) {
      await db
        .insertInto('outbox_position')
        .values({ name: RELAY, position: 0 })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
      this.ensured = true;
    }
    const round = await db.transaction().execute(async (trx) => {
      const [row] = (await lockPosition.execute(trx, {})).rows;
      if (!row) return { published: 0, unfinished: true, waitingAt: null, full: false, failure: null };
      const position = Number(row.position);
      const read = await readWithSnapshot(trx, position, limit);
      const events = this.order.publishable(position, read);
      const { published, failure } = await publishInOrder(events, bus, map, position);
      if (published > position) await movePosition.execute(trx, { position: published });
      const gap = events.length < read.events.length;
      return {
        published: events.length,
        unfinished: gap,
        waitingAt: gap ? published + 1 : null,
        full: read.events.length === limit,
        failure,
      };
    });
    if (round.failure) throw round.failure;
    return { published: round.published, unfinished: round.unfinished, waitingAt: round.waitingAt, full: round.full };
  }

  async stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }
}

interface Batch {
  published: number;
  unfinished: boolean;
  waitingAt: number | null;
}

/**
 * Publishes the events all at once, each only after the one before it (the bus's `after`), and waits
 * for every acknowledgement together. Answers the position of the last event of the acknowledged
 * prefix (an event kept private counts as done), and the first failure: what the bus took before it
 * stays published, and from it on nothing was taken, so the next round starts there, in order.
 */
async function publishInOrder(events: StoredEvent[], bus: EventBus, map: PublishMapper, position: number) {
  const sent: { at: number; ack: Promise<void> | null }[] = [];
  let failure: unknown = null;
  let previous: EventEnvelope | undefined;
  try {
    for (const event of events) {
      const envelope = map(event);
      const after = previous;
      sent.push({
        at: event.globalPosition,
        ack: envelope ? tracedPublish(envelope, () => bus.publish(envelope, after && { after })) : null,
      });
      previous = envelope ?? previous;
    }
  } catch (error) {
    // A mapper that throws: what was sent before it is still awaited and counted.
    failure = error;
  }
  const acks = await Promise.allSettled(sent.map((s) => s.ack));
  let published = position;
  for (const [i, ack] of acks.entries()) {
    if (ack.status === 'rejected') return { published, failure: ack.reason as unknown };
    published = (sent[i] as (typeof sent)[number]).at;
  }
  return { published, failure };
}

/** The stored event as it is, on its own type and version (the base of every published envelope). */
export function toEnvelope(event: StoredEvent): EventEnvelope {
  return {
    id: event.eventId,
    type: event.type,
    version: event.version,
    occurredAt: event.occurredAt.toISOString(),
    streamId: event.streamId,
    data: event.data,
    metadata: event.metadata,
  };
}
