import type { EventContract, EventEnvelope, EventMetadata } from '@commonwork/contracts';
import { type Kysely, sql } from 'kysely';
import type { z } from 'zod';
import { precompiled } from '../db/precompiled.ts';
import type { Logger } from '../logger.ts';
import { tracedConsumer } from '../tracing.ts';
import type { Aggregate, AggregateStore } from './aggregate.ts';
import { type EventBus, type Subscription, UnprocessableEvent } from './bus.ts';
import { type DomainEvent, type EventStoreTables, storeOf } from './eventStore.ts';

/** A consumed event: its contract's type and parsed payload, and the envelope it came in. */
export type ConsumedEvent<C> = C extends EventContract<infer T, infer S> ? { type: T; data: z.output<S>; envelope: EventEnvelope } : never;

/** What a reaction may use besides its transaction. */
export interface HandlerTools<DB> {
  /** The service's aggregates: a reaction decides with `handleIn(trx, ...)`, in the consumer's transaction. */
  aggregate<S, C, E extends DomainEvent>(aggregate: Aggregate<DB, S, C, E>): AggregateStore<S, C, E, DB>;
}

/** Metadata of what a reaction decides: the consumed event's actor and trace, caused by it. */
export const causedBy = (envelope: EventEnvelope): EventMetadata => ({ ...envelope.metadata, causationId: envelope.id });

/** One reaction: the event contracts it handles and what it does, inside the consumer's transaction. */
export interface EventHandler<DB> {
  handles: readonly EventContract[];
  /**
   * The read tables the handler keeps, when keeping them is all it does (`defineReadModel`): a
   * rebuild empties them and replays the publisher's events into the handler. A handler without it
   * reacts (decides, notifies, deletes) and is never replayed.
   */
  readModel?: readonly (keyof DB & string)[];
  handle(trx: Kysely<DB>, event: { type: string; data: unknown; envelope: EventEnvelope }, tools: HandlerTools<DB>): Promise<void>;
  /**
   * Whether the handler has anything to do with an event of a type it handles (`defineHandler`'s
   * `concerns`); an event no handler is concerned with is acknowledged without a transaction.
   */
  concerns?(event: { type: string; data: unknown; envelope: EventEnvelope }): boolean;
  /**
   * Takes consecutive events of a batch at once (`defineBatchHandler`): the consumer hands it every
   * run of events no other handler needs between them, so what an earlier handler keeps is applied first.
   */
  handleBatch?(trx: Kysely<DB>, events: { type: string; data: unknown; envelope: EventEnvelope }[], tools: HandlerTools<DB>): Promise<void>;
}

/**
 * Declares a reaction to some published events. The consumer checks each event's version against
 * the contract and parses its payload with the contract's schema before `handle` sees it.
 */
export function defineHandler<DB, const Cs extends readonly EventContract[]>(
  handles: Cs,
  handle: (trx: Kysely<DB>, event: ConsumedEvent<Cs[number]>, tools: HandlerTools<DB>) => Promise<void>,
  options: {
    /**
     * Whether an event is one `handle` does anything with (a channel message that mentions
     * someone): the others are not handled, nor recorded as processed, nor given a transaction.
     */
    concerns?: (event: ConsumedEvent<Cs[number]>) => boolean;
  } = {},
): EventHandler<DB> {
  const { concerns } = options;
  return {
    handles,
    handle: (trx, event, tools) => handle(trx, event as ConsumedEvent<Cs[number]>, tools),
    ...(concerns && { concerns: (event) => concerns(event as ConsumedEvent<Cs[number]>) }),
  };
}

/**
 * Declares a reaction that takes a run of events at once, in order (one statement for many): the
 * consumer gives it the consecutive events of a batch it handles, cut wherever another handler must
 * run in between (a read model it reads). One event handled alone is a run of one.
 */
export function defineBatchHandler<DB, const Cs extends readonly EventContract[]>(
  handles: Cs,
  handleBatch: (trx: Kysely<DB>, events: ConsumedEvent<Cs[number]>[], tools: HandlerTools<DB>) => Promise<void>,
): EventHandler<DB> {
  return {
    handles,
    handle: (trx, event, tools) => handleBatch(trx, [event as ConsumedEvent<Cs[number]>], tools),
    handleBatch: (trx, events, tools) => handleBatch(trx, events as ConsumedEvent<Cs[number]>[], tools),
  };
}

/**
 * Declares a read model kept from some published events: `keep` writes only `tables`, which no
 * other code writes, and from empty tables gives the same rows each time the same events come in
 * order. It gets no tools (no aggregate to decide with), so it cannot react; `npm run rebuild`
 * replays the publisher's events into it.
 */
export function defineReadModel<
  const Ts extends readonly [string, ...string[]],
  // Inferred from `keep`'s annotated handle; a table the service does not have is a type error there.
  DB extends { [T in Ts[number]]: unknown },
  const Cs extends readonly EventContract[],
>(tables: Ts, handles: Cs, keep: (trx: Kysely<DB>, event: ConsumedEvent<Cs[number]>) => Promise<void>): EventHandler<DB> {
  const readModel: readonly (keyof DB & string)[] = tables;
  return { handles, readModel, handle: (trx, event) => keep(trx, event as ConsumedEvent<Cs[number]>) };
}

/**
 * A read model (as `defineReadModel`) that keeps a run of events at once: counters that add up many
 * events in one statement instead of one each. A rebuild replays it an event at a time (a run of one),
 * so `keepAll` must give the same rows however its events are cut into runs.
 */
export function defineBatchReadModel<
  const Ts extends readonly [string, ...string[]],
  DB extends { [T in Ts[number]]: unknown },
  const Cs extends readonly EventContract[],
>(tables: Ts, handles: Cs, keepAll: (trx: Kysely<DB>, events: ConsumedEvent<Cs[number]>[]) => Promise<void>): EventHandler<DB> {
  const readModel: readonly (keyof DB & string)[] = tables;
  return {
    handles,
    readModel,
    handle: (trx, event) => keepAll(trx, [event as ConsumedEvent<Cs[number]>]),
    handleBatch: (trx, events) => keepAll(trx, events as ConsumedEvent<Cs[number]>[]),
  };
}

/** A service's subscription: one durable consumer and the handlers it runs. */
export interface ServiceSubscription<DB> {
  /** Durable name `<service>-<purpose>`. */
  durable: string;
  /** The publishing service's stream, e.g. `IDENTITY`. */
  stream: string;
  filterSubject: string;
  handlers: readonly EventHandler<DB>[];
  maxDeliver?: number;
}

export interface ConsumerOptions<DB> extends ServiceSubscription<DB> {
  db: Kysely<DB>;
  bus: EventBus;
  log: Logger;
  /** The service's own tools; a consumer started outside a service has no aggregates. */
  tools?: HandlerTools<DB>;
  /** Called after each transaction whose handlers appended events: the service's relay publishes them now, not at its next poll. */
  afterCommit?: () => void;
}

function noTools<DB>(): HandlerTools<DB> {
  return {
    aggregate: () => {
      throw new Error('This consumer runs outside a service: it has no aggregates');
    },
  };
}

/**
 * The contract an envelope is read with: none when no handler takes its type; an event whose
 * version or payload the contract does not accept is unprocessable, and is dead-lettered.
 */
export function parseConsumed(contracts: readonly EventContract[], envelope: EventEnvelope) {
  const contract = contracts.find((c) => c.type === envelope.type);
  if (!contract) return null;
  if (envelope.version !== contract.version)
    throw new UnprocessableEvent(`${envelope.type} version ${envelope.version} is not understood (expected ${contract.version})`);
  const parsed = contract.schema.safeParse(envelope.data);
  if (!parsed.success) throw new UnprocessableEvent(`${envelope.type} payload rejected: ${parsed.error.message}`);
  return { type: envelope.type, data: parsed.data, envelope };
}

/** Records a batch's events as handled by a consumer, answering the ids not recorded before: one statement per transaction of every consumer. */
const markProcessed = precompiled((db: Kysely<EventStoreTables>, { consumer, eventIds }: { consumer: string; eventIds: string[] }) =>
  db
    .insertInto('processed_events')
    .columns(['consumer', 'event_id'])
    .expression(db.selectNoFrom((eb) => [eb.val(consumer).as('consumer'), sql<string>`unnest(${eventIds}::uuid[])`.as('event_id')]))
    .onConflict((oc) => oc.doNothing())
    .returning('event_id'),
);

/**
 * Starts a durable consumer whose handlers run exactly once per event: each runs in one
 * transaction with an insert into `processed_events`, so a redelivered event is skipped. Events
 * that waited together are handled in one transaction (one insert of their ids, one commit); if
 * it fails, the bus hands them over one by one.
 */
export async function startConsumer<DB>(options: ConsumerOptions<DB>): Promise<Subscription> {
  const { db, log, durable } = options;
  const tools = options.tools ?? noTools<DB>();

  /** The events some handler takes, parsed, each once, with their handlers. */
  const taken = (envelopes: EventEnvelope[]) => {
    const seen = new Set<string>();
    return envelopes.flatMap((envelope) => {
      const handlers = options.handlers.filter((h) => h.handles.some((c) => c.type === envelope.type));
      if (handlers.length === 0 || seen.has(envelope.id)) return [];
      seen.add(envelope.id);
      const event = parseConsumed(
        handlers.flatMap((h) => h.handles),
        envelope,
      );
      if (!event) return [];
      const concerned = handlers.filter((h) => h.concerns?.(event) ?? true);
      return concerned.length > 0 ? [{ event, handlers: concerned }] : [];
    });
  };

  const handleAll = async (envelopes: EventEnvelope[]) => {
    const events = taken(envelopes);
    if (events.length === 0) return;
    // The relay is woken only by a reaction that appended events: most (read models, counters) append none.
    let appended = false;
    const watched: HandlerTools<DB> = {
      aggregate: (aggregate) => {
        const store = tools.aggregate(aggregate);
        return {
          ...store,
          handleIn: async (...args) => {
            const decided = await store.handleIn(...args);
            if (decided.events.length > 0) appended = true;
            return decided;
          },
          handleAllIn: async (...args) => {
            const outcomes = await store.handleAllIn(...args);
            if (outcomes.some((o) => o.ok && o.events.length > 0)) appended = true;
            return outcomes;
          },
        };
      },
    };
    const fresh = await db.transaction().execute(async (trx) => {
      const { rows: inserted } = await markProcessed.execute(storeOf(trx), {
        consumer: durable,
        eventIds: events.map(({ event }) => event.envelope.id),
      });
      const ids = new Set(inserted.map((row) => row.event_id));
      // Consecutive events of a batch handler go to it together; any other handler cuts the run first.
      let run: { handler: EventHandler<DB>; events: (typeof events)[number]['event'][] } | undefined;
      const flush = async () => {
        if (run) await run.handler.handleBatch?.(trx, run.events, watched);
        run = undefined;
      };
      for (const { event, handlers } of events) {
        if (!ids.has(event.envelope.id)) continue;
        for (const handler of handlers) {
          if (!handler.handleBatch) {
            await flush();
            await handler.handle(trx, event, watched);
          } else if (run?.handler === handler) run.events.push(event);
          else {
            await flush();
            run = { handler, events: [event] };
          }
        }
      }
      await flush();
      return ids;
    });
    if (fresh.size > 0 && appended) options.afterCommit?.();
    log.debug({ events: events.length, handled: fresh.size, durable }, 'events handled');
  };

  return options.bus.consume(
    tracedConsumer({
      stream: options.stream,
      durable,
      filterSubject: options.filterSubject,
      ...(options.maxDeliver && { maxDeliver: options.maxDeliver }),
      handle: ({ envelope }) => handleAll([envelope]),
      handleBatch: (messages) => handleAll(messages.map((m) => m.envelope)),
    }),
  );
}
