import { type EventBus, type Subscription, startStatelessConsumer } from '@commonwork/kit';
import type { Broadcast, BroadcastContext } from './broadcast.ts';
import { onChannelCreated } from './onChannelCreated.ts';
import { onChannelMarked } from './onChannelMarked.ts';
import { onChannelMemberJoined } from './onChannelMemberJoined.ts';
import { onChannelMemberLeft } from './onChannelMemberLeft.ts';
import { onChannelMessagePosted } from './onChannelMessagePosted.ts';
import { onChannelMessageUpdated } from './onChannelMessageUpdated.ts';
import { onChatCreated } from './onChatCreated.ts';
import { onChatMessagePosted } from './onChatMessagePosted.ts';
import { onChatMessageUpdated } from './onChatMessageUpdated.ts';
import { onConversationRead } from './onConversationRead.ts';
import { onInboxCountChanged } from './onInboxCountChanged.ts';
import { onInboxNotified } from './onInboxNotified.ts';

export type { BroadcastContext } from './broadcast.ts';

/** Every domain event the realtime tier turns into socket events. */
export const BROADCASTS: readonly Broadcast[] = [
  onChannelCreated,
  onChannelMarked,
  onChannelMemberJoined,
  onChannelMemberLeft,
  onChannelMessagePosted,
  onChannelMessageUpdated,
  onChatCreated,
  onChatMessagePosted,
  onChatMessageUpdated,
  onConversationRead,
  onInboxCountChanged,
  onInboxNotified,
];

/** The durable consumer (one per source stream) all replicas share: each event is handled by exactly one of them. */
export const BROADCAST_DURABLE = 'realtime-broadcast';

/**
 * Live pushes are worth sending only while fresh: an event older than this (a replica catching up
 * after an outage, or a new durable reading the stream from its start) is skipped, because its
 * readers have reconnected since and fetched what they missed with the `after` cursor.
 */
export const STALE_AFTER_MS = 120_000;

/**
 * Starts the shared consumer of each stream the broadcasts read (messaging's and notifications'),
 * through the kit's stateless consumer; each handled event is acked after its emits. While `ready`
 * says no (a replica cut from Redis can neither order nor fan out), the other replicas take them all.
 */
export function startBroadcasts(bus: EventBus, ctx: BroadcastContext, ready?: () => boolean): Promise<Subscription> {
  return startStatelessConsumer({
    bus,
    log: ctx.log,
    durable: BROADCAST_DURABLE,
    reactions: BROADCASTS,
    context: ctx,
    freshForMs: STALE_AFTER_MS,
    ...(ready && { ready }),
  });
}
