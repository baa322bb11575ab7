import { channelMessage, chatMessage, MESSAGING_LIMITS, type Reaction } from '@commonwork/contracts';
import { createError, type Decider, Forbidden } from '@commonwork/kit';
import type { ChangedMessage, MessageCommand, MessageEvent, MessageState } from './message.ts';

export const MessageNotFound = createError('MESSAGE_NOT_FOUND', 'Message not found', 404);
export const MessageDeleted = createError('MESSAGE_DELETED', 'A deleted message cannot be changed', 409);
export const TooManyReactions = createError(
  'TOO_MANY_REACTIONS',
  `A message can have at most ${MESSAGING_LIMITS.reactionsPerMessage} different reactions`,
  409,
);

type Current = NonNullable<MessageState>;
type Command<T extends MessageCommand['type']> = Extract<MessageCommand, { type: T }>;

/** The message as posted, for a decision on a message that was never changed. */
const asPosted = ({ message }: MessageCommand): Current => ({
  content: message.content,
  isEdited: false,
  deleted: false,
  updatedAt: message.createdAt,
  reactions: [],
  attachments: message.attachments,
  mentions: message.mentions,
});

/** The whole message after a change, on the wire, carrying the change's time and revision. */
function changedMessage(command: MessageCommand, next: Current): ChangedMessage {
  const { message, revision, at } = command;
  const fields = {
    id: message.messageId,
    sequence: message.sequence,
    sender: message.sender,
    clientId: message.clientId,
    createdAt: message.createdAt,
    ...next,
    updatedAt: at,
    revision,
  };
  const { conversation } = message;
  return conversation.kind === 'channel'
    ? {
        kind: 'channel',
        channelId: conversation.channelId,
        message: channelMessage({ ...fields, channelId: conversation.channelId, app: message.app ?? null }),
      }
    : {
        kind: 'chat',
        chatId: conversation.chatId,
        participantIds: conversation.participantIds,
        message: chatMessage({ ...fields, chatId: conversation.chatId }),
      };
}

function edit(command: Command<'EditMessage'>, current: Current): MessageEvent[] {
  if (command.actorId !== command.message.sender.id) throw Forbidden('You can only edit your own messages');
  if (current.deleted) throw MessageDeleted();
  if (command.content === current.content) return [];
  const edited = { ...current, content: command.content, mentions: command.mentions, isEdited: true };
  return [{ type: 'MessageEdited', data: changedMessage(command, edited) }];
}

/**
 * A tombstone keeps its place in the sequence (unread counts stay exact) and nothing of what was
 * said: text, files, mentions and reactions go. Deleting it again changes nothing.
 */
function remove(command: Command<'DeleteMessage'>, current: Current): MessageEvent[] {
  if (command.actorId !== command.message.sender.id && !command.actorModerates) throw Forbidden('You can only delete your own messages');
  if (current.deleted) return [];
  const tombstone = { ...current, content: '', deleted: true, attachments: [], mentions: [], reactions: [] };
  return [{ type: 'MessageDeleted', data: changedMessage(command, tombstone) }];
}

/** One person, one reaction per emoji: a second add changes nothing; a new emoji goes last (order of first use). */
function react(command: Command<'AddReaction'>, current: Current): MessageEvent[] {
  if (current.deleted) throw MessageDeleted();
  const { emoji, actorId } = command;
  const existing = current.reactions.find((r) => r.emoji === emoji);
  if (existing?.users.includes(actorId)) return [];
  if (!existing && current.reactions.length >= MESSAGING_LIMITS.reactionsPerMessage) throw TooManyReactions();
  const reactions: Reaction[] = existing
    ? current.reactions.map((r) => (r === existing ? { emoji, count: r.count + 1, users: [...r.users, actorId] } : r))
    : [...current.reactions, { emoji, count: 1, users: [actorId] }];
  return [{ type: 'ReactionAdded', data: { ...changedMessage(command, { ...current, reactions }), userId: actorId, emoji } }];
}

/** Taking back a reaction one does not have changes nothing; the last one of an emoji removes the emoji. */
function unreact(command: Command<'RemoveReaction'>, current: Current): MessageEvent[] {
  if (current.deleted) throw MessageDeleted();
  const { emoji, actorId } = command;
  const existing = current.reactions.find((r) => r.emoji === emoji);
  if (!existing?.users.includes(actorId)) return [];
  const users = existing.users.filter((u) => u !== actorId);
  const reactions = users.length
    ? current.reactions.map((r) => (r === existing ? { emoji, count: users.length, users } : r))
    : current.reactions.filter((r) => r !== existing);
  return [{ type: 'ReactionRemoved', data: { ...changedMessage(command, { ...current, reactions }), userId: actorId, emoji } }];
}

/**
 * A message's edits, deletion and reactions. Who may see the conversation is the route's check (a
 * message one may not read is a 404 before any command); who may change what is decided here.
 */
export const messageDecider: Decider<MessageState, MessageCommand, MessageEvent> = {
  initialState: () => null,
  evolve: (_state, { data: { message } }) => ({
    content: message.content,
    isEdited: message.isEdited,
    deleted: message.deleted,
    updatedAt: message.updatedAt,
    reactions: message.reactions,
    attachments: message.attachments,
    mentions: message.mentions,
  }),
  decide: (command, state) => {
    const current = state ?? asPosted(command);
    switch (command.type) {
      case 'EditMessage':
        return edit(command, current);
      case 'DeleteMessage':
        return remove(command, current);
      case 'AddReaction':
        return react(command, current);
      case 'RemoveReaction':
        return unreact(command, current);
      default: {
        const never: never = command;
        throw new Error(`Unknown command ${JSON.stringify(never)}`);
      }
    }
  },
};
