import { ChatMessagePosted, SOCKET_EVENTS } from '@commonwork/contracts';
import { chatSequenceKey, rooms } from '../rooms.ts';
import { defineBroadcast } from './broadcast.ts';

/**
 * A chat message was posted: `new-chat-message` to every device of both participants (their user
 * rooms, so the inbox list updates too), once and in sequence order. Missed ones come back through
 * `GET /api/chat/{chatId}/messages?after=<last sequence seen>`.
 */
export const onChatMessagePosted = defineBroadcast(ChatMessagePosted, async ({ io, ordered }, { chatId, participantIds, message }) => {
  await ordered.inOrder(chatSequenceKey(chatId), message.sequence, () => {
    io.to(participantIds.map(rooms.user)).emit(SOCKET_EVENTS.newChatMessage, message);
  });
});
