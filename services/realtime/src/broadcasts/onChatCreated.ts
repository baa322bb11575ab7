import { ChatCreated, SOCKET_EVENTS } from '@commonwork/contracts';
import { rooms } from '../rooms.ts';
import { defineBroadcast } from './broadcast.ts';

/** A gig conversation started: both participants' sockets join its room and hear `chat-created`. */
export const onChatCreated = defineBroadcast(ChatCreated, async ({ io }, data) => {
  const participants = data.participantIds.map(rooms.user);
  io.in(participants).socketsJoin(rooms.chat(data.chatId));
  io.to(participants).emit(SOCKET_EVENTS.chatCreated, data);
});
