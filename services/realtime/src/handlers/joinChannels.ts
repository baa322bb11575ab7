import { SOCKET_EVENTS } from '@commonwork/contracts';
import { rooms } from '../rooms.ts';
import { defineHandler, fail } from './context.ts';

/**
 * `join-channels`: joins the rooms of every channel the person belongs to, as messaging lists them
 * for their own token, and answers `channels-joined {channelIds}`. Then it tells this socket which
 * members of those channels are online now, so the members panel starts right.
 */
export const joinChannels = defineHandler(SOCKET_EVENTS.joinChannels, async ({ messaging, presence }, socket, _payload, ack) => {
  const answer = await messaging.listChannels(socket.data.token);
  if (!answer.ok) return fail(socket, ack, answer.message);
  const mine = answer.data.filter((channel) => channel.isMember);
  const channelIds = mine.map((channel) => channel.id);
  await socket.join(channelIds.map(rooms.channel));
  await presence.shownIn(socket.data.userId, channelIds);
  socket.emit(SOCKET_EVENTS.channelsJoined, { channelIds });
  ack?.({ success: true, channelIds });

  const memberIds = [...new Set(mine.flatMap((channel) => channel.members.map((member) => member._id)))];
  for (const userId of await presence.online(memberIds)) {
    socket.emit(SOCKET_EVENTS.userStatusUpdated, { userId, status: 'online' });
  }
});
