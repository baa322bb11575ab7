import { batchTime, projectionSpec, SPEC_START, specId } from '@commonwork/kit/testing';
import { describe, expect, it } from 'vitest';
import { channelAggregate } from '../src/channels/aggregate.ts';
import type { ChannelEvent } from '../src/channels/channel.ts';
import { migrations } from '../src/migrations.ts';

const ada = specId(100);
const grace = specId(101);
const channel = specId(1);
const createdChannel: ChannelEvent = {
  type: 'ChannelCreated',
  data: { channelId: channel, name: 'typescript', description: 'Types and tests', type: 'public', category: 'tech', creatorId: ada },
};
const joined = (userId: string, via: 'create' | 'post' | 'link', memberCount: number): ChannelEvent => ({
  type: 'MemberJoined',
  data: { channelId: channel, userId, via, memberCount },
});
const posted = (sequence: number, userId: string, content: string): ChannelEvent => ({
  type: 'MessagePosted',
  data: {
    channelId: channel,
    messageId: specId(200 + sequence),
    sequence,
    messageCount: sequence,
    sender: { userId, name: userId === ada ? 'Ada' : 'Grace', email: '', picture: '' },
    content,
    clientId: `client-${sequence}`,
  },
});

describe('the channels projection', () => {
  const spec = projectionSpec({ schema: 'messaging', migrations, aggregate: channelAggregate, idOf: (e) => e.data.channelId });

  it('writes a created channel with no members, messages or join link yet', () =>
    spec.given(createdChannel).thenRows('channels', [
      {
        id: channel,
        name: 'typescript',
        description: 'Types and tests',
        type: 'public',
        category: 'tech',
        creator_id: ada,
        join_link: null,
        member_count: 0,
        message_count: 0,
        last_sequence: 0,
        last_activity: SPEC_START,
        version: 1,
        created_at: SPEC_START,
      },
    ]));

  it('makes its creator an admin and others members; one who leaves is gone; the channel counts as the last event said', () =>
    spec
      .given(createdChannel, joined(ada, 'create', 1))
      .given(joined(grace, 'link', 2))
      .given({ type: 'MemberLeft', data: { channelId: channel, userId: grace, memberCount: 1 } }, joined(specId(102), 'post', 2))
      .then(async (db) => {
        const members = await db.selectFrom('channel_members').select(['user_id', 'role', 'joined_at']).orderBy('user_id').execute();
        expect(members).toEqual([
          { user_id: ada, role: 'admin', joined_at: SPEC_START },
          { user_id: specId(102), role: 'member', joined_at: batchTime(2) },
        ]);
        const row = await db.selectFrom('channels').select(['member_count', 'version']).executeTakeFirstOrThrow();
        expect(row).toEqual({ member_count: 2, version: 5 });
      }));

  it('keeps the join link generated last', () =>
    spec
      .given(createdChannel)
      .given({ type: 'JoinLinkGenerated', data: { channelId: channel, joinLink: 'abc123', generatedBy: ada } })
      .thenRows('channels', [{ id: channel, join_link: 'abc123', version: 2 }]));

  it('writes posted messages, the counters from the last, and each sender as having read up to their own last message', () =>
    spec
      .given(createdChannel, joined(ada, 'create', 1), joined(grace, 'post', 2))
      .given(posted(1, ada, 'Hello'), posted(2, grace, 'Hi'), posted(3, ada, 'Welcome'))
      .then(async (db) => {
        const messages = await db
          .selectFrom('channel_messages')
          .select(['sequence', 'sender_id', 'content', 'created_at'])
          .orderBy('sequence')
          .execute();
        expect(messages).toEqual([
          { sequence: 1, sender_id: ada, content: 'Hello', created_at: batchTime(1) },
          { sequence: 2, sender_id: grace, content: 'Hi', created_at: batchTime(1) },
          { sequence: 3, sender_id: ada, content: 'Welcome', created_at: batchTime(1) },
        ]);
        const row = await db
          .selectFrom('channels')
          .select(['message_count', 'last_sequence', 'last_activity', 'version'])
          .executeTakeFirstOrThrow();
        expect(row).toEqual({ message_count: 3, last_sequence: 3, last_activity: batchTime(1), version: 6 });
        const reads = await db.selectFrom('read_positions').select(['user_id', 'read_sequence']).orderBy('user_id').execute();
        expect(reads).toEqual([
          { user_id: ada, read_sequence: 3 },
          { user_id: grace, read_sequence: 2 },
        ]);
      }));

  it('never moves a read position back: a post older than what the sender has read leaves it', () =>
    spec
      .given(createdChannel, joined(ada, 'create', 1))
      .given(posted(1, ada, 'One'), posted(2, ada, 'Two'))
      .meanwhile((db) => db.updateTable('read_positions').set({ read_sequence: 9 }).execute())
      .given(posted(3, ada, 'Three'))
      .thenRows('read_positions', [{ user_id: ada, conversation_id: channel, read_sequence: 9 }]));
});
