/**
 * Room names: `<kind>:<id>` (ARCHITECTURE §7). A room is joined only after authentication and an
 * access check. Chats have no room of their own: a chat's messages go to both participants' user
 * rooms, because the inbox list shows every conversation live, not just the open one.
 */
export const rooms = {
  /** Every socket of one person, on every replica and device. */
  user: (userId: string) => `user:${userId}`,
  channel: (channelId: string) => `channel:${channelId}`,
};

/** The key a chat's messages are put in sequence order under (ordering.ts); not a room. */
export const chatSequenceKey = (chatId: string) => `chat:${chatId}`;

/** The channel id of a `channel:<id>` room, or null for any other room. */
export function channelIdOf(room: string): string | null {
  return room.startsWith('channel:') ? room.slice('channel:'.length) : null;
}
