import { ChannelMessageUpdated, SOCKET_EVENTS } from '@commonwork/contracts';
import { rooms } from '../rooms.ts';
import { defineBroadcast } from './broadcast.ts';
import { emitChangeInOrder } from './changeOrder.ts';

/**
 * A channel message was edited, deleted or reacted to: `message-updated`, the whole message, to the
 * channel's room, once and in the order the changes were made. A client that was away asks
 * messaging for `GET /api/chat/channels/{id}/messages?changedAfter=<highest revision seen>`.
 */
export const onChannelMessageUpdated = defineBroadcast(ChannelMessageUpdated, async (ctx, { channelId, message }) => {
  emitChangeInOrder(ctx, channelId, message.revision, () => {
    ctx.io.to(rooms.channel(channelId)).emit(SOCKET_EVENTS.messageUpdated, message);
  });
});
