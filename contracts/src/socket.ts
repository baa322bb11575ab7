import { z } from 'zod';
import { MessageChange } from './messageChangeSchemas.ts';
import { ChannelMarks, ChannelMessage, ChatMessage, PostMessageRequest } from './messaging.ts';
import { Notification } from './notifications.ts';

// Client → server payloads: the server validates each with its schema (a client may send anything).

/** `join-channel` and `leave-channel`: the spec's `{id}`, or `{channelId}` as the other events name it. */
export const JoinChannelPayload = z.union([z.object({ id: z.uuid() }), z.object({ channelId: z.uuid() })]);
export type JoinChannelPayload = z.input<typeof JoinChannelPayload>;
// safeExtend: the body's rule (text or attachments) holds on the socket too.
export const SendMessagePayload = PostMessageRequest.safeExtend({ channelId: z.uuid() });
export type SendMessagePayload = z.input<typeof SendMessagePayload>;
/** `typing`: the person is writing in a channel, or in an inbox conversation (never stored; the server throttles and relays it). */
export const TypingPayload = z.union([z.object({ channelId: z.uuid() }), z.object({ chatId: z.uuid() })]);
export type TypingPayload = z.input<typeof TypingPayload>;

// Server → client payloads.

/** `message-sent`, and the acknowledgement of `send-message`: the stored message, or the server's refusal. */
export const MessageSentPayload = z.object({ success: z.boolean(), message: ChannelMessage.optional(), error: z.string().optional() });
export type MessageSentPayload = z.infer<typeof MessageSentPayload>;
export const ChannelUpdatedPayload = z.object({
  channelId: z.uuid(),
  lastActivity: z.string(),
  messageCount: z.number(),
  lastSequence: z.number(),
});
export type ChannelUpdatedPayload = z.infer<typeof ChannelUpdatedPayload>;
export const UserStatusPayload = z.object({ userId: z.uuid(), status: z.enum(['online', 'offline', 'away']) });
export type UserStatusPayload = z.infer<typeof UserStatusPayload>;
export const UnreadCountPayload = z.object({
  kind: z.enum(['channel', 'chat']),
  conversationId: z.uuid(),
  unreadCount: z.number(),
  readSequence: z.number(),
});
export type UnreadCountPayload = z.infer<typeof UnreadCountPayload>;
export const NewChatMessagePayload = ChatMessage;
/**
 * `new-messages`: a run of one channel's consecutive messages, in sequence order, each as `new-message`
 * carries it; a client takes them as that many `new-message`s. Only a socket that asked for runs at
 * the handshake (`SocketHandshakeAuth.messageRuns`) gets it; any other gets one `new-message` each.
 */
export const NewMessagesPayload = z.object({ channelId: z.uuid(), messages: z.array(ChannelMessage) });
export type NewMessagesPayload = z.infer<typeof NewMessagesPayload>;
/** The handshake's `auth`: the access token, and whether this client takes a busy channel's messages by the run (`new-messages`). */
export interface SocketHandshakeAuth {
  token: string;
  messageRuns?: boolean;
}
/**
 * `messages-updated`: several changes of a channel's messages at once (edits, deletions, reactions), every
 * change after `after` up to `revision`, in revision order, each only what it changed (the change at
 * index i is revision `after + 1 + i`): a client applies them to the messages it holds (`withMessageChange`).
 */
export const MessagesUpdatedPayload = z.object({
  channelId: z.uuid(),
  after: z.number(),
  revision: z.number(),
  changes: z.array(MessageChange),
});
export type MessagesUpdatedPayload = z.infer<typeof MessagesUpdatedPayload>;
/** Someone else in the channel (or the conversation) is writing: shown for a few seconds after the last one. */
const Typist = z.object({ userId: z.uuid(), name: z.string() });
export const UserTypingPayload = z.union([Typist.extend({ channelId: z.uuid() }), Typist.extend({ chatId: z.uuid() })]);
export type UserTypingPayload = z.infer<typeof UserTypingPayload>;
/** The person's own marks on a channel changed (on another tab or device). */
export const ChannelMarkedPayload = ChannelMarks;
export type ChannelMarkedPayload = z.infer<typeof ChannelMarkedPayload>;
export const SocketErrorPayload = z.object({ message: z.string() });
export type SocketErrorPayload = z.infer<typeof SocketErrorPayload>;

/** The channel rooms a socket was put in after `join-channels`. */
export const ChannelsJoinedPayload = z.object({ channelIds: z.array(z.uuid()) });
export type ChannelsJoinedPayload = z.infer<typeof ChannelsJoinedPayload>;
/** One channel room joined (after `join-channel`, or when the server added the user to a channel). */
export const ChannelJoinedPayload = z.object({ channelId: z.uuid() });
export type ChannelJoinedPayload = z.infer<typeof ChannelJoinedPayload>;
/** The server asks the client to join a channel it now belongs to (created, or joined by link elsewhere). */
export const RequestChannelJoinPayload = z.object({ channelId: z.uuid() });
export type RequestChannelJoinPayload = z.infer<typeof RequestChannelJoinPayload>;
/** A conversation the user takes part in was started (by them on another device, or by someone else). */
export const ChatCreatedPayload = z.object({ chatId: z.uuid(), gigId: z.uuid(), participantIds: z.array(z.uuid()) });
export type ChatCreatedPayload = z.infer<typeof ChatCreatedPayload>;
/**
 * The person's unread notification count (the sidebar badge). `revision` grows with every change of
 * their inbox: a client keeps the count of the highest revision it has seen.
 */
export const NotificationCountPayload = z.object({ unreadCount: z.number().int().min(0), revision: z.number().int().positive() });
export type NotificationCountPayload = z.infer<typeof NotificationCountPayload>;
/** A new notification (or a chat's unread one refreshed), with the count it leaves; sent when the person's `push` preference is on. */
export const NewNotificationPayload = NotificationCountPayload.extend({ notification: Notification });
export type NewNotificationPayload = z.infer<typeof NewNotificationPayload>;

// Acknowledgements: a client event's answer, when the client passed a callback.

/** Every refused client event answers this (and emits `error {message}`). */
export const SocketRefusal = z.object({ success: z.literal(false), error: z.string() });
export const JoinChannelsAnswer = z.union([z.object({ success: z.literal(true), channelIds: z.array(z.uuid()) }), SocketRefusal]);
export type JoinChannelsAnswer = z.infer<typeof JoinChannelsAnswer>;
/** The answer of `join-channel` and `leave-channel`. */
export const ChannelRoomAnswer = z.union([z.object({ success: z.literal(true), channelId: z.uuid() }), SocketRefusal]);
export type ChannelRoomAnswer = z.infer<typeof ChannelRoomAnswer>;
/** The answer of `typing`: relayed, or passed over because one was relayed less than ~2 s ago, or refused. */
export const TypingAnswer = z.union([z.object({ success: z.literal(true), relayed: z.boolean() }), SocketRefusal]);
export type TypingAnswer = z.infer<typeof TypingAnswer>;

/** What each client event's acknowledgement receives. */
export interface SocketAnswers {
  'join-channels': JoinChannelsAnswer;
  'join-channel': ChannelRoomAnswer;
  'leave-channel': ChannelRoomAnswer;
  'send-message': MessageSentPayload;
  typing: TypingAnswer;
}
/** The acknowledgement callback a client may pass as the last argument of `E`. */
export type SocketAck<E extends keyof SocketAnswers> = (answer: SocketAnswers[E]) => void;

/** What the web client emits and the realtime tier listens to (Socket.IO's `ListenEvents` on the server). */
export interface ClientToServerEvents {
  'join-channels': (ack?: SocketAck<'join-channels'>) => void;
  'join-channel': (payload: JoinChannelPayload, ack?: SocketAck<'join-channel'>) => void;
  'leave-channel': (payload: JoinChannelPayload, ack?: SocketAck<'leave-channel'>) => void;
  'send-message': (payload: SendMessagePayload, ack?: SocketAck<'send-message'>) => void;
  typing: (payload: TypingPayload, ack?: SocketAck<'typing'>) => void;
}

/** What the realtime tier emits and the web client listens to (Socket.IO's `EmitEvents` on the server). */
export interface ServerToClientEvents {
  'message-sent': (payload: MessageSentPayload) => void;
  'new-message': (message: ChannelMessage) => void;
  /** Several consecutive messages of one channel at once, to the sockets that asked for runs (a busy room's broadcasts). */
  'new-messages': (payload: NewMessagesPayload) => void;
  'channel-updated': (payload: ChannelUpdatedPayload) => void;
  'user-status-updated': (payload: UserStatusPayload) => void;
  error: (payload: SocketErrorPayload) => void;
  'request-channel-join': (payload: RequestChannelJoinPayload) => void;
  'channels-joined': (payload: ChannelsJoinedPayload) => void;
  'channel-joined': (payload: ChannelJoinedPayload) => void;
  'unread-count': (payload: UnreadCountPayload) => void;
  'new-chat-message': (message: ChatMessage) => void;
  /** A channel message edited, deleted or reacted to: the whole message, to everyone in the channel's room. */
  'message-updated': (message: ChannelMessage) => void;
  /** Several changes of one channel at once (a busy room's changes go out a few times a second). */
  'messages-updated': (payload: MessagesUpdatedPayload) => void;
  /** The same for a conversation's message, to both participants. */
  'chat-message-updated': (message: ChatMessage) => void;
  'chat-created': (payload: ChatCreatedPayload) => void;
  'new-notification': (payload: NewNotificationPayload) => void;
  'notification-count': (payload: NotificationCountPayload) => void;
  /** To the channel's room (or the conversation's other participant) except the typist. */
  'user-typing': (payload: UserTypingPayload) => void;
  /** To the person's own sockets. */
  'channel-marked': (payload: ChannelMarkedPayload) => void;
}
