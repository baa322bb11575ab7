import { InboxNotified, SOCKET_EVENTS } from '@commonwork/contracts';
import { rooms } from '../rooms.ts';
import { defineBroadcast } from './broadcast.ts';

/**
 * A new notification: to all the person's devices with the count it leaves, or only the count when
 * they turned `push` off (the badge stays right; nothing pops up).
 */
export const onInboxNotified = defineBroadcast(InboxNotified, async ({ io }, data) => {
  const { unreadCount, revision, notification } = data;
  const room = io.to(rooms.user(data.userId));
  if (data.live) room.emit(SOCKET_EVENTS.newNotification, { notification, unreadCount, revision });
  else room.emit(SOCKET_EVENTS.notificationCount, { unreadCount, revision });
});
