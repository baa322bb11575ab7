import type { Attachment, Channel, ChannelMessage, Chat, ChatMessage, MessageAuthor, ServerToClientEvents } from '@commonwork/contracts';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { CursorQuery } from './catchUp.ts';

/** What the shared module knows of each kind of conversation: the community's channels and the inbox's chats. */
interface Kinds {
  channel: { conversation: Channel; message: ChannelMessage };
  chat: { conversation: Chat; message: ChatMessage };
}

export type ConversationKind = keyof Kinds;
/** A conversation as its list holds it (a channel, a chat). */
export type ConversationOf<K extends ConversationKind> = Kinds[K]['conversation'];
/** A message as a screen holds it: the server's, or the copy shown while it is being sent. */
export type MessageOf<K extends ConversationKind> = Kinds[K]['message'] & { pending?: boolean };

/** The socket event that brings each kind's new messages (the channel's room, the participants' user rooms). */
export const LIVE_MESSAGE_EVENT = { channel: 'new-message', chat: 'new-chat-message' } as const satisfies Record<
  ConversationKind,
  keyof ServerToClientEvents
>;

/** The socket event that brings a changed message (edited, deleted, reacted to), to the same rooms. */
export const LIVE_UPDATE_EVENT = { channel: 'message-updated', chat: 'chat-message-updated' } as const satisfies Record<
  ConversationKind,
  keyof ServerToClientEvents
>;

/** The newest page (page 1) or a cursor page of a conversation's messages. */
export type MessagesQuery = { page: number; limit: number } | CursorQuery;

/** What the person typed, as every way of sending carries it (more fields, such as attachments, join it here). */
export interface OutgoingMessage {
  content: string;
  /** Uploads of the sender's sent with it (the server checks they are theirs). */
  attachments?: Attachment[];
}

/** A read position as the server answers a read mark. */
export interface ReadPosition {
  readSequence: number;
  unreadCount: number;
}

/**
 * One kind of conversation, as the shared lists, panes and hooks reach it: its cache keys, its HTTP
 * calls (typed by the contracts' routes in the area) and how its list entry moves with a message.
 * A new message action (an edit, a reaction) is one more member here, written once per kind.
 */
export interface ConversationSource<K extends ConversationKind> {
  readonly kind: K;
  /** Every query of the area's conversation list starts with this key (read again after a reconnect). */
  readonly listKey: QueryKey;
  /** A conversation's messages, kept apart from the list so refreshing the list never refetches them. */
  messagesKey(conversationId: string): QueryKey;
  /** The conversation a message belongs to. */
  conversationOf(message: MessageOf<K>): string;
  /** GET …/messages with a page or a cursor, oldest first. */
  readMessages(
    conversationId: string,
    query: MessagesQuery,
    signal?: AbortSignal,
  ): Promise<{ messages: MessageOf<K>[]; hasMore: boolean; revision: number }>;
  /** POST …/messages with the sender's `clientId`, so a retried post is one message. */
  postMessage(conversationId: string, message: OutgoingMessage, clientId: string): Promise<MessageOf<K>>;
  /** PATCH …/messages/{messageId} `{content}`: the author's new text. */
  editMessage(conversationId: string, messageId: string, content: string): Promise<MessageOf<K>>;
  /** DELETE …/messages/{messageId}: the tombstone the message becomes. */
  deleteMessage(conversationId: string, messageId: string): Promise<MessageOf<K>>;
  /** PUT (`on`) or DELETE …/messages/{messageId}/reactions/{emoji}: the person's reaction with one emoji. */
  react(conversationId: string, messageId: string, emoji: string, on: boolean): Promise<MessageOf<K>>;
  /** PATCH …/read up to the last sequence shown. */
  markRead(conversationId: string, sequence: number): Promise<ReadPosition>;
  /** Applies a change to the conversation wherever the area's list holds it; false when no list does. */
  updateConversation(
    queryClient: QueryClient,
    conversationId: string,
    change: (conversation: ConversationOf<K>) => ConversationOf<K>,
  ): boolean;
  /**
   * The list entry after a message in it (its last sequence, activity, preview); read when the user
   * sent it, or when they are `reading` the conversation and the kind counts that as read.
   */
  withMessage(conversation: ConversationOf<K>, message: MessageOf<K>, userId: string | undefined, reading: boolean): ConversationOf<K>;
  /** The list entry after one of its messages changed (a preview showing an edit); kinds without previews have none. */
  withChange?(conversation: ConversationOf<K>, message: MessageOf<K>): ConversationOf<K>;
  /**
   * The copy shown while a message is being sent (spec 002 §4, channels). A kind that has one sends
   * optimistically, the box free at once; a kind without holds the box until the server answers.
   */
  pendingMessage?(input: {
    clientId: string;
    conversationId: string;
    content: string;
    attachments?: Attachment[];
    author: MessageAuthor;
    now: Date;
  }): MessageOf<K>;
}
