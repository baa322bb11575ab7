import type { ClientToServerEvents, ServerToClientEvents } from '@commonwork/contracts';
import { io, type Socket } from 'socket.io-client';

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

/** Opens the session's Socket.IO connection to the page's origin (the gateway), authenticated by the access token. */
export function createSocket(token: string): AppSocket {
  return io({ ...SOCKET_OPTIONS, transports: [...SOCKET_OPTIONS.transports], auth: { token } });
}
