import { describe, expect, it } from 'vitest';
import {
  firstSequenceOf,
  hasOlderMessages,
  lastSequenceOf,
  mergeMessages,
  reconcileReadState,
  type Sequenced,
  unreadOf,
  withLastSequence,
  withoutMessage,
  withReadPosition,
} from './conversation.ts';

type Msg = Sequenced & { content: string };

function buildMessage(sequence: number, overrides: Partial<Msg> = {}): Msg {
  return {
    _id: `m${sequence}`,
    sequence,
    clientId: null,
    createdAt: new Date(Date.UTC(2025, 0, 1, 0, 0, sequence)).toISOString(),
    content: `message ${sequence}`,
    ...overrides,
  };
}

function buildPending(clientId: string, createdAt: string): Msg {
  return { _id: clientId, sequence: 0, clientId, createdAt, content: 'typed', pending: true };
}

const ids = (messages: Sequenced[]) => messages.map((m) => m._id);

describe('mergeMessages', () => {
  it('orders by the server sequence, not by the clock', () => {
    const late = buildMessage(2, { createdAt: '2020-01-01T00:00:00.000Z' });
    expect(ids(mergeMessages([buildMessage(3)], [late, buildMessage(1)]))).toEqual(['m1', 'm2', 'm3']);
  });

  it('keeps one copy per id, the incoming one replacing the held one (updates)', () => {
    const merged = mergeMessages([buildMessage(1), buildMessage(2)], [buildMessage(2, { content: 'edited' }), buildMessage(1)]);
    expect(ids(merged)).toEqual(['m1', 'm2']);
    expect(merged[1]?.content).toBe('edited');
  });

  it('replaces the optimistic copy with the server message that carries its clientId', () => {
    const pending = buildPending('tmp-1', '2025-01-01T00:10:00.000Z');
    const merged = mergeMessages([buildMessage(1), pending], [buildMessage(2, { clientId: 'tmp-1' })]);
    expect(ids(merged)).toEqual(['m1', 'm2']);
    expect(merged.some((m) => m.pending)).toBe(false);
  });

  it('keeps one message when the acknowledgement and the broadcast both bring it', () => {
    const server = buildMessage(5, { clientId: 'tmp-9' });
    const pending = buildPending('tmp-9', '2025-01-01T00:10:00.000Z');
    expect(ids(mergeMessages(mergeMessages([pending], [server]), [server]))).toEqual(['m5']);
  });

  it('de-duplicates server messages by clientId', () => {
    const first = buildMessage(4, { _id: 'a', clientId: 'tmp-2' });
    const again = buildMessage(4, { _id: 'b', clientId: 'tmp-2' });
    expect(ids(mergeMessages([first], [again]))).toEqual(['b']);
  });

  it('keeps copies still being sent after the sent messages, in typing order', () => {
    const p1 = buildPending('tmp-a', '2025-01-01T00:00:01.000Z');
    const p2 = buildPending('tmp-b', '2025-01-01T00:00:02.000Z');
    expect(ids(mergeMessages([p2, p1], [buildMessage(7)]))).toEqual(['m7', 'tmp-a', 'tmp-b']);
  });

  it('never lets a late optimistic copy hide the server message', () => {
    const server = buildMessage(3, { _id: 'x' });
    const stale = { ...buildPending('x', '2025-01-01T00:00:01.000Z') };
    expect(mergeMessages([server], [stale])[0]?.pending).toBeUndefined();
  });

  it('returns a copy when there is nothing new', () => {
    const current = [buildMessage(1)];
    const merged = mergeMessages(current, []);
    expect(merged).toEqual(current);
    expect(merged).not.toBe(current);
  });
});

describe('withoutMessage and lastSequenceOf', () => {
  it('drops a failed optimistic copy', () => {
    const pending = buildPending('tmp-1', '2025-01-01T00:00:01.000Z');
    expect(ids(withoutMessage([buildMessage(1), pending], 'tmp-1'))).toEqual(['m1']);
  });

  it('takes the highest server sequence and ignores optimistic copies', () => {
    expect(lastSequenceOf([])).toBe(0);
    expect(lastSequenceOf([buildMessage(4), buildMessage(9), buildPending('t', '2025-01-01T00:00:00.000Z')])).toBe(9);
  });
});

describe('older pages', () => {
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => buildMessage(from + i));

  it('takes the lowest server sequence as the before cursor and ignores optimistic copies', () => {
    expect(firstSequenceOf([])).toBe(0);
    expect(firstSequenceOf([buildPending('t', '2025-01-01T00:00:00.000Z')])).toBe(0);
    expect(firstSequenceOf([buildMessage(9), buildMessage(4), buildPending('t', '2025-01-01T00:00:00.000Z')])).toBe(4);
  });

  it('says there are older messages exactly when the first one held is not the conversation’s first', () => {
    expect(hasOlderMessages(undefined)).toBe(false);
    expect(hasOlderMessages([])).toBe(false);
    expect(hasOlderMessages(range(1, 50))).toBe(false);
    expect(hasOlderMessages(range(2, 51))).toBe(true);
    expect(hasOlderMessages([buildPending('t', '2025-01-01T00:00:00.000Z')])).toBe(false);
  });

  it('merges an older page under what is held, live messages and copies being sent included', () => {
    const held = [...range(51, 100), buildMessage(101), buildPending('tmp-1', '2025-01-01T01:00:00.000Z')];
    const merged = mergeMessages(held, range(1, 50));
    expect(ids(merged)).toEqual([...range(1, 101).map((m) => m._id), 'tmp-1']);
    expect(merged.at(-2)).toBe(held.at(-2));
  });
});

describe('unread counts from server numbers', () => {
  const channel = { lastSequence: 10, readSequence: 7, unreadCount: 3, isMember: true };

  it('is lastSequence minus readSequence, never negative, nothing for a visitor', () => {
    expect(unreadOf(channel)).toBe(3);
    expect(unreadOf({ lastSequence: 2, readSequence: 5 })).toBe(0);
    expect(unreadOf({ ...channel, isMember: false })).toBe(0);
  });

  it('grows when a later sequence is announced and ignores an older announcement', () => {
    expect(withLastSequence(channel, 12).unreadCount).toBe(5);
    expect(withLastSequence(channel, 8)).toMatchObject({ lastSequence: 10, unreadCount: 3 });
  });

  it("moves a visitor's read position with the channel", () => {
    const visitor = { lastSequence: 10, readSequence: 10, unreadCount: 0, isMember: false };
    expect(withLastSequence(visitor, 14)).toMatchObject({ lastSequence: 14, readSequence: 14, unreadCount: 0 });
  });

  it('takes a read position from another device, and ignores one older than what it holds', () => {
    expect(withReadPosition(channel, { readSequence: 10, unreadCount: 0 })).toMatchObject({ readSequence: 10, unreadCount: 0 });
    expect(withReadPosition(channel, { readSequence: 5, unreadCount: 5 })).toBe(channel);
  });

  it('learns from a read answer that the conversation had gone further', () => {
    expect(withReadPosition(channel, { readSequence: 9, unreadCount: 3 })).toMatchObject({ lastSequence: 12, unreadCount: 3 });
  });
});

describe('reconcileReadState', () => {
  const held = { lastSequence: 5, readSequence: 3, unreadCount: 2, isMember: true, lastMessage: 'five' };

  it('keeps what live events added when the answer was read before them', () => {
    const fetched = { lastSequence: 4, readSequence: 3, unreadCount: 1, isMember: true, lastMessage: 'four' };
    expect(reconcileReadState(fetched, held, ['lastMessage'])).toEqual({ ...held });
  });

  it('takes the answer when it is as new or newer, keeping a read position marked locally', () => {
    const fetched = { lastSequence: 6, readSequence: 2, unreadCount: 4, isMember: true, lastMessage: 'six' };
    expect(reconcileReadState(fetched, held, ['lastMessage'])).toEqual({
      lastSequence: 6,
      readSequence: 3,
      unreadCount: 3,
      isMember: true,
      lastMessage: 'six',
    });
  });

  it('is the answer when nothing is held', () => {
    const fetched = { lastSequence: 1, readSequence: 0, unreadCount: 1 };
    expect(reconcileReadState(fetched, undefined)).toBe(fetched);
  });
});
