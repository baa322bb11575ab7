import type { ClientToServerEvents, ServerToClientEvents } from './socket.ts';

/**
 * Socket.IO event names and payloads of spec 002 §7, plus unread counts and chat messages. Every
 * name has its signature in `ClientToServerEvents` or `ServerToClientEvents` below (checked).
 */
export const SOCKET_EVENTS = {
  // client → server
  joinChannels: 'join-channels',
  joinChannel: 'join-channel',
  leaveChannel: 'leave-channel',
  sendMessage: 'send-message',
  typing: 'typing',
  // server → client
  messageSent: 'message-sent',
  newMessage: 'new-message',
  newMessages: 'new-messages',
  channelUpdated: 'channel-updated',
  userStatusUpdated: 'user-status-updated',
  error: 'error',
  requestChannelJoin: 'request-channel-join',
  channelsJoined: 'channels-joined',
  channelJoined: 'channel-joined',
  unreadCount: 'unread-count',
  newChatMessage: 'new-chat-message',
  messageUpdated: 'message-updated',
  messagesUpdated: 'messages-updated',
  chatMessageUpdated: 'chat-message-updated',
  chatCreated: 'chat-created',
  newNotification: 'new-notification',
  notificationCount: 'notification-count',
  userTyping: 'user-typing',
  channelMarked: 'channel-marked',
} as const satisfies Record<string, keyof ClientToServerEvents | keyof ServerToClientEvents>;
