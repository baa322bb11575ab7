import { SOCKET_EVENTS } from '@commonwork/contracts';
import type { Logger } from '@commonwork/kit';
import type { z } from 'zod';
import type { MessagingClient } from '../messagingClient.ts';
import type { Presence } from '../presence.ts';
import type { RealtimeServer, RealtimeSocket } from '../types.ts';

/** What a socket event handler may use. */
export interface HandlerContext {
  io: RealtimeServer;
  messaging: MessagingClient;
  presence: Presence;
  log: Logger;
}

/** The optional acknowledgement callback a client passes as the last argument. */
export type Ack = (answer: unknown) => void;

/** One client → server event: its name and what it does. One file per event (STYLE: Realtime). */
export interface SocketHandler {
  event: string;
  handle: (ctx: HandlerContext, socket: RealtimeSocket, payload: unknown, ack: Ack | undefined) => Promise<void>;
}

/** Tells the client what went wrong: `error {message}` (spec 002 §7), and the ack when one was given. */
export function fail(socket: RealtimeSocket, ack: Ack | undefined, message: string) {
  socket.emit(SOCKET_EVENTS.error, { message });
  ack?.({ success: false, error: message });
}

/** Validates a payload with its contract schema; on bad input tells the client and returns null. */
export function validate<T extends z.ZodType>(
  schema: T,
  payload: unknown,
  socket: RealtimeSocket,
  ack: Ack | undefined,
): z.infer<T> | null {
  const parsed = schema.safeParse(payload);
  if (parsed.success) return parsed.data;
  fail(socket, ack, parsed.error.issues[0]?.message ?? 'Invalid payload');
  return null;
}
