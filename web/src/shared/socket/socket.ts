import type { ClientToServerEvents, ServerToClientEvents, SocketHandshakeAuth } from '@commonwork/contracts';
import type { Socket } from 'socket.io-client';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * Connection options of spec 002 §9: reconnect after 1 s backing off to 5 s, give up a connection
 * attempt after 20 s. WebSocket only: one long-lived connection, no polling session to keep on one replica.
 */
export const SOCKET_OPTIONS = {
  path: '/socket.io',
  transports: ['websocket'],
  reconnectionDelay: 1_000,
  reconnectionDelayMax: 5_000,
  timeout: 20_000,
} as const;

/**
 * Opens the session's Socket.IO connection to the page's origin (the gateway), authenticated by the
 * access token. The client library is fetched here, beside the screen's first render, so no page
 * waits for it before it shows.
 */
export async function createSocket(token: string): Promise<AppSocket> {
  const { io } = await import('socket.io-client');
  // Runs: a busy channel's consecutive messages in one packet (`new-messages`), which useConversationLive takes.
  return io({
    ...SOCKET_OPTIONS,
    transports: [...SOCKET_OPTIONS.transports],
    auth: { token, messageRuns: true } satisfies SocketHandshakeAuth,
  });
}
