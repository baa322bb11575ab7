import { batchTime, projectionSpec, SPEC_START, specId } from '@commonwork/kit/testing';
import { describe, expect, it } from 'vitest';
import { chatAggregate } from '../src/chats/aggregate.ts';
import type { ChatEvent } from '../src/chats/chat.ts';
import { migrations } from '../src/migrations.ts';

const ada = specId(100);
const grace = specId(101);
const chat = specId(1);
const gig = specId(50);
const participants: [string, string] = [ada, grace];
const createdChat: ChatEvent = { type: 'ChatCreated', data: { chatId: chat, participantIds: participants, gigId: gig, createdBy: grace } };
const posted = (sequence: number, userId: string, content: string): ChatEvent => ({
  type: 'ChatMessagePosted',
  data: {
    chatId: chat,
    participantIds: participants,
    messageId: specId(200 + sequence),
    sequence,
    sender: { userId, name: '', email: '', picture: '' },
    content,
    clientId: null,
  },
});

describe('the chats projection', () => {
  const spec = projectionSpec({ schema: 'messaging', migrations, aggregate: chatAggregate, idOf: (e) => e.data.chatId });

  it('writes a created chat between two people about a gig, with no message yet', () =>
    spec.given(createdChat).thenRows('chats', [
      {
        id: chat,
        participant_a: ada,
        participant_b: grace,
        gig_id: gig,
        created_by: grace,
        last_sequence: 0,
        last_message: null,
        last_sender_id: null,
        last_activity: SPEC_START,
        version: 1,
      },
    ]));

  it('writes each message, the chat’s last message and activity, and the sender as having read it', () =>
    spec
      .given(createdChat)
      .given(posted(1, grace, 'Is the gig still open?'))
      .given(posted(2, ada, 'Yes!'))
      .then(async (db) => {
        const messages = await db
          .selectFrom('chat_messages')
          .select(['sequence', 'sender_id', 'content', 'created_at'])
          .orderBy('sequence')
          .execute();
        expect(messages).toEqual([
          { sequence: 1, sender_id: grace, content: 'Is the gig still open?', created_at: batchTime(1) },
          { sequence: 2, sender_id: ada, content: 'Yes!', created_at: batchTime(2) },
        ]);
        const row = await db
          .selectFrom('chats')
          .select(['last_sequence', 'last_message', 'last_sender_id', 'last_activity', 'version'])
          .executeTakeFirstOrThrow();
        expect(row).toEqual({ last_sequence: 2, last_message: 'Yes!', last_sender_id: ada, last_activity: batchTime(2), version: 3 });
        const reads = await db.selectFrom('read_positions').select(['user_id', 'read_sequence']).orderBy('user_id').execute();
        expect(reads).toEqual([
          { user_id: ada, read_sequence: 2 },
          { user_id: grace, read_sequence: 1 },
        ]);
      }));
});
