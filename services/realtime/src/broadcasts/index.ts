import { type EventBus, type Subscription, serviceStream, UnprocessableEvent } from '@commonwork/kit';
import type { Broadcast, BroadcastContext } from './broadcast.ts';
import { onChannelCreated } from './onChannelCreated.ts';
import { onChannelMemberJoined } from './onChannelMemberJoined.ts';
import { onChannelMemberLeft } from './onChannelMemberLeft.ts';
import { onChannelMessagePosted } from './onChannelMessagePosted.ts';
import { onChatCreated } from './onChatCreated.ts';
import { onChatMessagePosted } from './onChatMessagePosted.ts';
import { onConversationRead } from './onConversationRead.ts';

export type { BroadcastContext } from './broadcast.ts';

/** Every domain event the realtime tier turns into socket events. */
export const BROADCASTS: readonly Broadcast[] = [
  onChannelCreated,
  onChannelMemberJoined,
  onChannelMemberLeft,
  onChannelMessagePosted,
  onChatCreated,
  onChatMessagePosted,
  onConversationRead,
];

/** The one durable consumer all replicas share: each event is handled by exactly one of them. */
export const BROADCAST_DURABLE = 'realtime-broadcast';

/**
 * Live pushes are worth sending only while fresh: an event older than this (a replica catching up
 * after an outage, or a new durable reading the stream from its start) is skipped, because its
 * readers have reconnected since and fetched what they missed with the `after` cursor.
 */
export const STALE_AFTER_MS = 120_000;

/** Starts the shared consumer of messaging's stream; each handled event is acked after its emits. */
export async function startBroadcasts(bus: EventBus, ctx: BroadcastContext): Promise<Subscription> {
  const { stream, subjects } = serviceStream('messaging');
  // Messaging may not have started yet (cluster mode): the stream is created the same way it creates it.
  await bus.ensureStream(stream, subjects);
  const byType = new Map(BROADCASTS.map((b) => [b.type, b]));
  return bus.consume({
    stream,
    durable: BROADCAST_DURABLE,
    filterSubject: subjects[0] ?? 'messaging.>',
    handle: async ({ envelope }) => {
      const broadcast = byType.get(envelope.type);
      if (!broadcast) return;
      // The bus dead-letters it: a later replica that understands the version can replay it from there.
      if (envelope.version !== broadcast.version)
        throw new UnprocessableEvent(`${envelope.type} version ${envelope.version} is not understood (expected ${broadcast.version})`);
      if (Date.now() - Date.parse(envelope.occurredAt) > STALE_AFTER_MS) {
        ctx.log.debug({ eventId: envelope.id, type: envelope.type }, 'stale event not broadcast');
        return;
      }
      await broadcast.run(ctx, envelope);
      ctx.log.debug({ eventId: envelope.id, type: envelope.type }, 'event broadcast');
    },
  });
}
