import { z } from 'zod';
import { ChannelMessage, ChatMessage, PostMessageRequest } from './messaging.ts';

/** Socket.IO event names and payloads of spec 002 §7, plus unread counts and chat messages. */
export const SOCKET_EVENTS = {
  // client → server
  joinChannels: 'join-channels',
  joinChannel: 'join-channel',
  leaveChannel: 'leave-channel',
  sendMessage: 'send-message',
  joinChat: 'join-chat',
  // server → client
  messageSent: 'message-sent',
  newMessage: 'new-message',
  messageUpdated: 'message-updated',
  channelUpdated: 'channel-updated',
  userStatusUpdated: 'user-status-updated',
  error: 'error',
  requestChannelJoin: 'request-channel-join',
  channelsJoined: 'channels-joined',
  channelJoined: 'channel-joined',
  unreadCount: 'unread-count',
  newChatMessage: 'new-chat-message',
  chatCreated: 'chat-created',
} as const;

export const JoinChannelPayload = z.union([z.object({ id: z.uuid() }), z.object({ channelId: z.uuid() })]);
export const SendMessagePayload = PostMessageRequest.extend({ channelId: z.uuid() });
export type SendMessagePayload = z.input<typeof SendMessagePayload>;
export const JoinChatPayload = z.object({ chatId: z.uuid() });

export const MessageSentPayload = z.object({ success: z.boolean(), message: ChannelMessage.optional(), error: z.string().optional() });
export const ChannelUpdatedPayload = z.object({
  channelId: z.uuid(),
  lastActivity: z.string(),
  messageCount: z.number(),
  lastSequence: z.number(),
});
export const UserStatusPayload = z.object({ userId: z.uuid(), status: z.enum(['online', 'offline', 'away']) });
export const UnreadCountPayload = z.object({
  kind: z.enum(['channel', 'chat']),
  conversationId: z.uuid(),
  unreadCount: z.number(),
  readSequence: z.number(),
});
export const NewChatMessagePayload = ChatMessage;
export const SocketErrorPayload = z.object({ message: z.string() });

/** The channel rooms a socket was put in after `join-channels`. */
export const ChannelsJoinedPayload = z.object({ channelIds: z.array(z.uuid()) });
/** One channel room joined (after `join-channel`, or when the server added the user to a channel). */
export const ChannelJoinedPayload = z.object({ channelId: z.uuid() });
/** The server asks the client to join a channel it now belongs to (created, or joined by link elsewhere). */
export const RequestChannelJoinPayload = z.object({ channelId: z.uuid() });
/** A conversation the user takes part in was started (by them on another device, or by someone else). */
export const ChatCreatedPayload = z.object({ chatId: z.uuid(), gigId: z.uuid(), participantIds: z.array(z.uuid()) });
