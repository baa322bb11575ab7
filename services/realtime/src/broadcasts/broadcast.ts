import type { EventContract, EventEnvelope } from '@commonwork/contracts';
import { type Logger, UnprocessableEvent } from '@commonwork/kit';
import type { z } from 'zod';
import type { OrderedEmitter } from '../ordering.ts';
import type { Presence } from '../presence.ts';
import type { RealtimeServer } from '../types.ts';
import type { ChannelUpdates } from './channelUpdates.ts';

/** What a broadcast may use. Emits go through the adapter: they reach the room on every replica. */
export interface BroadcastContext {
  io: RealtimeServer;
  ordered: OrderedEmitter;
  /** `channel-updated`, throttled per channel; one per server, closed when it stops. */
  channelUpdates: ChannelUpdates;
  presence: Presence;
  log: Logger;
}

/** One reaction to a domain event: the event it handles and the emits it makes. */
export interface Broadcast {
  type: string;
  version: number;
  run: (ctx: BroadcastContext, envelope: EventEnvelope) => Promise<void>;
}

/** Binds a handler to its event contract; the payload is validated with the contract's schema first. */
export function defineBroadcast<S extends z.ZodType>(
  event: EventContract<string, S>,
  handle: (ctx: BroadcastContext, data: z.output<S>) => Promise<void>,
): Broadcast {
  return {
    type: event.type,
    version: event.version,
    run: (ctx, envelope) => {
      const parsed = event.schema.safeParse(envelope.data);
      if (!parsed.success) throw new UnprocessableEvent(`${envelope.type} payload rejected: ${parsed.error.message}`);
      return handle(ctx, parsed.data);
    },
  };
}
