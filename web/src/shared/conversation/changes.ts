import {
  type ChangeableMessage,
  changedMessageId,
  type MessageChange,
  type Reaction,
  withMessageChange,
  withReaction,
} from '@commonwork/contracts';

// The reaction rule is messaging's, shared through contracts: an optimistic copy and a frame's change apply it alike.
export { withReaction };

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

/** Several changes of one conversation at once (`messages-updated`): each only what it changed, the one at index i being revision `after + 1 + i`. */
export interface ChangesFrame {
  after: number;
  revision: number;
  changes: readonly MessageChange[];
}

/**
 * A frame's changes applied, in order, to the held messages they are about. A change of a message
 * not held is ignored (the pages bring it whole when it is wanted), as is one for a copy still on its
 * way, or one the held copy already has (its revision is as new: a REST answer or a catch-up brought
 * it), so a frame applied twice changes nothing.
 */
export function withFrameChanges<T extends Revised & ChangeableMessage>(held: readonly T[], frame: ChangesFrame): readonly T[] {
  return frame.changes.reduce((list, change, i) => {
    const current = list.find((m) => m._id === changedMessageId(change));
    const changed = current && withMessageChange(current, change, frame.after + 1 + i);
    return changed && changed !== current ? withChangedMessage(list, changed) : list;
  }, held);
}

/** Whether a person has reacted with an emoji. */
export const hasReacted = (reaction: Reaction, userId: string | undefined): boolean =>
  userId !== undefined && reaction.users.includes(userId);
