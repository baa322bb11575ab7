/**
 * The socket protocol is contracts' (the same maps type the realtime server); these are the names
 * the web app reads it by.
 */
export type {
  ChannelUpdatedPayload as ChannelUpdated,
  ChatCreatedPayload as ChatCreatedData,
  ClientToServerEvents,
  MessageSentPayload as MessageSent,
  ServerToClientEvents,
  SocketErrorPayload as SocketError,
  UnreadCountPayload as UnreadCount,
  UserStatusPayload as UserStatus,
} from '@commonwork/contracts';

import type { SocketAck, UserStatusPayload } from '@commonwork/contracts';

/** The acknowledgement of `send-message`: the same shape as `message-sent`. */
export type SendAck = SocketAck<'send-message'>;
export type Presence = UserStatusPayload['status'];
