/** A user's read marks, one stream per user (messaging's own events). */
export type ReadEvent = {
  type: 'ConversationRead';
  data: { userId: string; kind: 'channel' | 'chat'; conversationId: string; readSequence: number; unreadCount: number };
};

/** How far a user has read each conversation they marked, folded from their read marks. */
export interface ReadState {
  positions: Record<string, number>;
}

export const initialReadState = (): ReadState => ({ positions: {} });
