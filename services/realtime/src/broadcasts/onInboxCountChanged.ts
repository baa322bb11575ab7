import { InboxCountChanged, SOCKET_EVENTS } from '@commonwork/contracts';
import { rooms } from '../rooms.ts';
import { defineBroadcast } from './broadcast.ts';

/** Notifications read or deleted: the new unread count to all the person's devices (another tab's badge too). */
export const onInboxCountChanged = defineBroadcast(InboxCountChanged, async ({ io }, data) => {
  const { unreadCount, revision } = data;
  io.to(rooms.user(data.userId)).emit(SOCKET_EVENTS.notificationCount, { unreadCount, revision });
});
