import { JoinChannelPayload, SOCKET_EVENTS } from '@commonwork/contracts';
import { rooms } from '../rooms.ts';
import { defineHandler, fail, validate } from './context.ts';

/** `join-channel {id}`: joins one channel's room if messaging lets this person read the channel. */
export const joinChannel = defineHandler(SOCKET_EVENTS.joinChannel, async ({ messaging }, socket, payload, ack) => {
  const input = validate(JoinChannelPayload, payload, socket, ack);
  if (!input) return;
  const channelId = 'id' in input ? input.id : input.channelId;
  // Messaging is the authority on who may read: its access route, with the person's own token.
  const answer = await messaging.canReadChannel(socket.data.token, channelId);
  if (!answer.ok) return fail(socket, ack, answer.message);
  await socket.join(rooms.channel(channelId));
  socket.emit(SOCKET_EVENTS.channelJoined, { channelId });
  ack?.({ success: true, channelId });
});
