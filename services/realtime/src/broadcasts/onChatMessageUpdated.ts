import { ChatMessageUpdated, SOCKET_EVENTS } from '@commonwork/contracts';
import { rooms } from '../rooms.ts';
import { defineBroadcast } from './broadcast.ts';
import { emitChangeInOrder } from './changeOrder.ts';

/**
 * A chat message was edited, deleted or reacted to: `chat-message-updated` to every device of both
 * participants (their user rooms, as new chat messages go), once and in the order of the changes.
 * Missed ones come back through `GET /api/chat/{chatId}/messages?changedAfter=<highest revision seen>`.
 */
export const onChatMessageUpdated = defineBroadcast(ChatMessageUpdated, async (ctx, { chatId, participantIds, message }) => {
  emitChangeInOrder(ctx, chatId, message.revision, () => {
    ctx.io.to(participantIds.map(rooms.user)).emit(SOCKET_EVENTS.chatMessageUpdated, message);
  });
});
