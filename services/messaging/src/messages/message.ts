import type { Attachment, ChannelMessage, ChatMessage, MessageApp, MessageAuthor, Reaction } from '@commonwork/contracts';

/** Where a message lives: a channel, or a conversation of two (whose participants every change is sent to). */
export type Conversation = { kind: 'channel'; channelId: string } | { kind: 'chat'; chatId: string; participantIds: string[] };

/**
 * What a message was when it was posted, read from its row by the route: it never changes, so it
 * travels in each command instead of being copied into the message's stream. (The row's content,
 * attachments and mentions are the posted ones until the first change, and from then on the state
 * folded from this stream decides.)
 */
export interface PostedMessage {
  conversation: Conversation;
  messageId: string;
  sequence: number;
  sender: MessageAuthor;
  content: string;
  clientId: string | null;
  /** ISO 8601. */
  createdAt: string;
  attachments: Attachment[];
  mentions: string[];
  /** The incoming webhook that posted a channel message; every copy after a change keeps it. */
  app?: MessageApp | null;
}

/**
 * Who asks, and when. `revision` is the conversation's next change number, taken under the
 * conversation's lock in the same transaction (see routes.ts): a decision that changes the message
 * writes it, one that changes nothing leaves it unused.
 */
interface ChangeRequest {
  message: PostedMessage;
  actorId: string;
  /** A channel admin (the creator): may delete anyone's message in the channel. Never true in a chat. */
  actorModerates: boolean;
  /** ISO 8601. */
  at: string;
  revision: number;
}

export type MessageCommand =
  | ({
      type: 'EditMessage';
      content: string;
      /** Who the new text mentions: resolved by the route from the channel's members (none in a chat). */
      mentions: string[];
    } & ChangeRequest)
  | ({ type: 'DeleteMessage' } & ChangeRequest)
  | ({ type: 'AddReaction'; emoji: string } & ChangeRequest)
  | ({ type: 'RemoveReaction'; emoji: string } & ChangeRequest);

/**
 * The message as it now is, on the wire: each change event carries it whole, so publishing is a
 * mapping and the projection writes the row from it.
 */
export type ChangedMessage =
  | { kind: 'channel'; channelId: string; message: ChannelMessage }
  | {
      kind: 'chat';
      chatId: string;
      participantIds: string[];
      message: ChatMessage;
    };

/** The message aggregate's stored events (stream `message-<messageId>`). */
export type MessageEvent =
  | { type: 'MessageEdited'; data: ChangedMessage }
  | { type: 'MessageDeleted'; data: ChangedMessage }
  | { type: 'ReactionAdded'; data: ChangedMessage & { userId: string; emoji: string } }
  | { type: 'ReactionRemoved'; data: ChangedMessage & { userId: string; emoji: string } };

/** What changed since the message was posted; null until its first change. */
export type MessageState = {
  content: string;
  isEdited: boolean;
  deleted: boolean;
  /** ISO 8601. */
  updatedAt: string;
  reactions: Reaction[];
  attachments: Attachment[];
  mentions: string[];
} | null;
