import type { DefaultEventsMap, Server, Socket } from 'socket.io';

/** What the handshake proved about a socket: its person and the token to act for them. */
export interface SocketData {
  userId: string;
  /** The access token, forwarded to messaging on the person's behalf; never logged. */
  token: string;
}

export type RealtimeServer = Server<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, SocketData>;
export type RealtimeSocket = Socket<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, SocketData>;
