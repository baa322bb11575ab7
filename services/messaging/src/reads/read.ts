/** A user's read marks, one stream per user (messaging's own events). */
export type ReadEvent = {
  type: 'ConversationRead';
  data: { userId: string; kind: 'channel' | 'chat'; conversationId: string; readSequence: number; unreadCount: number };
};

export const readStreamId = (userId: string) => `reads-${userId}`;
