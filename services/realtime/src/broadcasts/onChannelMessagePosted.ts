import { ChannelMessagePosted, SOCKET_EVENTS } from '@commonwork/contracts';
import { inSpan } from '@commonwork/kit';
import { rooms } from '../rooms.ts';
import { byConversation, defineRunBroadcast } from './broadcast.ts';
import { emitMessageRun } from './messageRuns.ts';

/**
 * Channel messages were posted: to each channel's room, once and in sequence order across replicas,
 * by the run (ordering.ts `inOrderRuns`): the consecutive messages the gate lets through together
 * leave as one run, one packet per socket for clients that read runs (`new-messages`), a
 * `new-message` each for the others (messageRuns.ts). Clients advance the channel's last sequence
 * and activity from the messages themselves; `channel-updated` (which adds the message count) goes
 * out at most once a second per channel and replica, with the latest values (see channelUpdates.ts).
 * Socket.IO delivers at most once: a client that was disconnected asks messaging for
 * `GET /api/chat/channels/{id}/messages?after=<last sequence seen>`.
 */
export const onChannelMessagePosted = defineRunBroadcast(ChannelMessagePosted, async ({ io, ordered, channelUpdates }, posted) => {
  const channels = byConversation(posted, (data) => data.channelId);
  await Promise.all(
    [...channels].map(([channelId, messages]) =>
      ordered.inOrderRuns(
        rooms.channel(channelId),
        messages.map((data) => ({ sequence: data.message.sequence, message: data })),
        (run) => {
          const last = run.at(-1);
          if (!last) return;
          const event = run.length > 1 ? SOCKET_EVENTS.newMessages : SOCKET_EVENTS.newMessage;
          // The emit as a span of the batch's trace (the adapter carries it to every replica's sockets).
          void inSpan(
            `socket.io emit ${event}`,
            () => ({ attributes: { 'messaging.system': 'socket.io', 'messaging.destination.name': rooms.channel(channelId) } }),
            () => emitMessageRun(io, { channelId, messages: run.map((data) => data.message) }),
          );
          channelUpdates.publish({
            channelId,
            lastActivity: last.lastActivity,
            messageCount: last.messageCount,
            lastSequence: last.message.sequence,
          });
        },
      ),
    ),
  );
});
