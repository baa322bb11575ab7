import { SOCKET_EVENTS, TypingPayload } from '@commonwork/contracts';
import { rooms } from '../rooms.ts';
import type { RealtimeSocket } from '../types.ts';
import { defineHandler, fail, type HandlerContext, validate } from './context.ts';

/** At most one `user-typing` per person per channel in this window; the client sends every 2 s at most too. */
export const TYPING_THROTTLE_MS = 2_000;

const NOT_IN_CHANNEL = 'Join the channel first';

/** The typist's name as their messages show it, asked of messaging once per socket. */
const names = new WeakMap<RealtimeSocket, string>();

async function nameOf({ messaging }: HandlerContext, socket: RealtimeSocket): Promise<string | null> {
  const known = names.get(socket);
  if (known !== undefined) return known;
  const card = await messaging.senderCard(socket.data.token);
  if (!card.ok) return null;
  names.set(socket, card.data.name);
  return card.data.name;
}

/** Whether this is the first typing in its window; while the counter cannot be reached (Redis down), every one is. */
async function firstInWindow({ limit, log }: HandlerContext, key: string): Promise<boolean> {
  try {
    return (await limit.counter.hit(key, TYPING_THROTTLE_MS)).count === 1;
  } catch (error) {
    log.warn({ err: error }, 'typing throttle not counted');
    return true;
  }
}

/**
 * `typing {channelId}`: relayed as `user-typing {channelId, userId, name}` to the channel's room,
 * the typist's own sockets left out; never stored. Only a socket in the room (joined after
 * messaging's read check) may announce typing there. The event spends the person's budget like any
 * other (context.ts), and a relay within the throttle window is passed over, counted across
 * replicas by the same counter as the budget.
 */
export const typing = defineHandler(SOCKET_EVENTS.typing, async (ctx, socket, payload, ack) => {
  const input = validate(TypingPayload, payload, socket, ack);
  if (!input) return;
  const room = rooms.channel(input.channelId);
  if (!socket.rooms.has(room)) return fail(socket, ack, NOT_IN_CHANNEL);
  const { userId } = socket.data;
  if (!(await firstInWindow(ctx, `typing:${userId}:${input.channelId}`))) return ack?.({ success: true, relayed: false });
  const name = await nameOf(ctx, socket);
  if (name === null) return fail(socket, ack, 'Something went wrong');
  // The room minus every socket of the typist (their other tabs are in the room too).
  socket.to(room).except(rooms.user(userId)).emit(SOCKET_EVENTS.userTyping, { channelId: input.channelId, userId, name });
  ack?.({ success: true, relayed: true });
});
