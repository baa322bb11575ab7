import { z } from 'zod';
import { LIMITS } from './constants.ts';
import { isOneEmoji } from './emoji.ts';
import {
  CHANNEL_CATEGORIES,
  CHANNEL_TYPES,
  CHAT_PAGE_SIZE,
  INVALID_JOIN_LINK,
  MESSAGE_PAGE_SIZE,
  MESSAGING_LIMITS,
} from './messagingCatalog.ts';
import { ORDER_STEP_TYPES } from './orderCatalog.ts';

const Id = z.uuid();
const Presence = z.enum(['online', 'offline', 'away']);

/** `username`: what `@` mentions them by (absent when they have none). */
export const ChannelMember = z.object({
  _id: Id,
  name: z.string(),
  profilePicture: z.string(),
  status: Presence,
  username: z.string().optional(),
});

/**
 * A channel as the community screen reads it (spec 002 §3). Order and unread counts come from
 * server-assigned sequences: `unreadCount = lastSequence - readSequence`, exact on every device.
 */
export const Channel = z.object({
  _id: Id,
  id: Id,
  name: z.string(),
  description: z.string(),
  type: z.enum(CHANNEL_TYPES),
  category: z.enum(CHANNEL_CATEGORIES),
  creator: z.object({ _id: Id }),
  admins: z.array(z.object({ _id: Id })),
  members: z.array(ChannelMember),
  memberCount: z.number(),
  messageCount: z.number(),
  unreadCount: z.number(),
  /** Messages after the viewer's read position that mention them (beside the unread count). */
  mentionCount: z.number(),
  /** The viewer's own marks: in their Pinned section, and in their Starred filter. */
  isPinned: z.boolean(),
  isStarred: z.boolean(),
  isMember: z.boolean(),
  lastActivity: z.string(),
  lastSequence: z.number(),
  readSequence: z.number(),
});
export type Channel = z.infer<typeof Channel>;

export const CreateChannelRequest = z.object({
  name: z.string({ error: 'Channel name is required' }).trim().min(1, 'Channel name is required').max(MESSAGING_LIMITS.channelName),
  description: z.string().trim().max(MESSAGING_LIMITS.channelDescription).default(''),
  type: z.enum(CHANNEL_TYPES).default('public'),
  category: z.enum(CHANNEL_CATEGORIES).default('general'),
});

export const MessageSender = z.object({
  _id: Id,
  name: z.string(),
  email: z.string(),
  profilePicture: z.string(),
  picture: z.string(),
  status: Presence,
});

/** One emoji on a message: who reacted with it, in the order emoji were first used. */
export const Reaction = z.object({ emoji: z.string(), count: z.number().int().min(1), users: z.array(Id) });
export type Reaction = z.infer<typeof Reaction>;

/**
 * A file sent with a message: an image (drawn inline, its size known so its place is kept before
 * it loads) or any other file (a download chip). The url is an upload of the sender's.
 */
export const Attachment = z.object({
  type: z.enum(['image', 'other']),
  url: z.string(),
  name: z.string(),
  width: z.number().int().positive().optional(),
  height: z.number().int().positive().optional(),
  /** Bytes. */
  size: z.number().int().min(0).optional(),
});
export type Attachment = z.infer<typeof Attachment>;

/**
 * What a message carries besides its text, and what changes after it is posted. `revision` is the
 * conversation's change counter at the message's last edit, deletion or reaction (0: never
 * changed): a client that was away asks for the messages changed after the highest it has seen.
 */
const MessageState = {
  updatedAt: z.string(),
  attachments: z.array(Attachment),
  mentions: z.array(z.string()),
  reactions: z.array(Reaction),
  isEdited: z.boolean(),
  /** A tombstone: content and attachments emptied, the place in the sequence kept. */
  deleted: z.boolean(),
  revision: z.number().int().min(0),
};

/** An integration that posted a message (an incoming webhook): drawn with its name and an APP badge. */
export const MessageApp = z.object({ id: Id, name: z.string() });
export type MessageApp = z.infer<typeof MessageApp>;

/** A channel message (spec 002 §3) with its server-assigned `sequence` in the channel. */
export const ChannelMessage = z.object({
  _id: Id,
  id: Id,
  content: z.string(),
  sender: MessageSender,
  channel: Id,
  sequence: z.number(),
  clientId: z.string().nullable(),
  createdAt: z.string(),
  type: z.literal('text'),
  /** The incoming webhook that posted it; null for a person's message (and absent in messages published before apps, read as null). */
  app: MessageApp.nullable().default(null),
  ...MessageState,
});
export type ChannelMessage = z.infer<typeof ChannelMessage>;

/** Who posted a message, as every copy of it names them. */
export interface MessageAuthor {
  id: string;
  name: string;
  picture: string;
}

/** A message's state after it was posted; absent fields are as posted (plain text, unchanged). */
export interface MessageChanges {
  attachments?: Attachment[];
  mentions?: string[];
  reactions?: Reaction[];
  isEdited?: boolean;
  deleted?: boolean;
  /** ISO 8601; the creation time until the first change. */
  updatedAt?: string;
  revision?: number;
}

/** A message as every copy of it is made: REST answers, the posted events and the web's optimistic copy. */
export interface MessageFields extends MessageChanges {
  id: string;
  sequence: number;
  sender: MessageAuthor;
  content: string;
  clientId: string | null;
  /** ISO 8601. */
  createdAt: string;
}

/**
 * An attachment as its sender names it: which upload of theirs (its url) and the name to show. The
 * server takes the rest (the type it really is, its size, an image's pixels) from the upload itself.
 */
export const AttachmentRequest = z.object({
  type: z.enum(['image', 'other']),
  url: z.string().trim().min(1, 'Attachment url is required').max(1_000),
  name: z.string().trim().max(200).default(''),
});
export type AttachmentRequest = z.input<typeof AttachmentRequest>;

/**
 * A message body: text, attachments or both. `clientId` is the sender's own id for the message
 * (the optimistic copy's), so a REST retry after a socket time-out never posts the same message twice.
 */
export const PostMessageRequest = z
  .object({
    content: z.string({ error: 'Message cannot be empty' }).trim().max(MESSAGING_LIMITS.message).default(''),
    type: z.literal('text').default('text'),
    clientId: z.string().min(1).max(64).optional(),
    attachments: z
      .array(AttachmentRequest)
      .max(MESSAGING_LIMITS.attachmentsPerMessage, `At most ${MESSAGING_LIMITS.attachmentsPerMessage} attachments per message`)
      .default([]),
  })
  .refine((body) => body.content.length > 0 || body.attachments.length > 0, { path: ['content'], message: 'Message cannot be empty' });

/**
 * `changedAfter` (the highest message `revision` a client has seen) returns the messages edited,
 * deleted or reacted to since, in the order they changed, for a client that was away.
 * Page 1 is the newest `limit` messages, oldest first; `after` (the last sequence a client has)
 * returns exactly what came later, oldest first, for a reconnecting client; `before` (the first
 * sequence a client has) returns the newest `limit` messages older than it, oldest first, with
 * `hasMore` when there are older still. Cursors do not shift when new messages arrive, as pages do.
 */
export const ListMessagesQuery = z
  .object({
    page: z.coerce.number().int().min(1).default(1),
    limit: z.coerce.number().int().min(1).max(LIMITS.maxPageSize).default(MESSAGE_PAGE_SIZE),
    after: z.coerce.number().int().min(0).optional(),
    before: z.coerce.number().int().min(1).optional(),
    changedAfter: z.coerce.number().int().min(0).optional(),
  })
  // One cursor per call: two together would ask for a window the client never needs.
  .refine((query) => [query.before, query.after, query.changedAfter].filter((c) => c !== undefined).length <= 1, {
    path: ['before'],
    message: 'Use one of before, after and changedAfter',
  });

/** A new text for your own message: the same rules as a new message's. */
export const EditMessageRequest = z.object({
  content: z.string({ error: 'Message cannot be empty' }).trim().min(1, 'Message cannot be empty').max(MESSAGING_LIMITS.message),
});

export const ChannelIdParams = z.object({ id: z.uuid('Channel id must be a UUID') });
export const ChannelMessageParams = ChannelIdParams.extend({ messageId: z.uuid('Message id must be a UUID') });
export const ChatMessageParams = z.object({ chatId: z.uuid('Chat id must be a UUID'), messageId: z.uuid('Message id must be a UUID') });

/**
 * One emoji, as a person picks it: a single grapheme that is an emoji (flags, skin tones and joined
 * families included). URL-encoded in the path; Fastify decodes it.
 */
export const Emoji = z.string().min(1, 'Choose one emoji').max(32, 'Choose one emoji').refine(isOneEmoji, 'Choose one emoji');
export const ChannelReactionParams = ChannelMessageParams.extend({ emoji: Emoji });
export const ChatReactionParams = ChatMessageParams.extend({ emoji: Emoji });
export const JoinLinkParams = z.object({ joinLink: z.string().min(8, INVALID_JOIN_LINK).max(64, INVALID_JOIN_LINK) });
export const ChatIdParams = z.object({ chatId: z.uuid('Chat id must be a UUID') });

export const ChatParticipant = z.object({ _id: Id, name: z.string(), picture: z.string(), email: z.string() });

/** An inbox conversation (spec 002 §3). */
export const Chat = z.object({
  _id: Id,
  id: Id,
  participants: z.array(ChatParticipant),
  type: z.literal('gig_interest'),
  gigId: z.object({ _id: Id, title: z.string() }),
  lastMessage: z.object({ content: z.string(), sender: z.object({ _id: Id }), createdAt: z.string() }).nullable(),
  lastActivity: z.string(),
  unreadCount: z.number(),
  lastSequence: z.number(),
  readSequence: z.number(),
});
export type Chat = z.infer<typeof Chat>;

/**
 * A line the platform writes in a conversation, not a person's message: an order's step in the
 * buyer and seller's conversation ('Ada delivered the order'). Its `content` is the sentence; its
 * sender is `SYSTEM_SENDER`; `actorId` is who took the step (null: the platform's clock or an admin).
 * It cannot be edited, deleted or reacted to.
 */
export const SystemLine = z.object({ kind: z.literal('order'), orderId: Id, step: z.enum(ORDER_STEP_TYPES), actorId: Id.nullable() });
export type SystemLine = z.infer<typeof SystemLine>;

export const ChatMessage = z.object({
  _id: Id,
  id: Id,
  chatId: Id,
  content: z.string(),
  sender: z.object({ _id: Id, name: z.string(), picture: z.string(), email: z.string() }),
  sequence: z.number(),
  clientId: z.string().nullable(),
  createdAt: z.string(),
  /** Null for a person's message; absent in messages published before system lines (read as null). */
  system: SystemLine.nullable().default(null),
  ...MessageState,
});
export type ChatMessage = z.infer<typeof ChatMessage>;

export const CreateChatRequest = z.object({ recipientId: z.uuid('Recipient id must be a UUID'), gigId: z.uuid('Gig id must be a UUID') });
export const ChatListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(LIMITS.maxPageSize).default(CHAT_PAGE_SIZE),
});
export const MarkReadRequest = z.object({ sequence: z.number().int().min(0).optional() }).default({});

export const ChannelListResponse = z.object({ success: z.literal(true), data: z.array(Channel) });
export const ChannelResponse = z.object({ success: z.literal(true), data: Channel, message: z.string().optional() });
/** A person's marks on one channel, after a pin or star call (and in the live `channel-marked`). */
export const ChannelMarks = z.object({ channelId: Id, isPinned: z.boolean(), isStarred: z.boolean() });
export type ChannelMarks = z.infer<typeof ChannelMarks>;
export const ChannelMarksResponse = z.object({ success: z.literal(true), data: ChannelMarks });
/** You as messages name you (messaging's copy of your profile; 'Member' until it arrives). */
export const SenderCard = z.object({ userId: Id, name: z.string(), picture: z.string() });
export type SenderCard = z.infer<typeof SenderCard>;
export const SenderCardResponse = z.object({ success: z.literal(true), data: SenderCard });
/** Who takes part in a conversation, answered only to one of them. */
export const ChatAccessResponse = z.object({ success: z.literal(true), data: z.object({ participantIds: z.array(Id) }) });
export const ChannelMessagesResponse = z.object({
  success: z.literal(true),
  /** `revision`: the channel's change counter when the page was read (a client's first `changedAfter`). */
  data: z.object({ messages: z.array(ChannelMessage), hasMore: z.boolean(), revision: z.number().int().min(0) }),
  messages: z.array(ChannelMessage),
});
export const ChannelMessageResponse = z.object({ success: z.literal(true), data: ChannelMessage });
/** The caller may read the channel (it is public, or they are a member); otherwise the call is a 404. */
export const ChannelAccessResponse = z.object({ success: z.literal(true), data: z.object({ readable: z.literal(true) }) });
export const JoinLinkResponse = z.object({ success: z.literal(true), message: z.string(), data: z.object({ joinLink: z.string() }) });
export const JoinChannelResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ name: z.string(), channelId: Id }),
});
export const ReadResponse = z.object({ success: z.literal(true), data: z.object({ readSequence: z.number(), unreadCount: z.number() }) });
/**
 * The messages a person has not read: summed over their conversations, and over the channels they
 * belong to (a public channel they never joined is not theirs to catch up on). The sidebar's badges.
 */
export const UnreadTotalsResponse = z.object({
  success: z.literal(true),
  data: z.object({ chats: z.number().int().min(0), channels: z.number().int().min(0) }),
});
export type UnreadTotals = z.infer<typeof UnreadTotalsResponse>['data'];
export const ChatResponse = z.object({ success: z.literal(true), data: Chat, chat: Chat, _id: Id, message: z.string() });
export const ChatListResponse = z.object({
  success: z.literal(true),
  chats: z.array(Chat),
  pagination: z.object({ currentPage: z.number(), totalPages: z.number(), totalChats: z.number() }),
});
export const ChatMessagesResponse = z.object({
  success: z.literal(true),
  messages: z.array(ChatMessage),
  data: z.object({ messages: z.array(ChatMessage), hasMore: z.boolean(), revision: z.number().int().min(0) }),
});
export const ChatMessageResponse = z.object({ success: z.literal(true), data: ChatMessage });

/**
 * An incoming webhook of a channel (Slack's habit), as its channel's admins list it: never its
 * secret, only the URL's last characters to tell two apart.
 */
export const IncomingWebhook = z.object({
  id: Id,
  channelId: Id,
  name: z.string(),
  createdAt: z.string(),
  createdBy: z.object({ _id: Id, name: z.string() }),
  /** The last post through it; null until one. */
  lastUsedAt: z.string().nullable(),
  /** `/api/hooks/cw_hook_…` and the secret's last 4 characters. */
  urlHint: z.string(),
});
export type IncomingWebhook = z.infer<typeof IncomingWebhook>;
export const IncomingWebhookParams = ChannelIdParams.extend({ hookId: z.uuid('Webhook id must be a UUID') });
export const CreateIncomingWebhookRequest = z.object({
  name: z
    .string({ error: 'Webhook name is required' })
    .trim()
    .min(1, 'Webhook name is required')
    .max(MESSAGING_LIMITS.hookName, `At most ${MESSAGING_LIMITS.hookName} characters`),
});
/** The hook and its secret URL (a path on the gateway), answered once: only a hash of the token is kept. */
export const IncomingWebhookCreatedResponse = z.object({
  success: z.literal(true),
  data: z.object({ hook: IncomingWebhook, url: z.string(), token: z.string() }),
});
export const IncomingWebhookListResponse = z.object({ success: z.literal(true), data: z.array(IncomingWebhook) });
export const IncomingWebhookRevokedResponse = z.object({ success: z.literal(true), message: z.string(), data: IncomingWebhook });
/** The secret in the URL: any string, so a wrong one is a 404 like a revoked one, never a 400. */
export const HookTokenParams = z.object({ token: z.string().max(200) });
/** What an integration posts: the text (the rules of a person's message) and, optionally, the name to show instead of the hook's. */
export const IncomingWebhookPost = z.object({
  text: z.string({ error: 'text is required' }).trim().min(1, 'Message cannot be empty').max(MESSAGING_LIMITS.message),
  username: z
    .string()
    .trim()
    .min(1, 'username cannot be empty')
    .max(MESSAGING_LIMITS.hookName, `At most ${MESSAGING_LIMITS.hookName} characters`)
    .optional(),
});
export const IncomingWebhookPostResponse = z.object({ success: z.literal(true), messageId: Id });
