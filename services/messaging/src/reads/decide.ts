import type { Decider } from '@commonwork/kit';
import { initialReadState, type ReadEvent, type ReadState } from './read.ts';

export type ReadCommand = {
  type: 'MarkRead';
  userId: string;
  kind: 'channel' | 'chat';
  conversationId: string;
  /** The conversation's latest sequence now: nobody reads past it. */
  lastSequence: number;
  /** Up to where; default: everything. */
  sequence?: number | undefined;
  /**
   * Where the read table already stands. Posting reads everything before one's own message (the
   * conversation's projection moves the table), which this stream does not hold.
   */
  alreadyRead: number;
};

export function evolve(state: ReadState, event: ReadEvent): ReadState {
  switch (event.type) {
    case 'ConversationRead':
      return { positions: { ...state.positions, [event.data.conversationId]: event.data.readSequence } };
    default: {
      const never: never = event.type;
      return never;
    }
  }
}

/** Where a user has read a conversation up to, by their marks and their own posts. */
export const readPositionOf = (state: ReadState, conversationId: string, alreadyRead: number) =>
  Math.max(state.positions[conversationId] ?? 0, alreadyRead);

/**
 * Read positions only move forward, so a stale device cannot make messages unread again; a mark
 * at or behind the current position changes nothing.
 */
export function decide(command: ReadCommand, state: ReadState): ReadEvent[] {
  const { userId, kind, conversationId, lastSequence, alreadyRead } = command;
  const target = Math.min(command.sequence ?? lastSequence, lastSequence);
  if (target <= readPositionOf(state, conversationId, alreadyRead)) return [];
  return [{ type: 'ConversationRead', data: { userId, kind, conversationId, readSequence: target, unreadCount: lastSequence - target } }];
}

export const readDecider: Decider<ReadState, ReadCommand, ReadEvent> = { initialState: initialReadState, evolve, decide };
