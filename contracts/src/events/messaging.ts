import { z } from 'zod';
import { MessageChangeKind } from '../messageChangeSchemas.ts';
import { ChannelMarks, ChannelMessage, ChatMessage } from '../messaging.ts';
import { defineEvent } from './envelope.ts';

/** A channel was created. Emitted by messaging; consumed by realtime (joins the creator's sockets). */
export const ChannelCreated = defineEvent(
  'messaging.channel.created',
  1,
  z.object({
    channelId: z.uuid(),
    name: z.string(),
    type: z.enum(['public', 'private']),
    creatorId: z.uuid(),
    /** The tech event the channel belongs to (events consume this to link the two). */
    eventId: z.uuid().optional(),
  }),
);

/** Someone joined a channel (create, public join or link). Emitted by messaging; consumed by realtime (room joins, members panel). */
export const ChannelMemberJoined = defineEvent(
  'messaging.channel.member_joined',
  1,
  z.object({
    channelId: z.uuid(),
    userId: z.uuid(),
    memberCount: z.number(),
    /** How they came in (older events lack it): notifications tell a channel's creator of joins by link. */
    via: z.enum(['create', 'post', 'link', 'event']).optional(),
  }),
);

/** Someone left a channel (an event channel's member cancelled their registration). Emitted by messaging; consumed by realtime (room leaves). */
export const ChannelMemberLeft = defineEvent(
  'messaging.channel.member_left',
  1,
  z.object({ channelId: z.uuid(), userId: z.uuid(), memberCount: z.number() }),
);

/**
 * A message was posted in a channel, with its sequence. Emitted by messaging; consumed by realtime
 * (new-message, channel-updated) and notifications (the people its `mentions` name).
 */
export const ChannelMessagePosted = defineEvent(
  'messaging.channel.message_posted',
  1,
  z.object({ channelId: z.uuid(), message: ChannelMessage, messageCount: z.number(), lastActivity: z.string() }),
);

/** A gig conversation started. Emitted by messaging; consumed by realtime and notifications. */
export const ChatCreated = defineEvent(
  'messaging.chat.created',
  1,
  z.object({ chatId: z.uuid(), participantIds: z.array(z.uuid()), gigId: z.uuid(), createdBy: z.uuid() }),
);

/** A message was posted in a chat. Emitted by messaging; consumed by realtime (to both participants) and notifications. */
export const ChatMessagePosted = defineEvent(
  'messaging.chat.message_posted',
  1,
  z.object({ chatId: z.uuid(), participantIds: z.array(z.uuid()), message: ChatMessage }),
);

/**
 * A channel message was edited, deleted or reacted to: the whole message as it now is (its
 * `revision` orders changes), and what the change was (`change`; absent in events published before
 * it). Emitted by messaging; consumed by realtime (message-updated, or only the change in messages-updated).
 */
export const ChannelMessageUpdated = defineEvent(
  'messaging.channel.message_updated',
  1,
  z.object({ channelId: z.uuid(), message: ChannelMessage, change: MessageChangeKind.optional() }),
);

/** A chat message was edited, deleted or reacted to. Emitted by messaging; consumed by realtime (chat-message-updated to both participants). */
export const ChatMessageUpdated = defineEvent(
  'messaging.chat.message_updated',
  1,
  z.object({ chatId: z.uuid(), participantIds: z.array(z.uuid()), message: ChatMessage }),
);

/** A user read a conversation up to a sequence. Emitted by messaging; consumed by realtime (unread counts on every device). */
export const ConversationRead = defineEvent(
  'messaging.conversation.read',
  1,
  z.object({
    userId: z.uuid(),
    kind: z.enum(['channel', 'chat']),
    conversationId: z.uuid(),
    readSequence: z.number(),
    unreadCount: z.number(),
  }),
);

/**
 * A person pinned, unpinned, starred or unstarred a channel: their marks on it as they now are.
 * Emitted by messaging; consumed by realtime (channel-marked to that person's sockets only).
 */
export const ChannelMarked = defineEvent('messaging.channel.marked', 1, ChannelMarks.extend({ userId: z.uuid() }));

export const MESSAGING_EVENTS = [
  ChannelCreated,
  ChannelMemberJoined,
  ChannelMemberLeft,
  ChannelMessagePosted,
  ChatCreated,
  ChatMessagePosted,
  ChannelMessageUpdated,
  ChatMessageUpdated,
  ConversationRead,
  ChannelMarked,
] as const;
