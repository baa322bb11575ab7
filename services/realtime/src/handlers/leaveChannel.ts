import { JoinChannelPayload, SOCKET_EVENTS } from '@commonwork/contracts';
import { rooms } from '../rooms.ts';
import { defineHandler, validate } from './context.ts';

/** `leave-channel {id}`: stops this socket's live messages from one channel (switching channels). */
export const leaveChannel = defineHandler(SOCKET_EVENTS.leaveChannel, async (_ctx, socket, payload, ack) => {
  const input = validate(JoinChannelPayload, payload, socket, ack);
  if (!input) return;
  const channelId = 'id' in input ? input.id : input.channelId;
  await socket.leave(rooms.channel(channelId));
  ack?.({ success: true, channelId });
});
