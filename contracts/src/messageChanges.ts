// Rules only, no schemas: the web app bundles them, and a schema here would bring zod and the message schemas into its pages.
import type { MessageChange, MessageChangeKind } from './messageChangeSchemas.ts';
import type { Attachment, ChannelMessage, Reaction } from './messaging.ts';

/** The one change a `…message_updated` event made, for a frame: what `kind` says changed, else the whole message. */
export function messageChangeOf(message: ChannelMessage, kind: MessageChangeKind | undefined): MessageChange {
  const { id, updatedAt: at } = message;
  switch (kind?.kind) {
    case 'reaction':
      return { id, at, reaction: { emoji: kind.emoji, userId: kind.userId, added: kind.added } };
    case 'edited':
      return { id, at, content: message.content, mentions: message.mentions };
    case 'deleted':
      return { id, at, deleted: true };
    default:
      return { message };
  }
}

/** The message id a change is about. */
export const changedMessageId = (change: MessageChange): string => ('message' in change ? change.message.id : change.id);

/**
 * A person's reaction with one emoji given (`added`) or taken back, as messaging decides it: one per
 * person and emoji (giving it again or taking back one not given changes nothing), new emoji last
 * (order of first use), an emoji nobody uses any more gone.
 */
export function withReaction(reactions: readonly Reaction[], emoji: string, userId: string, added: boolean): Reaction[] {
  const held = reactions.find((r) => r.emoji === emoji);
  if (added) {
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

/** What a change touches of a held message (a channel message, or a client's copy of one). */
export interface ChangeableMessage {
  content: string;
  mentions: string[];
  attachments: Attachment[];
  reactions: Reaction[];
  isEdited: boolean;
  deleted: boolean;
  updatedAt: string;
  revision: number;
}

/**
 * A held message with one change of a frame applied, `revision` being the change's. A change the
 * held copy already has (its revision is as new or newer: a REST answer or a catch-up brought it) is
 * ignored, so applying a frame twice, or after the change's own answer, changes nothing.
 */
export function withMessageChange<T extends ChangeableMessage>(message: T, change: MessageChange, revision: number): T {
  if (revision <= message.revision) return message;
  if ('message' in change) {
    const { content, mentions, attachments, reactions, isEdited, deleted, updatedAt } = change.message;
    return { ...message, content, mentions, attachments, reactions, isEdited, deleted, updatedAt, revision };
  }
  const next = { ...message, updatedAt: change.at, revision };
  if ('reaction' in change) {
    const { emoji, userId, added } = change.reaction;
    return { ...next, reactions: withReaction(message.reactions, emoji, userId, added) };
  }
  if ('deleted' in change) return { ...next, content: '', deleted: true, attachments: [], mentions: [], reactions: [] };
  return { ...next, content: change.content, mentions: change.mentions, isEdited: true };
}
