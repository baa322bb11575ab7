import type { ChannelMessage } from '@commonwork/contracts';
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
  /** Messages from the server: a page, a catch-up, `new-message` or `message-updated`. */
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

interface Author {
  id: string;
  name: string;
  email: string;
  picture: string;
}

/**
 * The optimistic copy of a message: its `_id` is a fresh client id, sent as `clientId` with the
 * socket send and the REST fallback alike, so the server keeps one message whichever arrives.
 */
export function pendingMessage(input: { clientId: string; channelId: string; content: string; author: Author; now: Date }): PaneMessage {
  const at = input.now.toISOString();
  const { author } = input;
  return {
    _id: input.clientId,
    id: input.clientId,
    content: input.content,
    sender: {
      _id: author.id,
      name: author.name,
      email: author.email,
      profilePicture: author.picture,
      picture: author.picture,
      status: 'online',
    },
    channel: input.channelId,
    sequence: 0,
    clientId: input.clientId,
    createdAt: at,
    updatedAt: at,
    type: 'text',
    attachments: [],
    mentions: [],
    reactions: [],
    isEdited: false,
    pending: true,
  };
}

/** A client id for a new message. */
export const newClientId = () => `tmp-${crypto.randomUUID()}`;
