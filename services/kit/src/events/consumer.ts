import type { EventEnvelope } from '@commonwork/contracts';
import type { AnyDb } from '../db/database.ts';
import type { Logger } from '../logger.ts';
import type { EventBus, Subscription } from './bus.ts';

/** One reaction: the event types it handles and what it does, inside the consumer's transaction. */
export interface EventHandler {
  handles: readonly string[];
  handle: (trx: AnyDb, envelope: EventEnvelope) => Promise<void>;
}

export interface ConsumerOptions {
  db: AnyDb;
  bus: EventBus;
  log: Logger;
  /** Durable name `<service>-<purpose>`. */
  durable: string;
  stream: string;
  filterSubject: string;
  handlers: readonly EventHandler[];
  maxDeliver?: number;
}

/**
 * Starts a durable consumer whose handlers run exactly once per event: each runs in one
 * transaction with an insert into `processed_events`, so a redelivered event is skipped.
 */
export async function startConsumer(options: ConsumerOptions): Promise<Subscription> {
  const { db, log, durable } = options;
  return options.bus.consume({
    stream: options.stream,
    durable,
    filterSubject: options.filterSubject,
    ...(options.maxDeliver && { maxDeliver: options.maxDeliver }),
    handle: async ({ envelope }) => {
      const handlers = options.handlers.filter((h) => h.handles.includes(envelope.type));
      if (handlers.length === 0) return;
      const handled = await db.transaction().execute(async (trx) => {
        const first = await trx
          .insertInto('processed_events')
          .values({ consumer: durable, event_id: envelope.id })
          .onConflict((oc) => oc.doNothing())
          .returning('event_id')
          .executeTakeFirst();
        if (!first) return false;
        for (const handler of handlers) await handler.handle(trx, envelope);
        return true;
      });
      log.debug({ eventId: envelope.id, type: envelope.type, durable, duplicate: !handled }, 'event handled');
    },
  });
}
