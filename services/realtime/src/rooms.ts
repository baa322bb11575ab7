/** Room names: `<kind>:<id>` (ARCHITECTURE §7). A room is joined only after authentication and an access check. */
export const rooms = {
  /** Every socket of one person, on every replica and device. */
  user: (userId: string) => `user:${userId}`,
  channel: (channelId: string) => `channel:${channelId}`,
  chat: (chatId: string) => `chat:${chatId}`,
};

/** The channel id of a `channel:<id>` room, or null for any other room. */
export function channelIdOf(room: string): string | null {
  return room.startsWith('channel:') ? room.slice('channel:'.length) : null;
}
