import { JoinChannelPayload, SOCKET_EVENTS } from '@commonwork/contracts';
import { rooms } from '../rooms.ts';
import { fail, type SocketHandler, validate } from './context.ts';

/** `join-channel {id}`: joins one channel's room if messaging lets this person read the channel. */
export const joinChannel: SocketHandler = {
  event: SOCKET_EVENTS.joinChannel,
  handle: async ({ messaging }, socket, payload, ack) => {
    const input = validate(JoinChannelPayload, payload, socket, ack);
    if (!input) return;
    const channelId = 'id' in input ? input.id : input.channelId;
    // Messaging is the authority on who may read: the same call a client would make, with the person's token.
    const answer = await messaging.canReadChannel(socket.data.token, channelId);
    if (!answer.ok) return fail(socket, ack, answer.message);
    await socket.join(rooms.channel(channelId));
    socket.emit(SOCKET_EVENTS.channelJoined, { channelId });
    ack?.({ success: true, channelId });
  },
};
