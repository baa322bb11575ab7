import { type MessageSentPayload, SendMessagePayload, SOCKET_EVENTS, type SocketAck } from '@commonwork/contracts';
import type { RealtimeSocket } from '../types.ts';
import { defineHandler } from './context.ts';

/**
 * `send-message {channelId, content, type, clientId}`: persists through messaging with the
 * person's token, then answers with the ack (when given) and `message-sent {success, message}`.
 * The broadcast to the channel does not happen here: it comes from messaging's
 * `channel.message_posted` event, so a message sent by REST reaches the room the same way.
 */
export const sendMessage = defineHandler(SOCKET_EVENTS.sendMessage, async ({ messaging, log }, socket, payload, ack) => {
  const input = SendMessagePayload.safeParse(payload);
  if (!input.success) {
    const error = input.error.issues[0]?.message ?? 'Invalid message';
    socket.emit(SOCKET_EVENTS.error, { message: error });
    return answer(socket, ack, { success: false, error });
  }
  const { channelId, ...body } = input.data;
  const posted = await messaging.postChannelMessage(socket.data.token, channelId, body);
  if (!posted.ok) {
    log.debug({ userId: socket.data.userId, channelId, status: posted.status }, 'send-message refused');
    return answer(socket, ack, { success: false, error: posted.message });
  }
  answer(socket, ack, { success: true, message: posted.data });
});

function answer(socket: RealtimeSocket, ack: SocketAck<'send-message'> | undefined, result: MessageSentPayload) {
  ack?.(result);
  socket.emit(SOCKET_EVENTS.messageSent, result);
}
