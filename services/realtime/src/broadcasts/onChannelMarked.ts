import { ChannelMarked, SOCKET_EVENTS } from '@commonwork/contracts';
import { rooms } from '../rooms.ts';
import { defineBroadcast } from './broadcast.ts';

/** Someone pinned or starred a channel: `channel-marked` to their own sockets only, so their other tabs follow. */
export const onChannelMarked = defineBroadcast(ChannelMarked, async ({ io }, { userId, channelId, isPinned, isStarred }) => {
  io.to(rooms.user(userId)).emit(SOCKET_EVENTS.channelMarked, { channelId, isPinned, isStarred });
});
