import type {
  ChannelMessage,
  ChannelUpdatedPayload,
  ChatCreated,
  ChatMessage,
  MessageSentPayload,
  SendMessagePayload,
  SocketErrorPayload,
  UnreadCountPayload,
  UserStatusPayload,
} from '@commonwork/contracts';
import type { z } from 'zod';

export type MessageSent = z.infer<typeof MessageSentPayload>;
export type ChannelUpdated = z.infer<typeof ChannelUpdatedPayload>;
export type UserStatus = z.infer<typeof UserStatusPayload>;
export type UnreadCount = z.infer<typeof UnreadCountPayload>;
export type SocketError = z.infer<typeof SocketErrorPayload>;
export type ChatCreatedData = z.infer<typeof ChatCreated.schema>;
export type Presence = UserStatus['status'];

/** What the server emits (contracts SOCKET_EVENTS, spec 002 §7). */
export interface ServerToClientEvents {
  'message-sent': (payload: MessageSent) => void;
  'new-message': (message: ChannelMessage) => void;
  'message-updated': (message: ChannelMessage) => void;
  'channel-updated': (payload: ChannelUpdated) => void;
  'user-status-updated': (payload: UserStatus) => void;
  error: (payload: SocketError) => void;
  'request-channel-join': (payload: { channelId: string }) => void;
  'channels-joined': (payload: { channelIds: string[] }) => void;
  'channel-joined': (payload: { channelId: string }) => void;
  'unread-count': (payload: UnreadCount) => void;
  'new-chat-message': (message: ChatMessage) => void;
  'chat-created': (payload: ChatCreatedData) => void;
}

/** The acknowledgement of `send-message`: the same shape as `message-sent`. */
export type SendAck = (answer: MessageSent) => void;

/** The acknowledgement of `join-channel`. */
export interface JoinAnswer {
  success: boolean;
  error?: string;
}

/** What the client emits. */
export interface ClientToServerEvents {
  'join-channels': () => void;
  'join-channel': (payload: { id: string }, ack?: (answer: JoinAnswer) => void) => void;
  'leave-channel': (payload: { id: string }) => void;
  'send-message': (payload: SendMessagePayload, ack: SendAck) => void;
}
