import { channelMessage, chatMessage } from '@commonwork/contracts';
import { batchTime, projectionSpec, SPEC_START, specId } from '@commonwork/kit/testing';
import { describe, expect, it } from 'vitest';
import { messageAggregate } from '../src/messages/aggregate.ts';
import { knownState } from '../src/messages/changes.ts';
import type { MessageEvent } from '../src/messages/message.ts';
import { migrations } from '../src/migrations.ts';
import type { MessagingDb } from '../src/tables.ts';

const ada = specId(100);
const bo = specId(101);
const channel = specId(1);
const chat = specId(2);
const [inChannel, firstInChat, lastInChat] = [specId(201), specId(202), specId(203)];
const sender = { id: ada, name: 'Ada', picture: '' };
const createdAt = SPEC_START.toISOString();
const at = (n: number) => batchTime(n).toISOString();

/** The posted messages the changes apply to: rows the channel and chat projections would have written. */
async function posted(db: MessagingDb) {
  const row = { sender_id: ada, content: 'helo', client_id: null, created_at: SPEC_START };
  await db
    .insertInto('channel_messages')
    .values({ ...row, id: inChannel, channel_id: channel, sequence: 1, sender_name: 'Ada', sender_picture: '' })
    .execute();
  await db
    .insertInto('chats')
    .values({
      id: chat,
      participant_a: ada,
      participant_b: bo,
      gig_id: specId(50),
      created_by: bo,
      last_sequence: 2,
      last_message: 'bye',
      last_sender_id: ada,
      last_activity: SPEC_START,
      version: 3,
    })
    .execute();
  await db
    .insertInto('chat_messages')
    .values([
      { ...row, id: firstInChat, chat_id: chat, sequence: 1 },
      { ...row, id: lastInChat, chat_id: chat, sequence: 2, content: 'bye' },
    ])
    .execute();
}

const inChannelEvent = (
  type: 'MessageEdited' | 'MessageDeleted',
  revision: number,
  changes: Partial<Parameters<typeof channelMessage>[0]>,
): MessageEvent => ({
  type,
  data: {
    kind: 'channel',
    channelId: channel,
    message: channelMessage({
      id: inChannel,
      channelId: channel,
      sequence: 1,
      sender,
      content: 'helo',
      clientId: null,
      createdAt,
      ...changes,
      updatedAt: at(revision),
      revision,
    }),
  },
});
const inChatEvent = (
  type: 'MessageEdited' | 'MessageDeleted',
  id: string,
  sequence: number,
  revision: number,
  changes: Partial<Parameters<typeof chatMessage>[0]>,
): MessageEvent => ({
  type,
  data: {
    kind: 'chat',
    chatId: chat,
    participantIds: [ada, bo],
    message: chatMessage({
      id,
      chatId: chat,
      sequence,
      sender,
      content: 'helo',
      clientId: null,
      createdAt,
      ...changes,
      updatedAt: at(revision),
      revision,
    }),
  },
});

describe('the message changes projection', () => {
  const spec = projectionSpec({ schema: 'messaging', migrations, aggregate: messageAggregate, idOf: (e) => e.data.message.id });

  it('rewrites the row with the message as it now is, and raises the conversation’s counter to its revision', () => {
    const edited = inChannelEvent('MessageEdited', 1, { content: 'hello', isEdited: true });
    const reacted: MessageEvent = {
      type: 'ReactionAdded',
      data: {
        ...inChannelEvent('MessageEdited', 2, { content: 'hello', isEdited: true, reactions: [{ emoji: '👍', count: 1, users: [bo] }] })
          .data,
        userId: bo,
        emoji: '👍',
      },
    };
    return spec
      .given()
      .meanwhile(posted)
      .given(edited)
      .given(reacted)
      .then(async (db) => {
        const row = await db.selectFrom('channel_messages').selectAll().executeTakeFirstOrThrow();
        expect(row).toMatchObject({
          content: 'hello',
          is_edited: true,
          deleted: false,
          updated_at: batchTime(2),
          reactions: [{ emoji: '👍', count: 1, users: [bo] }],
          revision: 2,
          changes: 2,
          sequence: 1,
          created_at: SPEC_START,
        });
        // What a change's route reads from the row is what folding the stream would give (its write starts from it).
        const { evolve, initialState } = messageAggregate.decider;
        expect(knownState(row)).toEqual({ version: 2, state: [edited, reacted].reduce(evolve, initialState()) });
        expect(await db.selectFrom('conversation_revisions').selectAll().execute()).toEqual([{ conversation_id: channel, revision: 2 }]);
      });
  });

  it('empties a deleted chat message and the inbox preview when it was the last one, and leaves the preview for an earlier one', () =>
    spec
      .given()
      .meanwhile(posted)
      .given(inChatEvent('MessageEdited', firstInChat, 1, 1, { content: 'hello', isEdited: true }))
      .given(inChatEvent('MessageDeleted', lastInChat, 2, 2, { content: '', deleted: true }))
      .then(async (db) => {
        const rows = await db
          .selectFrom('chat_messages')
          .select(['sequence', 'content', 'deleted', 'revision'])
          .orderBy('sequence')
          .execute();
        expect(rows).toEqual([
          { sequence: 1, content: 'hello', deleted: false, revision: 1 },
          { sequence: 2, content: '', deleted: true, revision: 2 },
        ]);
        const preview = await db.selectFrom('chats').select(['last_message', 'last_sequence', 'version']).executeTakeFirstOrThrow();
        expect(preview).toEqual({ last_message: '', last_sequence: 2, version: 3 });
        expect(await db.selectFrom('conversation_revisions').selectAll().execute()).toEqual([{ conversation_id: chat, revision: 2 }]);
      }));

  it('never moves the counter back', () =>
    spec
      .given()
      .meanwhile(posted)
      .given(inChatEvent('MessageEdited', lastInChat, 2, 5, { content: 'bye!', isEdited: true }))
      .given(inChatEvent('MessageEdited', firstInChat, 1, 4, { content: 'hello', isEdited: true }))
      .thenRows('conversation_revisions', [{ conversation_id: chat, revision: 5 }]));
});
