export type { ChannelUpdated, ChatCreatedData, MessageSent, Presence, SendAck, UnreadCount, UserStatus } from './events.ts';
export { useDocumentVisible, useSocketEvent, useWhenVisibleAgain } from './hooks.ts';
export { SocketProvider, usePresence, useSocket } from './SocketProvider.tsx';
export { type AppSocket, createSocket, SOCKET_OPTIONS } from './socket.ts';
