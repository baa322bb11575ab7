import { ChatMessagePosted, SOCKET_EVENTS } from '@commonwork/contracts';
import { chatSequenceKey, rooms } from '../rooms.ts';
import { byConversation, defineRunBroadcast } from './broadcast.ts';

/**
 * Chat messages were posted: `new-chat-message` to every device of both participants (their user
 * rooms, so the inbox list updates too), once and in sequence order, a conversation's consecutive
 * messages under one claim of the ordering gate (a run's emits in one block). Missed ones come back
 * through `GET /api/chat/{chatId}/messages?after=<last sequence seen>`.
 */
export const onChatMessagePosted = defineRunBroadcast(ChatMessagePosted, async ({ io, ordered }, posted) => {
  const chats = byConversation(posted, (data) => data.chatId);
  await Promise.all(
    [...chats].map(([chatId, messages]) =>
      ordered.inOrderRuns(
        chatSequenceKey(chatId),
        messages.map((data) => ({ sequence: data.message.sequence, message: data })),
        (run) => {
          for (const { participantIds, message } of run) io.to(participantIds.map(rooms.user)).emit(SOCKET_EVENTS.newChatMessage, message);
        },
      ),
    ),
  );
});
