import { projectionSpec, specId } from '@commonwork/kit/testing';
import { describe, it } from 'vitest';
import { migrations } from '../src/migrations.ts';
import { readAggregate } from '../src/reads/aggregate.ts';
import type { ReadEvent } from '../src/reads/read.ts';

const ada = specId(100);
const read = (conversation: number, readSequence: number, userId = ada): ReadEvent => ({
  type: 'ConversationRead',
  data: { userId, kind: 'channel', conversationId: specId(conversation), readSequence, unreadCount: 0 },
});

describe('the read marks projection', () => {
  const spec = projectionSpec({ schema: 'messaging', migrations, aggregate: readAggregate, idOf: (e) => e.data.userId });

  it('keeps how far each person has read each conversation', () =>
    spec.given(read(1, 4), read(2, 7), read(1, 3, specId(101))).thenRows('read_positions', [
      { user_id: ada, conversation_id: specId(1), read_sequence: 4 },
      { user_id: ada, conversation_id: specId(2), read_sequence: 7 },
      { user_id: specId(101), conversation_id: specId(1), read_sequence: 3 },
    ]));

  it('moves a position forward only: an older mark after a newer one leaves it, whether in one batch or later', () =>
    spec
      .given(read(1, 5), read(1, 2))
      .given(read(1, 3))
      .given(read(2, 1))
      .given(read(2, 6))
      .thenRows('read_positions', [
        { user_id: ada, conversation_id: specId(1), read_sequence: 5 },
        { user_id: ada, conversation_id: specId(2), read_sequence: 6 },
      ]));
});
