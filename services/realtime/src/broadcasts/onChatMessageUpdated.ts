import { ChatMessageUpdated, SOCKET_EVENTS } from '@commonwork/contracts';
import { rooms } from '../rooms.ts';
import { defineBroadcast } from './broadcast.ts';
import { changeOrderKey } from './changeOrder.ts';

/**
 * A chat message was edited, deleted or reacted to: `chat-message-updated` to every device of both
 * participants (their user rooms, as new chat messages go), once and in the order of the changes.
 * Missed ones come back through `GET /api/chat/{chatId}/messages?changedAfter=<highest revision seen>`.
 */
export const onChatMessageUpdated = defineBroadcast(ChatMessageUpdated, async ({ io, ordered }, { chatId, participantIds, message }) => {
  await ordered.inOrder(changeOrderKey(chatId), message.revision, () => {
    io.to(participantIds.map(rooms.user)).emit(SOCKET_EVENTS.chatMessageUpdated, message);
  });
});
