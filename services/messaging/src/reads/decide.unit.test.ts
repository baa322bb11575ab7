import { deciderSpec } from '@commonwork/kit/testing';
import { describe, it } from 'vitest';
import { type ReadCommand, readDecider } from './decide.ts';
import type { ReadEvent } from './read.ts';

const userId = '11111111-2222-4333-8444-555555555555';
const channel = '0f1e2d3c-4b5a-4968-8776-5a4b3c2d1e0f';
const chat = '22222222-3333-4444-8555-666666666666';
const spec = deciderSpec(readDecider);

const read = (conversationId: string, readSequence: number, lastSequence: number, kind: 'channel' | 'chat' = 'channel'): ReadEvent => ({
  type: 'ConversationRead',
  data: { userId, kind, conversationId, readSequence, unreadCount: lastSequence - readSequence },
});
const mark = (conversationId: string, lastSequence: number, options: Partial<ReadCommand> = {}): ReadCommand => ({
  type: 'MarkRead',
  userId,
  kind: 'channel',
  conversationId,
  lastSequence,
  alreadyRead: 0,
  ...options,
});

describe('read marks decider', () => {
  it('marks everything read by default, with the exact unread count left', () => {
    spec
      .given()
      .when(mark(channel, 7))
      .then(read(channel, 7, 7));
  });

  it('marks up to a sequence, never past the latest one', () => {
    spec
      .given()
      .when(mark(channel, 7, { sequence: 4 }))
      .then(read(channel, 4, 7));
    spec
      .given()
      .when(mark(channel, 7, { sequence: 40 }))
      .then(read(channel, 7, 7));
  });

  it('only moves forward: a stale device marking older messages changes nothing', () => {
    spec
      .given(read(channel, 6, 9))
      .when(mark(channel, 9, { sequence: 3 }))
      .thenNothing();
    spec
      .given(read(channel, 6, 9))
      .when(mark(channel, 9, { sequence: 6 }))
      .thenNothing();
    spec
      .given(read(channel, 6, 9))
      .when(mark(channel, 9, { sequence: 8 }))
      .then(read(channel, 8, 9));
  });

  it('counts what the reader posted as read (the table stands there), and keeps conversations apart', () => {
    spec
      .given()
      .when(mark(channel, 9, { sequence: 5, alreadyRead: 7 }))
      .thenNothing();
    spec
      .given(read(channel, 9, 9))
      .when(mark(chat, 3, { kind: 'chat' }))
      .then(read(chat, 3, 3, 'chat'));
  });
});
