import { type ChannelMessage, channelMessage, type MessageAuthor } from '@commonwork/contracts';
import { mergeMessages, withoutMessage } from '../../shared/conversation/index.ts';

/** A message in the pane: the server's, or the optimistic copy shown while it is being sent. */
export type PaneMessage = ChannelMessage & { pending?: boolean };

/** What happens to a channel's message list (spec 002 §4, sending and incoming events). */
export type PaneAction =
  /** 1. A temporary message appears at once. */
  | { type: 'sending'; message: PaneMessage }
  /** 4. The temporary message is replaced by the server's message. */
  | { type: 'sent'; message: ChannelMessage }
  /** 5. On failure the temporary message is removed. */
  | { type: 'failed'; clientId: string }
  /** Messages from the server: a page, a catch-up or `new-message`. */
  | { type: 'received'; messages: ChannelMessage[] };

/** The message list after an action: ordered by sequence, one copy per id and clientId. */
export function paneReducer(state: readonly PaneMessage[], action: PaneAction): PaneMessage[] {
  switch (action.type) {
    case 'sending':
      return mergeMessages(state, [action.message]);
    case 'sent':
      return mergeMessages<PaneMessage>(state, [action.message]);
    case 'failed':
      return withoutMessage(state, action.clientId);
    case 'received':
      return mergeMessages<PaneMessage>(state, action.messages);
    default: {
      const never: never = action;
      return never;
    }
  }
}

/**
 * The optimistic copy of a message: its `_id` is a fresh client id, sent as `clientId` with the
 * socket send and the REST fallback alike, so the server keeps one message whichever arrives. It
 * is built like the server's copies (contracts' `channelMessage`), with sequence 0 until the
 * server's copy replaces it.
 */
export function pendingMessage(input: {
  clientId: string;
  channelId: string;
  content: string;
  author: MessageAuthor;
  now: Date;
}): PaneMessage {
  const { clientId, channelId, content, author } = input;
  const message = channelMessage({
    id: clientId,
    channelId,
    sequence: 0,
    sender: author,
    content,
    clientId,
    createdAt: input.now.toISOString(),
  });
  return { ...message, pending: true };
}

/** A client id for a new message. */
export const newClientId = () => `tmp-${crypto.randomUUID()}`;
