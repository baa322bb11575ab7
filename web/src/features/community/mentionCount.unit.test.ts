import { channelMessage } from '@commonwork/contracts';
import { describe, expect, it } from 'vitest';
import { reconcileChannel } from './api.ts';
import { boundMentions, countMention } from './mentionCount.ts';
import { buildChannel } from './testChannels.ts';

const me = '00000000-0000-4000-8000-000000000001';
const bo = '00000000-0000-4000-8000-000000000002';
const posted = (sequence: number, mentions: string[], sender = bo) =>
  channelMessage({
    id: `00000000-0000-4000-8000-1000000000${String(sequence).padStart(2, '0')}`,
    channelId: '00000000-0000-4000-8000-000000000099',
    sequence,
    sender: { id: sender, name: 'Bo', picture: '' },
    content: '@me',
    clientId: null,
    createdAt: '2026-01-01T12:00:00.000Z',
    mentions,
  });

describe('countMention', () => {
  const channel = buildChannel({ lastSequence: 4, readSequence: 4, unreadCount: 0, mentionCount: 0 });

  it('counts a new message that mentions me', () => {
    expect(countMention(channel, posted(5, [me]), me).mentionCount).toBe(1);
  });

  it('does not count a message without me, my own, or one already seen', () => {
    expect(countMention(channel, posted(5, [bo]), me).mentionCount).toBe(0);
    expect(countMention(channel, posted(5, [me], me), me).mentionCount).toBe(0);
    expect(countMention(channel, posted(4, [me]), me).mentionCount).toBe(0);
  });
});

describe('boundMentions', () => {
  it('clears the count when everything is read, and keeps it within the unread count', () => {
    expect(boundMentions(buildChannel({ unreadCount: 0, mentionCount: 2 })).mentionCount).toBe(0);
    expect(boundMentions(buildChannel({ unreadCount: 1, mentionCount: 2 })).mentionCount).toBe(1);
    expect(boundMentions(buildChannel({ unreadCount: 5, mentionCount: 2 })).mentionCount).toBe(2);
  });
});

describe('a fetched list against live mentions', () => {
  it('keeps a mention counted live after the answer was read, and takes the server’s count otherwise', () => {
    const held = buildChannel({ lastSequence: 6, readSequence: 4, unreadCount: 2, mentionCount: 2 });
    expect(reconcileChannel(buildChannel({ lastSequence: 5, readSequence: 4, unreadCount: 1, mentionCount: 1 }), held).mentionCount).toBe(
      2,
    );
    expect(reconcileChannel(buildChannel({ lastSequence: 6, readSequence: 4, unreadCount: 2, mentionCount: 1 }), held).mentionCount).toBe(
      1,
    );
  });
});
