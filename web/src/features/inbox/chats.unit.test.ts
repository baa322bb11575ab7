import { type Chat, type ChatMessage, chatMessage, SYSTEM_SENDER } from '@commonwork/contracts';
import { describe, expect, it } from 'vitest';
import {
  byLatestActivity,
  chatMatches,
  lastMessagePreview,
  otherParticipant,
  pageLabel,
  withChangedChatMessage,
  withChatMessage,
} from './chats.ts';

const me = '00000000-0000-4000-8000-0000000000aa';
const them = '00000000-0000-4000-8000-0000000000bb';

function buildChat(overrides: Partial<Chat> = {}): Chat {
  const id = overrides.id ?? crypto.randomUUID();
  return {
    _id: id,
    id,
    participants: [
      { _id: me, name: 'Ada Lovelace', picture: '', email: 'ada@example.test' },
      { _id: them, name: 'Grace Hopper', picture: '', email: '' },
    ],
    type: 'gig_interest',
    gigId: { _id: crypto.randomUUID(), title: 'I will build a React landing page' },
    lastMessage: null,
    lastActivity: '2025-01-01T00:00:00.000Z',
    unreadCount: 0,
    lastSequence: 0,
    readSequence: 0,
    ...overrides,
  };
}

function buildMessage(chat: Chat, sequence: number, senderId: string, content = `m${sequence}`): ChatMessage {
  return chatMessage({
    id: crypto.randomUUID(),
    chatId: chat.id,
    sequence,
    sender: { id: senderId, name: senderId === me ? 'Ada Lovelace' : 'Grace Hopper', picture: '' },
    content,
    clientId: null,
    createdAt: new Date(Date.UTC(2025, 0, 2, 0, 0, sequence)).toISOString(),
  });
}

describe('otherParticipant and chatMatches', () => {
  it('finds the other person', () => {
    expect(otherParticipant(buildChat(), me)?.name).toBe('Grace Hopper');
    expect(otherParticipant(buildChat(), them)?.name).toBe('Ada Lovelace');
  });

  it('searches by the other participant name or the gig title, ignoring case', () => {
    const chat = buildChat();
    expect(chatMatches(chat, 'grace', me)).toBe(true);
    expect(chatMatches(chat, ' REACT ', me)).toBe(true);
    expect(chatMatches(chat, 'ada', me)).toBe(false);
    expect(chatMatches(chat, '', me)).toBe(true);
  });
});

describe('lastMessagePreview', () => {
  it("prefixes 'You: ' when the user sent the last message", () => {
    const chat = buildChat({ lastMessage: { content: 'Hi!', sender: { _id: me }, createdAt: '2025-01-01T00:00:00.000Z' } });
    expect(lastMessagePreview(chat, me)).toBe('You: Hi!');
    expect(lastMessagePreview(chat, them)).toBe('Hi!');
    expect(lastMessagePreview(buildChat(), me)).toBe('');
  });
});

describe('pageLabel', () => {
  it("reads 'Page x of y', never 'of 0'", () => {
    expect(pageLabel(2, 5)).toBe('Page 2 of 5');
    expect(pageLabel(1, 0)).toBe('Page 1 of 1');
  });
});

describe('withChangedChatMessage', () => {
  it('shows an edit or a deletion of the last message in the preview', () => {
    const chat = withChatMessage(buildChat({ lastSequence: 2, readSequence: 2 }), buildMessage(buildChat(), 3, them, 'Tpyo'), me, false);
    const edited = { ...buildMessage(chat, 3, them, 'Typo'), isEdited: true, revision: 1 };
    expect(withChangedChatMessage(chat, edited).lastMessage?.content).toBe('Typo');
    expect(withChangedChatMessage(chat, { ...edited, content: '', deleted: true }).lastMessage?.content).toBe('');
  });

  it('leaves the preview alone when an older message changes', () => {
    const chat = withChatMessage(buildChat({ lastSequence: 2, readSequence: 2 }), buildMessage(buildChat(), 3, them, 'Latest'), me, false);
    expect(withChangedChatMessage(chat, { ...buildMessage(chat, 2, them, 'Older, edited'), revision: 1 })).toBe(chat);
  });
});

describe('withChatMessage', () => {
  it('counts a message from the other person as unread and makes it the last message', () => {
    const chat = buildChat({ lastSequence: 2, readSequence: 2 });
    const next = withChatMessage(chat, buildMessage(chat, 3, them, 'Are you free?'), me, false);
    expect(next).toMatchObject({ lastSequence: 3, readSequence: 2, unreadCount: 1 });
    expect(next.lastMessage?.content).toBe('Are you free?');
    expect(next.lastActivity).toBe('2025-01-02T00:00:03.000Z');
  });

  it("does not count the user's own message or one in the open conversation", () => {
    const chat = buildChat({ lastSequence: 2, readSequence: 2 });
    expect(withChatMessage(chat, buildMessage(chat, 3, me), me, false).unreadCount).toBe(0);
    expect(withChatMessage(chat, buildMessage(chat, 3, them), me, true).unreadCount).toBe(0);
  });

  it("counts an order's line unread unless the user took its step", () => {
    const chat = buildChat({ lastSequence: 2, readSequence: 2 });
    const line = (actorId: string | null) => ({
      ...buildMessage(chat, 3, SYSTEM_SENDER.id, 'Grace Hopper delivered the order.'),
      system: { kind: 'order' as const, orderId: chat.id, step: 'delivered' as const, actorId },
    });
    expect(withChatMessage(chat, line(them), me, false).unreadCount).toBe(1);
    expect(withChatMessage(chat, line(null), me, false).unreadCount).toBe(1);
    expect(withChatMessage(chat, line(me), me, false).unreadCount).toBe(0);
  });

  it('ignores a message it already counted', () => {
    const chat = buildChat({ lastSequence: 3, readSequence: 2, unreadCount: 1 });
    const counted = withChatMessage(chat, buildMessage(chat, 3, them), me, false);
    expect(withChatMessage(counted, buildMessage(chat, 3, them), me, false)).toBe(counted);
  });
});

describe('byLatestActivity', () => {
  it('puts the most recent conversation first', () => {
    const old = buildChat({ lastActivity: '2025-01-01T00:00:00.000Z' });
    const recent = buildChat({ lastActivity: '2025-02-01T00:00:00.000Z' });
    expect(byLatestActivity([old, recent]).map((c) => c.id)).toEqual([recent.id, old.id]);
  });
});
