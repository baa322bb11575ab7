import { ChannelMessagePosted, SOCKET_EVENTS } from '@commonwork/contracts';
import { inSpan } from '@commonwork/kit';
import { rooms } from '../rooms.ts';
import { defineBroadcast } from './broadcast.ts';

/**
 * A channel message was posted: `new-message` to the channel's room, once and in sequence order
 * across replicas. Clients advance the channel's last sequence and activity from the message
 * itself; `channel-updated` (which adds the message count) goes out at most once a second per
 * channel and replica, with the latest values (see channelUpdates.ts). Socket.IO delivers at most
 * once: a client that was disconnected asks messaging for
 * `GET /api/chat/channels/{id}/messages?after=<last sequence seen>`.
 */
export const onChannelMessagePosted = defineBroadcast(ChannelMessagePosted, async ({ io, ordered, channelUpdates }, data) => {
  const { channelId, message } = data;
  await ordered.inOrder(rooms.channel(channelId), message.sequence, () => {
    const room = rooms.channel(channelId);
    // The emit as a span of the post's trace (the adapter carries it to every replica's sockets).
    void inSpan(
      `socket.io emit ${SOCKET_EVENTS.newMessage}`,
      { attributes: { 'messaging.system': 'socket.io', 'messaging.destination.name': room } },
      () => void io.to(room).emit(SOCKET_EVENTS.newMessage, message),
    );
    channelUpdates.publish({ channelId, lastActivity: data.lastActivity, messageCount: data.messageCount, lastSequence: message.sequence });
  });
});
