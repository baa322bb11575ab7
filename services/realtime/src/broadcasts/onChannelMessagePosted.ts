import { ChannelMessagePosted, SOCKET_EVENTS } from '@commonwork/contracts';
import { rooms } from '../rooms.ts';
import { defineBroadcast } from './broadcast.ts';

/**
 * A channel message was posted: `new-message` and `channel-updated` to the channel's room, once
 * and in sequence order across replicas. Socket.IO delivers at most once: a client that was
 * disconnected asks messaging for `GET /api/chat/channels/{id}/messages?after=<last sequence seen>`.
 */
export const onChannelMessagePosted = defineBroadcast(ChannelMessagePosted, async ({ io, ordered }, data) => {
  const { channelId, message } = data;
  await ordered.inOrder(rooms.channel(channelId), message.sequence, () => {
    const room = io.to(rooms.channel(channelId));
    room.emit(SOCKET_EVENTS.newMessage, message);
    room.emit(SOCKET_EVENTS.channelUpdated, {
      channelId,
      lastActivity: data.lastActivity,
      messageCount: data.messageCount,
      lastSequence: message.sequence,
    });
  });
});
