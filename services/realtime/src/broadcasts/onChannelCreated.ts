import { ChannelCreated, SOCKET_EVENTS } from '@commonwork/contracts';
import { rooms } from '../rooms.ts';
import { defineBroadcast } from './broadcast.ts';

/** A channel was created: the creator's sockets, on every replica and device, join its room. */
export const onChannelCreated = defineBroadcast(ChannelCreated, async ({ io, presence }, { channelId, creatorId }) => {
  io.in(rooms.user(creatorId)).socketsJoin(rooms.channel(channelId));
  await presence.shownIn(creatorId, [channelId]);
  io.to(rooms.user(creatorId)).emit(SOCKET_EVENTS.channelJoined, { channelId });
});
