/**
 * Pure rules for live conversations (channels and inbox chats): ordering by the server's sequence,
 * de-duplication, optimistic copies and unread counts from server numbers. No clock decides order.
 */

/** What a message needs for ordering and de-duplication. */
export interface Sequenced {
  _id: string;
  /** Server-assigned, per conversation; 0 on an optimistic copy that the server has not seen. */
  sequence: number;
  /** The sender's own id for the message (an optimistic copy's `_id`), or null. */
  clientId: string | null;
  createdAt: string;
  /** True on the optimistic copy shown while the message is being sent. */
  pending?: boolean;
  /** The conversation's change counter at the message's last edit, deletion or reaction. */
  revision?: number;
}

function byOrder(a: Sequenced, b: Sequenced): number {
  // Sent messages in server order; copies still being sent after them, in the order they were typed.
  if (a.pending !== b.pending) return a.pending ? 1 : -1;
  if (a.pending) return a.createdAt.localeCompare(b.createdAt);
  return a.sequence - b.sequence;
}

/**
 * Merges `incoming` into `current`: one entry per id (an incoming one replaces a held one, which
 * is also how an update or edit lands), a server message replaces the optimistic copy that has its
 * `clientId`, a copy older than the one held (a lower `revision`) is ignored, and the result is
 * ordered by sequence with copies still being sent at the end.
 */
export function mergeMessages<T extends Sequenced>(current: readonly T[], incoming: readonly T[]): T[] {
  if (incoming.length === 0) return [...current];
  const byId = new Map<string, T>();
  for (const message of current) byId.set(message._id, message);
  for (const message of incoming) {
    if (message.clientId) {
      for (const [id, held] of byId) {
        if (id !== message._id && (id === message.clientId || held.clientId === message.clientId)) byId.delete(id);
      }
    }
    const held = byId.get(message._id);
    // A late optimistic copy never hides the server's message it stands for, nor an older copy a newer change.
    if (held && !held.pending && message.pending) continue;
    if (held && (message.revision ?? 0) < (held.revision ?? 0)) continue;
    byId.set(message._id, message);
  }
  return [...byId.values()].sort(byOrder);
}

/** Removes an optimistic copy (its send failed). */
export function withoutMessage<T extends Sequenced>(current: readonly T[], id: string): T[] {
  return current.filter((message) => message._id !== id);
}

/** The highest server sequence held (0 when none): the `after` cursor of a catch-up. */
export function lastSequenceOf(messages: readonly Sequenced[]): number {
  let last = 0;
  for (const message of messages) if (!message.pending && message.sequence > last) last = message.sequence;
  return last;
}

/** The lowest server sequence held (0 when none): the `before` cursor of an older page. */
export function firstSequenceOf(messages: readonly Sequenced[]): number {
  let first = 0;
  for (const message of messages) if (!message.pending && (first === 0 || message.sequence < first)) first = message.sequence;
  return first;
}

/**
 * Whether the server holds messages older than those held. Sequences run from 1 without gaps, so
 * a first sequence above 1 says so without asking.
 */
export function hasOlderMessages(messages: readonly Sequenced[] | undefined): boolean {
  return firstSequenceOf(messages ?? []) > 1;
}

/** A conversation's read numbers, as the server sends them. */
export interface ReadState {
  lastSequence: number;
  readSequence: number;
  unreadCount: number;
  /** Channels only: a visitor of a public channel has nothing unread. Chats are always joined. */
  isMember?: boolean;
}

/** Unread = lastSequence − readSequence, never negative; nothing for a non-member. */
export function unreadOf(state: Omit<ReadState, 'unreadCount'>): number {
  if (state.isMember === false) return 0;
  return Math.max(0, state.lastSequence - state.readSequence);
}

/**
 * A newer last sequence arrived (a message, or `channel-updated`). A non-member's read position
 * follows it, as the server's does.
 */
export function withLastSequence<T extends ReadState>(state: T, lastSequence: number): T {
  const last = Math.max(state.lastSequence, lastSequence);
  const read = state.isMember === false ? last : state.readSequence;
  const next = { ...state, lastSequence: last, readSequence: read };
  return { ...next, unreadCount: unreadOf(next) };
}

/**
 * A read position from the server (`unread-count`, a PATCH read answer) or from this screen. An
 * older position arriving late is ignored; the unread count it carries also says how far the
 * conversation had gone when it was read.
 */
export function withReadPosition<T extends ReadState>(state: T, read: { readSequence: number; unreadCount?: number }): T {
  if (read.readSequence < state.readSequence) return state;
  const last = Math.max(state.lastSequence, read.readSequence + (read.unreadCount ?? 0));
  const next = { ...state, lastSequence: last, readSequence: read.readSequence };
  return { ...next, unreadCount: unreadOf(next) };
}

/**
 * A list answer against what live events already told this screen. Sequences and read positions
 * only grow, so the larger of each wins: an answer read on the server just before a message was
 * posted cannot undo that message's live update. When the held copy has gone further, the fields
 * named in `newer` (last message, activity, counts) are taken from it too.
 */
export function reconcileReadState<T extends ReadState>(fetched: T, held: T | undefined, newer: readonly (keyof T)[] = []): T {
  if (!held) return fetched;
  const carried: Partial<T> = {};
  if (held.lastSequence > fetched.lastSequence) for (const key of newer) carried[key] = held[key];
  const next = {
    ...fetched,
    ...carried,
    lastSequence: Math.max(fetched.lastSequence, held.lastSequence),
    readSequence: Math.max(fetched.readSequence, held.readSequence),
  };
  return { ...next, unreadCount: unreadOf(next) };
}
