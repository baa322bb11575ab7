import { ChatCreated, SOCKET_EVENTS } from '@commonwork/contracts';
import { rooms } from '../rooms.ts';
import { defineBroadcast } from './broadcast.ts';

/** A gig conversation started: both participants' devices hear `chat-created` (their inbox lists refetch). */
export const onChatCreated = defineBroadcast(ChatCreated, async ({ io }, { chatId, gigId, participantIds }) => {
  io.to(participantIds.map(rooms.user)).emit(SOCKET_EVENTS.chatCreated, { chatId, gigId, participantIds });
});
