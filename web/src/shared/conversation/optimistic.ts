import { mergeMessages, type Sequenced, withoutMessage } from './conversation.ts';

/** What happens to a conversation's messages while one is sent (spec 002 §4) and as others arrive. */
export type SendAction<M extends Sequenced> =
  /** 1. A temporary message appears at once. */
  | { type: 'sending'; message: M }
  /** 4. The temporary message is replaced by the server's message. */
  | { type: 'sent'; message: M }
  /** 5. On failure the temporary message is removed. */
  | { type: 'failed'; clientId: string }
  /** Messages from the server: a page, a catch-up or a live one. */
  | { type: 'received'; messages: readonly M[] };

/** The messages after an action: ordered by sequence, one copy per id and clientId. */
export function sendReducer<M extends Sequenced>(state: readonly M[], action: SendAction<M>): M[] {
  switch (action.type) {
    case 'sending':
    case 'sent':
      return mergeMessages(state, [action.message]);
    case 'failed':
      return withoutMessage(state, action.clientId);
    case 'received':
      return mergeMessages(state, action.messages);
    default: {
      const never: never = action;
      return never;
    }
  }
}

/**
 * A client id for a new message: the optimistic copy's `_id`, sent as `clientId` with every way of
 * sending it, so the server keeps one message whichever arrives.
 */
export const newClientId = () => `tmp-${crypto.randomUUID()}`;
