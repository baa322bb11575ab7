import { JoinChatPayload, SOCKET_EVENTS } from '@commonwork/contracts';
import { rooms } from '../rooms.ts';
import { fail, type SocketHandler, validate } from './context.ts';

/** `join-chat {chatId}`: joins a conversation's room if messaging says the person takes part in it. */
export const joinChat: SocketHandler = {
  event: SOCKET_EVENTS.joinChat,
  handle: async ({ messaging }, socket, payload, ack) => {
    const input = validate(JoinChatPayload, payload, socket, ack);
    if (!input) return;
    const answer = await messaging.canReadChat(socket.data.token, input.chatId);
    if (!answer.ok) return fail(socket, ack, answer.message);
    await socket.join(rooms.chat(input.chatId));
    ack?.({ success: true, chatId: input.chatId });
  },
};
