import type { Reaction } from '@commonwork/contracts';

/**
 * Pure rules for a message's later state (edits, deletions, reactions) in a conversation's cache.
 * The server numbers each conversation's changes (`revision`); the copy with the highest number is
 * the newest, whatever order copies arrive in (a live event, a catch-up, a call's answer).
 */

/** What the rules need of a message. */
export interface Revised {
  _id: string;
  /** The conversation's change counter at the message's last change (0: never changed). */
  revision: number;
  pending?: boolean;
}

/** What an optimistic change touches. */
export interface Changeable extends Revised {
  content: string;
  updatedAt: string;
  isEdited: boolean;
  deleted: boolean;
  reactions: Reaction[];
  attachments: unknown[];
}

/**
 * A changed message in place of the held one with its id; an older revision than the one held is
 * ignored (it arrived late). A message not held is not added: the message pages and the `after`
 * cursor bring it, with its state, when it is wanted.
 */
export function withChangedMessage<T extends Revised>(held: readonly T[], message: T): readonly T[] {
  const index = held.findIndex((m) => m._id === message._id);
  const current = held[index];
  if (!current || current.pending || message.revision < current.revision) return held;
  const next = [...held];
  next[index] = message;
  return next;
}

/**
 * A refused change taken back: the message as it was before the optimistic copy, unless the held
 * one has a newer revision (a change from the server came meanwhile, and stays). Known by revision,
 * not identity: the query cache keeps its own copy of what it is given.
 */
export function withChangeUndone<T extends Revised>(held: readonly T[], before: T): readonly T[] {
  return held.map((m) => (m._id === before._id && m.revision === before.revision ? before : m));
}

/** Changes applied in order (a `changedAfter` answer is in revision order); applying one twice changes nothing. */
export function withChangedMessages<T extends Revised>(held: readonly T[], messages: readonly T[]): readonly T[] {
  return messages.reduce<readonly T[]>(withChangedMessage, held);
}

/** The highest revision among messages and what was seen before: the next `changedAfter` cursor. */
export function highestRevision(seen: number, messages: readonly Revised[]): number {
  return messages.reduce((highest, message) => Math.max(highest, message.revision), seen);
}

/** The copy shown while an edit is on its way: the new text, marked edited. */
export function editedCopy<T extends Changeable>(message: T, content: string, now: Date): T {
  return { ...message, content, isEdited: true, updatedAt: now.toISOString() };
}

/** The tombstone shown while a deletion is on its way, as the server keeps it: emptied, in its place. */
export function tombstoneOf<T extends Changeable>(message: T, now: Date): T {
  return { ...message, content: '', attachments: [], reactions: [], deleted: true, updatedAt: now.toISOString() };
}

/**
 * A person's reaction with one emoji added (`on`) or taken back. One reaction per person and emoji:
 * adding it again or taking back one not given changes nothing. New emoji go last (order of first
 * use); an emoji nobody uses any more goes.
 */
export function withReaction(reactions: readonly Reaction[], emoji: string, userId: string, on: boolean): Reaction[] {
  const held = reactions.find((r) => r.emoji === emoji);
  if (on) {
    if (!held) return [...reactions, { emoji, count: 1, users: [userId] }];
    if (held.users.includes(userId)) return [...reactions];
    return reactions.map((r) => (r === held ? { ...r, count: r.count + 1, users: [...r.users, userId] } : r));
  }
  if (!held?.users.includes(userId)) return [...reactions];
  const users = held.users.filter((u) => u !== userId);
  return users.length === 0
    ? reactions.filter((r) => r !== held)
    : reactions.map((r) => (r === held ? { ...r, count: users.length, users } : r));
}

/** Whether a person has reacted with an emoji. */
export const hasReacted = (reaction: Reaction, userId: string | undefined): boolean =>
  userId !== undefined && reaction.users.includes(userId);
