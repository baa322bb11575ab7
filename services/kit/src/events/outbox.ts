import type { EventEnvelope } from '@commonwork/contracts';
import type { AnyDb } from '../db/database.ts';
import type { Logger } from '../logger.ts';
import type { EventBus } from './bus.ts';
import { readAll, type StoredEvent } from './eventStore.ts';

/** Chooses what of a stored event is published: an envelope, or null to keep it private. */
export type PublishMapper = (event: StoredEvent) => EventEnvelope | null;

export interface OutboxOptions {
  db: AnyDb;
  bus: EventBus;
  log: Logger;
  map: PublishMapper;
  /** Poll interval when nothing wakes the relay; default 500 ms. */
  pollMs?: number;
  /** Events read per round; default 200. */
  batchSize?: number;
}

const RELAY = 'outbox';

/**
 * Publishes the event store to the bus in global order, after the last published position. The
 * position advances only after the bus accepted the events, so a crash or an unreachable bus
 * delays publishing but never loses an event; a republished event is dropped by the bus's dedupe.
 */
export class OutboxRelay {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = true;
  private failures = 0;

  constructor(private readonly options: OutboxOptions) {}

  start() {
    this.stopped = false;
    this.kick();
  }

  /** Asks for a round now (after a commit) instead of at the next poll. */
  kick() {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.running = this.round().finally(() => {
      this.running = null;
      if (this.stopped) return;
      if (this.again) {
        this.again = false;
        this.kick();
        return;
      }
      const backoff = this.failures ? Math.min(250 * 2 ** this.failures, 10_000) : (this.options.pollMs ?? 500);
      this.timer = setTimeout(() => this.kick(), backoff);
    });
  }

  private async round() {
    try {
      while (!this.stopped && (await this.publishBatch()) > 0) {}
      this.failures = 0;
    } catch (error) {
      this.failures++;
      this.options.log.warn({ err: error, failures: this.failures }, 'outbox relay could not publish; will retry');
    }
  }

  /** Publishes one batch; returns how many events it went through (0 when caught up). */
  async publishBatch(): Promise<number> {
    const { db, bus, map } = this.options;
    const row = await db.selectFrom('outbox_position').select('position').where('name', '=', RELAY).executeTakeFirst();
    const position = Number(row?.position ?? 0);
    const events = await readAll(db, position, this.options.batchSize ?? 200);
    let published = position;
    try {
      for (const event of events) {
        const envelope = map(event);
        if (envelope) await bus.publish(envelope);
        published = event.globalPosition;
      }
    } finally {
      if (published > position) await this.savePosition(published);
    }
    return events.length;
  }

  private async savePosition(position: number) {
    await this.options.db
      .insertInto('outbox_position')
      .values({ name: RELAY, position })
      .onConflict((oc) => oc.column('name').doUpdateSet({ position }))
      .execute();
  }

  async stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }
}

/** The default mapping: publish the stored event as it is, on its own type. */
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
