import { ConversationRead, SOCKET_EVENTS } from '@commonwork/contracts';
import { rooms } from '../rooms.ts';
import { defineBroadcast } from './broadcast.ts';

/**
 * Someone read a conversation: `unread-count` to all their devices. The count is messaging's, from
 * server sequences; `readSequence` lets a client ignore an older count that arrives late.
 */
export const onConversationRead = defineBroadcast(ConversationRead, async ({ io }, data) => {
  const { kind, conversationId, unreadCount, readSequence } = data;
  io.to(rooms.user(data.userId)).emit(SOCKET_EVENTS.unreadCount, { kind, conversationId, unreadCount, readSequence });
});
