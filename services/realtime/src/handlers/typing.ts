import { SOCKET_EVENTS, TypingPayload } from '@commonwork/contracts';
import { rooms } from '../rooms.ts';
import type { RealtimeSocket } from '../types.ts';
import { defineHandler, fail, type HandlerContext, validate } from './context.ts';

/** At most one `user-typing` per person per conversation in this window; the client sends every 2 s at most too. */
export const TYPING_THROTTLE_MS = 2_000;

const NOT_IN_CHANNEL = 'Join the channel first';

/** What a socket learnt from messaging once: its person's name, and the conversations they take part in (participants never change). */
interface Known {
  name?: string;
  chats: Map<string, string[]>;
}
const known = new WeakMap<RealtimeSocket, Known>();
const knownOf = (socket: RealtimeSocket) => {
  const held = known.get(socket);
  if (held) return held;
  const entry: Known = { chats: new Map() };
  known.set(socket, entry);
  return entry;
};

async function nameOf({ messaging }: HandlerContext, socket: RealtimeSocket): Promise<string | null> {
  const entry = knownOf(socket);
  if (entry.name !== undefined) return entry.name;
  const card = await messaging.senderCard(socket.data.token);
  if (!card.ok) return null;
  entry.name = card.data.name;
  return entry.name;
}

/** The conversation's participants if this person is one (messaging's answer, with their own token), else its refusal. */
async function participantsOf({ messaging }: HandlerContext, socket: RealtimeSocket, chatId: string) {
  const entry = knownOf(socket);
  const held = entry.chats.get(chatId);
  if (held) return { ok: true as const, data: held };
  const answer = await messaging.chatParticipants(socket.data.token, chatId);
  if (answer.ok) entry.chats.set(chatId, answer.data);
  return answer;
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
 * `typing {channelId}` or `{chatId}`: relayed as `user-typing {channelId|chatId, userId, name}`,
 * never stored, never to the typist's own sockets. In a channel, only a socket in its room (joined
 * after messaging's read check) may announce typing, and the room hears it; in a conversation,
 * messaging says who takes part, and the other participant's sockets hear it. The event spends the
 * person's budget like any other (context.ts); a relay within the throttle window is passed over,
 * counted across replicas by the same counter as the budget.
 */
export const typing = defineHandler(SOCKET_EVENTS.typing, async (ctx, socket, payload, ack) => {
  const input = validate(TypingPayload, payload, socket, ack);
  if (!input) return;
  const { userId } = socket.data;
  let targets: string[];
  if ('channelId' in input) {
    const room = rooms.channel(input.channelId);
    if (!socket.rooms.has(room)) return fail(socket, ack, NOT_IN_CHANNEL);
    targets = [room];
  } else {
    const participants = await participantsOf(ctx, socket, input.chatId);
    if (!participants.ok) return fail(socket, ack, participants.message);
    targets = participants.data.filter((id) => id !== userId).map(rooms.user);
  }
  const conversation = 'channelId' in input ? input.channelId : input.chatId;
  if (!(await firstInWindow(ctx, `typing:${userId}:${conversation}`))) return ack?.({ success: true, relayed: false });
  const name = await nameOf(ctx, socket);
  if (name === null) return fail(socket, ack, 'Something went wrong');
  // Every socket of the typist is left out (their other tabs are in the channel's room too).
  ctx.io
    .to(targets)
    .except(rooms.user(userId))
    .emit(SOCKET_EVENTS.userTyping, { ...input, userId, name });
  ack?.({ success: true, relayed: true });
});
