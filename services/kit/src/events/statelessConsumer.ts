import type { EventContract, EventEnvelope } from '@commonwork/contracts';
import type { Logger } from '../logger.ts';
import { tracedConsumer } from '../tracing.ts';
import { type BusMessage, type EventBus, type Subscription, serviceStream } from './bus.ts';
import { type ConsumedEvent, parseConsumed } from './consumer.ts';

/**
 * One reaction of a consumer that keeps no state (realtime's pushes): the event contracts it
 * takes and what it does with one, given the consumer's context.
 */
export interface Reaction<Ctx> {
  handles: readonly EventContract[];
  react(ctx: Ctx, event: StatelessEvent): Promise<void>;
  /**
   * Takes every event of a pulled batch this reaction handles in one call, in delivery order (realtime
   * emits a channel's messages by the run). Without it, each event goes to `react` alone.
   */
  reactAll?(ctx: Ctx, events: StatelessEvent[]): Promise<void>;
}

/** An event as a reaction receives it: parsed by its contract. */
export interface StatelessEvent {
  type: string;
  data: unknown;
  envelope: EventEnvelope;
}

/**
 * Declares a stateless reaction. As with `defineHandler`, the consumer checks each event's version
 * against the contract and parses its payload with the contract's schema before `react` sees it.
 */
export function defineReaction<Ctx, const Cs extends readonly EventContract[]>(
  handles: Cs,
  react: (ctx: Ctx, event: ConsumedEvent<Cs[number]>) => Promise<void>,
): Reaction<Ctx> {
  return { handles, react: (ctx, event) => react(ctx, event as ConsumedEvent<Cs[number]>) };
}

/** Declares a stateless reaction that takes a pulled batch's events at once (`Reaction.reactAll`); one event alone is a batch of one. */
export function defineBatchReaction<Ctx, const Cs extends readonly EventContract[]>(
  handles: Cs,
  reactAll: (ctx: Ctx, events: ConsumedEvent<Cs[number]>[]) => Promise<void>,
): Reaction<Ctx> {
  return {
    handles,
    react: (ctx, event) => reactAll(ctx, [event as ConsumedEvent<Cs[number]>]),
    reactAll: (ctx, events) => reactAll(ctx, events as ConsumedEvent<Cs[number]>[]),
  };
}

export interface StatelessConsumerOptions<Ctx> {
  bus: EventBus;
  log: Logger;
  /** Durable name `<service>-<purpose>`: the replicas that share it share the events, each handled by one of them. */
  durable: string;
  reactions: readonly Reaction<Ctx>[];
  /** What every reaction is given (sockets, clients, a logger). */
  context: Ctx;
  /**
   * An event older than this when it arrives is skipped, whatever its version: a live push is worth
   * sending only while fresh, and its readers fetch what they missed when they come back.
   * Default: none is skipped.
   */
  freshForMs?: number;
  /** Deliveries before a failing event is dead-lettered; default the bus's. */
  maxDeliver?: number;
  /** While false, this replica takes no events and the others sharing the durable take them all (`ConsumerSpec.ready`). */
  ready?: () => boolean;
}

/** The publishers whose streams the reactions read: the first segment of each contract's type (`messaging.channel.created`). */
const publishersOf = <Ctx>(reactions: readonly Reaction<Ctx>[]) => [
  ...new Set(reactions.flatMap((r) => r.handles.map((contract) => contract.type.split('.')[0] ?? contract.type))),
];

/**
 * Starts a consumer with no database (no `processed_events`, no checkpoint): one durable per
 * publishing stream its reactions name, each event parsed by its contract once (an unknown
 * version or a rejected payload is dead-lettered, as `startConsumer` does) and handed to the
 * reactions that take it. Delivery is at least once; reactions whose effect must not repeat
 * guard it themselves (realtime's ordered emits).
 */
export async function startStatelessConsumer<Ctx>(options: StatelessConsumerOptions<Ctx>): Promise<Subscription> {
  const { bus, log, durable, reactions, context, freshForMs } = options;
  /** The reactions that take an envelope, and the envelope parsed (null: none takes it, or it is stale). */
  const taken = (envelope: EventEnvelope) => {
    const taking = reactions.filter((r) => r.handles.some((contract) => contract.type === envelope.type));
    if (taking.length === 0) return null;
    if (freshForMs !== undefined && Date.now() - Date.parse(envelope.occurredAt) > freshForMs) {
      log.debug({ eventId: envelope.id, type: envelope.type, durable }, 'stale event skipped');
      return null;
    }
    const event = parseConsumed(
      taking.flatMap((r) => r.handles),
      envelope,
    );
    return event ? { event, taking } : null;
  };
  /**
   * Events of a failed batch that every reaction had already handled: the bus hands the batch's
   * events over one by one after a failure, and these are not pushed twice.
   */
  const doneInFailedBatch = new Set<string>();
  const handle = async ({ envelope }: { envelope: EventEnvelope }) => {
    if (doneInFailedBatch.delete(envelope.id)) return;
    const found = taken(envelope);
    if (!found) return;
    for (const reaction of found.taking) await reaction.react(context, found.event);
    log.debug({ eventId: envelope.id, type: envelope.type, durable }, 'event handled');
  };
  // In delivery order; a reaction with `reactAll` takes all of its events where the first of them stands.
  const handleBatch = async (messages: BusMessage[]) => {
    doneInFailedBatch.clear();
    const events = messages.flatMap(({ envelope }) => {
      const found = taken(envelope);
      return found ? [found] : [];
    });
    const together = new Map<Reaction<Ctx>, StatelessEvent[]>();
    for (const { event, taking } of events) for (const r of taking) if (r.reactAll) together.set(r, [...(together.get(r) ?? []), event]);
    const done = new Set<Reaction<Ctx>>();
    const handled: string[] = [];
    try {
      for (const { event, taking } of events) {
        for (const reaction of taking) {
          const all = together.get(reaction);
          if (!all) await reaction.react(context, event);
          else if (!done.has(reaction)) {
            done.add(reaction);
            await reaction.reactAll?.(context, all);
          }
        }
        handled.push(event.envelope.id);
      }
    } catch (error) {
      // Only events whose every reaction ran are whole: a later event's batched reaction may have run, its others not.
      for (const id of handled) doneInFailedBatch.add(id);
      throw error;
    }
    log.debug({ events: events.length, durable }, 'events handled');
  };

  const subscriptions: Subscription[] = [];
  const stopAll = async () => void (await Promise.all(subscriptions.map((s) => s.stop())));
  try {
    for (const publisher of publishersOf(reactions)) {
      const { stream, subjects } = serviceStream(publisher);
      // The publisher may not have started yet (cluster mode): its stream is made as it makes it.
      await bus.ensureStream(stream, subjects);
      const filterSubject = subjects[0] ?? `${publisher}.>`;
      subscriptions.push(
        await bus.consume(
          tracedConsumer({
            stream,
            durable,
            filterSubject,
            handle,
            handleBatch,
            ...(options.maxDeliver && { maxDeliver: options.maxDeliver }),
            ...(options.ready && { ready: options.ready }),
          }),
        ),
      );
    }
  } catch (error) {
    await stopAll();
    throw error;
  }
  return { stop: stopAll };
}
