import { ChannelMemberJoined, SOCKET_EVENTS } from '@commonwork/contracts';
import { rooms } from '../rooms.ts';
import { defineBroadcast } from './broadcast.ts';

/**
 * Someone joined a channel (by link, by posting in a public one, or as its creator): their sockets
 * join the room, and their clients are asked to join too (`request-channel-join`, spec 002 §4), so
 * each re-reads the channel through its own authorised `join-channel`.
 */
export const onChannelMemberJoined = defineBroadcast(ChannelMemberJoined, async ({ io, presence }, { channelId, userId }) => {
  io.in(rooms.user(userId)).socketsJoin(rooms.channel(channelId));
  await presence.shownIn(userId, [channelId]);
  io.to(rooms.user(userId)).emit(SOCKET_EVENTS.requestChannelJoin, { channelId });
});
