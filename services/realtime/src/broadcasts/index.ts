import type { EventEnvelope } from '@commonwork/contracts';
import { type EventBus, type Subscription, serviceStream, UnprocessableEvent } from '@commonwork/kit';
import type { Broadcast, BroadcastContext } from './broadcast.ts';
import { onChannelCreated } from './onChannelCreated.ts';
import { onChannelMemberJoined } from './onChannelMemberJoined.ts';
import { onChannelMemberLeft } from './onChannelMemberLeft.ts';
import { onChannelMessagePosted } from './onChannelMessagePosted.ts';
import { onChatCreated } from './onChatCreated.ts';
import { onChatMessagePosted } from './onChatMessagePosted.ts';
import { onConversationRead } from './onConversationRead.ts';
import { onInboxCountChanged } from './onInboxCountChanged.ts';
import { onInboxNotified } from './onInboxNotified.ts';

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
  onInboxCountChanged,
  onInboxNotified,
];

/** The services whose streams the broadcasts read. */
const SOURCES = ['messaging', 'notifications'] as const;

/** The durable consumer (one per source stream) all replicas share: each event is handled by exactly one of them. */
export const BROADCAST_DURABLE = 'realtime-broadcast';

/**
 * Live pushes are worth sending only while fresh: an event older than this (a replica catching up
 * after an outage, or a new durable reading the stream from its start) is skipped, because its
 * readers have reconnected since and fetched what they missed with the `after` cursor.
 */
export const STALE_AFTER_MS = 120_000;

/** Starts the shared consumer of each source's stream; each handled event is acked after its emits. */
export async function startBroadcasts(bus: EventBus, ctx: BroadcastContext): Promise<Subscription> {
  const byType = new Map(BROADCASTS.map((b) => [b.type, b]));
  const handle = async ({ envelope }: { envelope: EventEnvelope }) => {
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
  };
  const subscriptions: Subscription[] = [];
  try {
    for (const source of SOURCES) {
      const { stream, subjects } = serviceStream(source);
      // The source may not have started yet (cluster mode): its stream is created the same way it creates it.
      await bus.ensureStream(stream, subjects);
      subscriptions.push(await bus.consume({ stream, durable: BROADCAST_DURABLE, filterSubject: subjects[0] ?? `${source}.>`, handle }));
    }
  } catch (error) {
    await Promise.all(subscriptions.map((s) => s.stop()));
    throw error;
  }
  return { stop: async () => void (await Promise.all(subscriptions.map((s) => s.stop()))) };
}
