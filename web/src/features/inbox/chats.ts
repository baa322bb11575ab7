import type { Chat, ChatMessage } from '@commonwork/contracts';
// By file, not the module's index: the gig page reaches this file through api.ts.
import { withLastSequence, withReadPosition } from '../../shared/conversation/conversation.ts';
import { t } from './locales/index.ts';

type Participant = Chat['participants'][number];

/** The person on the other side of a conversation (the first participant who is not the user). */
export function otherParticipant(chat: Pick<Chat, 'participants'>, userId: string | undefined): Participant | null {
  return chat.participants.find((p) => p._id !== userId) ?? chat.participants[0] ?? null;
}

/** Spec 002 §2: search by participant name or gig title, ignoring case. */
export function chatMatches(chat: Chat, search: string, userId: string | undefined): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  const name = otherParticipant(chat, userId)?.name ?? '';
  return name.toLowerCase().includes(needle) || chat.gigId.title.toLowerCase().includes(needle);
}

/** The last message line: prefixed 'You: ' when the user sent it; empty when there is none yet. */
export function lastMessagePreview(chat: Pick<Chat, 'lastMessage'>, userId: string | undefined): string {
  if (!chat.lastMessage) return '';
  const mine = chat.lastMessage.sender._id === userId;
  return mine ? t('inbox.youWrote', { message: chat.lastMessage.content }) : chat.lastMessage.content;
}

/** 'Page x of y', with at least one page. */
export function pageLabel(page: number, totalPages: number): string {
  return t('inbox.pageLabel', { page, totalPages: Math.max(1, totalPages) });
}

/**
 * A new message in a conversation: it becomes the last message and the latest activity; it is
 * unread unless the user sent it (the server moves a sender's read position with the post), took
 * the order step it tells of, or is reading the conversation now.
 */
export function withChatMessage(chat: Chat, message: ChatMessage, userId: string | undefined, isOpen: boolean): Chat {
  if (message.sequence <= chat.lastSequence && chat.lastMessage) return chat;
  const moved: Chat = {
    ...withLastSequence(chat, message.sequence),
    lastMessage: { content: message.content, sender: { _id: message.sender._id }, createdAt: message.createdAt },
    lastActivity: message.createdAt,
  };
  // An order's line is read by whoever took its step, as the server counts it.
  const read = message.sender._id === userId || message.system?.actorId === userId || isOpen;
  return read ? withReadPosition(moved, { readSequence: message.sequence, unreadCount: 0 }) : moved;
}

/**
 * A message changed (edited, deleted): when it is the conversation's last one, the preview shows
 * its text now, as the server's list does (a deleted one's text is gone).
 */
export function withChangedChatMessage(chat: Chat, message: ChatMessage): Chat {
  if (!chat.lastMessage || message.sequence !== chat.lastSequence) return chat;
  return { ...chat, lastMessage: { ...chat.lastMessage, content: message.content } };
}

/** Conversations by latest activity first, as the server lists them. */
export function byLatestActivity(chats: readonly Chat[]): Chat[] {
  return [...chats].sort((a, b) => b.lastActivity.localeCompare(a.lastActivity));
}
