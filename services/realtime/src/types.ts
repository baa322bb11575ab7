import type { ClientToServerEvents, NewMessagesPayload, Scope, ServerToClientEvents } from '@commonwork/contracts';
import type { Server, Socket } from 'socket.io';

/** What the handshake proved about a socket: its person and the token to act for them. */
export interface SocketData {
  userId: string;
  /** The access token, forwarded to messaging on the person's behalf; never logged. */
  token: string;
  /** A personal access token's scopes and id; absent for a signed-in session, which may do everything. */
  scopes?: Scope[];
  tokenId?: string;
  /** A signed-in session's id: its socket is closed when the session is signed out. */
  sessionId?: string;
}

/** Replicas share rooms through the adapter; the one event they send each other is a run of a channel's messages (broadcasts/messageRuns.ts). */
export interface InterServerEvents {
  'message-run': (run: NewMessagesPayload) => void;
}

/** The protocol is contracts' (the web's Socket.IO types too): every emit is checked against it. */
export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
export type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
