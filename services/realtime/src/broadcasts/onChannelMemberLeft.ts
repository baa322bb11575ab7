import { ChannelMemberLeft } from '@commonwork/contracts';
import { rooms } from '../rooms.ts';
import { defineBroadcast } from './broadcast.ts';

/**
 * Someone left a channel (an event channel, when they gave up their seat): their sockets leave its
 * room at once, so no further message of a private channel reaches them.
 */
export const onChannelMemberLeft = defineBroadcast(ChannelMemberLeft, async ({ io }, { channelId, userId }) => {
  io.in(rooms.user(userId)).socketsLeave(rooms.channel(channelId));
});
