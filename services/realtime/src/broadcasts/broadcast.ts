import type { EventContract } from '@commonwork/contracts';
import { defineBatchReaction, defineReaction, inSpan, type Logger, metric, metricsOn, type Reaction } from '@commonwork/kit';
import type { z } from 'zod';
import type { OrderedEmitter } from '../ordering.ts';
import type { Presence } from '../presence.ts';
import type { RealtimeServer } from '../types.ts';
import type { ChangeBatches } from './changeBatches.ts';
import type { ChannelUpdates } from './channelUpdates.ts';

/** What a broadcast may use. Emits go through the adapter: they reach the room on every replica. */
export interface BroadcastContext {
  io: RealtimeServer;
  ordered: OrderedEmitter;
  /** `channel-updated`, throttled per channel; one per server, closed when it stops. */
  channelUpdates: ChannelUpdates;
  /** Channel message changes, gathered into a few frames a second per channel; one per server, closed when it stops. */
  channelChanges: ChangeBatches;
  presence: Presence;
  log: Logger;
}

/** One reaction to a domain event: the emits it makes, run by the kit's stateless consumer. */
export type Broadcast = Reaction<BroadcastContext>;

/** Binds a handler to its event contract; the consumer checks the version and parses the payload with the contract's schema first. */
export function defineBroadcast<T extends string, S extends z.ZodType>(
  event: EventContract<T, S>,
  handle: (ctx: BroadcastContext, data: z.output<S>) => Promise<void>,
): Broadcast {
  // A span per broadcast, in the trace of the event it pushes (the consumer's span is its parent).
  const span = `realtime broadcast ${event.type}`;
  return defineReaction<BroadcastContext, readonly [EventContract<T, S>]>([event], async (ctx, { data, envelope }) => {
    await inSpan(span, {}, () => handle(ctx, data));
    // Its emits are out (a message's once the ordering gate let it through): what a reader waits
    // for after the commit. Message changes gathered into frames (changeBatches) leave up to a
    // frame's window (250 ms) later. Metrics off, nothing is read or built for it.
    if (!metricsOn()) return;
    const seconds = Math.max(0, Date.now() - Date.parse(envelope.occurredAt)) / 1000;
    metric.realtimeDelivery.record(seconds, { service: 'realtime', event: event.type });
  });
}

/**
 * A broadcast that takes every event of its kind in a pulled batch at once (the kit's batch
 * reaction), so it can emit a channel's messages by the run; one event alone is a batch of one.
 */
export function defineRunBroadcast<T extends string, S extends z.ZodType>(
  event: EventContract<T, S>,
  handleAll: (ctx: BroadcastContext, data: z.output<S>[]) => Promise<void>,
): Broadcast {
  const span = `realtime broadcast ${event.type}`;
  return defineBatchReaction<BroadcastContext, readonly [EventContract<T, S>]>([event], async (ctx, events) => {
    await inSpan(
      span,
      () => ({ attributes: { 'messaging.batch.message_count': events.length } }),
      () =>
        handleAll(
          ctx,
          events.map((e) => e.data),
        ),
    );
    if (!metricsOn()) return;
    const now = Date.now();
    for (const { envelope } of events) {
      const seconds = Math.max(0, now - Date.parse(envelope.occurredAt)) / 1000;
      metric.realtimeDelivery.record(seconds, { service: 'realtime', event: event.type });
    }
  });
}

/** The events of a batch by the conversation they belong to, each conversation's in delivery order. */
export function byConversation<T>(events: readonly T[], conversationOf: (event: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const event of events) {
    const key = conversationOf(event);
    groups.set(key, [...(groups.get(key) ?? []), event]);
  }
  return groups;
}
