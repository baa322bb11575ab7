import { type Scope, SOCKET_EVENTS, type SocketAck, type SocketAnswers } from '@commonwork/contracts';
import { AppError, callerLimitKey, type Logger, requireScope, tooManyRequestsMessage, type UserLimit } from '@commonwork/kit';
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
  /** The person's budget, shared with their REST calls: each event spends one call of it. */
  limit: UserLimit;
}

/** A client → server event of the protocol. */
export type ClientEvent = keyof SocketAnswers;

/**
 * What a personal access token needs for each client event (a signed-in session needs nothing):
 * joining and leaving rooms only receive, sending and typing write.
 */
export const EVENT_SCOPES: Readonly<Record<ClientEvent, Scope>> = {
  'join-channels': 'messages:read',
  'join-channel': 'messages:read',
  'leave-channel': 'messages:read',
  'send-message': 'messages:write',
  typing: 'messages:write',
};

/** The refusal's sentence when the socket's token lacks the event's scope, else null. */
function scopeRefusal(socket: RealtimeSocket, event: ClientEvent): string | null {
  try {
    requireScope(socket.data, EVENT_SCOPES[event]);
    return null;
  } catch (error) {
    if (error instanceof AppError) return error.message;
    throw error;
  }
}

/** A refusal, which every acknowledgement of the protocol accepts. */
type RefusalAck = (answer: { success: false; error: string }) => void;

/** One client → server event: its name and how a socket listens for it. One file per event (STYLE: Realtime). */
export interface SocketHandler {
  event: ClientEvent;
  listen: (ctx: HandlerContext, socket: RealtimeSocket) => void;
}

/**
 * Binds a handler to a client event. The handler gets the payload as `unknown`: the maps type what
 * a well-behaved client sends, but a client may send anything (or no payload: `emit('join-channels', ack)`),
 * so each handler validates with the contract's schema. The acknowledgement is typed by the protocol.
 */
export function defineHandler<E extends ClientEvent>(
  event: E,
  handle: (ctx: HandlerContext, socket: RealtimeSocket, payload: unknown, ack: SocketAck<E> | undefined) => Promise<void>,
): SocketHandler {
  return {
    event,
    listen: (ctx, socket) => {
      const listener = (...args: unknown[]) => {
        const last = args.at(-1);
        const ack = typeof last === 'function' ? (last as SocketAck<E>) : undefined;
        const payload = typeof args[0] === 'function' ? undefined : args[0];
        const outOfScope = scopeRefusal(socket, event);
        if (outOfScope) return fail(socket, ack, outOfScope);
        withinLimit(ctx, socket)
          .then((refusal) => (refusal ? fail(socket, ack, refusal) : handle(ctx, socket, payload, ack)))
          .catch((error: unknown) => {
            ctx.log.error({ err: error, event, userId: socket.data.userId }, 'socket handler failed');
            fail(socket, ack, 'Something went wrong');
          });
      };
      // Socket.IO's typed `on` cannot relate a generic event name to its listener; the listener takes anything.
      (socket.on as (event: E, listener: (...args: unknown[]) => void) => void)(event, listener);
    },
  };
}

/**
 * Spends one call of the person's budget (a personal access token's own, for a socket opened with
 * one): the refusal's message when it is spent. Events go on uncounted while the counter cannot be
 * reached (Redis down), as REST calls do.
 */
async function withinLimit({ limit, log }: HandlerContext, socket: RealtimeSocket): Promise<string | null> {
  try {
    const key = callerLimitKey({ sub: socket.data.userId, tid: socket.data.tokenId });
    const { count, resetInMs } = await limit.counter.hit(key, limit.windowMs);
    return count > limit.max ? tooManyRequestsMessage(resetInMs) : null;
  } catch (error) {
    log.warn({ err: error }, 'rate limit not counted');
    return null;
  }
}

/** Tells the client what went wrong: `error {message}` (spec 002 §7), and the ack when one was given. */
export function fail(socket: RealtimeSocket, ack: RefusalAck | undefined, message: string) {
  socket.emit(SOCKET_EVENTS.error, { message });
  ack?.({ success: false, error: message });
}

/** Validates a payload with its contract schema; on bad input tells the client and returns null. */
export function validate<T extends z.ZodType>(
  schema: T,
  payload: unknown,
  socket: RealtimeSocket,
  ack: RefusalAck | undefined,
): z.infer<T> | null {
  const parsed = schema.safeParse(payload);
  if (parsed.success) return parsed.data;
  fail(socket, ack, parsed.error.issues[0]?.message ?? 'Invalid payload');
  return null;
}
