import { type CallInput, messagingRoutes } from '@commonwork/contracts';
import { rebuildProjections } from '@commonwork/kit';
import { buildUser, eventually, startTestPlatform, type TestPlatform } from '@commonwork/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projections } from '../src/index.ts';

describe('community channels through the gateway', () => {
  let p: TestPlatform;
  let ada: Awaited<ReturnType<typeof buildUser>>;
  let bob: Awaited<ReturnType<typeof buildUser>>;
  let eve: Awaited<ReturnType<typeof buildUser>>;

  beforeAll(async () => {
    p = await startTestPlatform();
    ada = await buildUser(p, 'Ada Admin');
    bob = await buildUser(p, 'Bob Member');
    eve = await buildUser(p, 'Eve Outsider');
  });
  afterAll(() => p.stop());

  const createChannel = (token: string, body: CallInput<typeof messagingRoutes.createChannel>['body']) =>
    p.api.send(messagingRoutes.createChannel, { token, body });
  const post = (token: string, id: string, content: string, clientId?: string) =>
    p.api.send(messagingRoutes.postChannelMessage, {
      params: { id },
      token,
      body: { content, type: 'text', ...(clientId && { clientId }) },
    });
  const channelOf = async (token: string, id: string) =>
    (await p.api.call(messagingRoutes.listChannels, { token })).data.find((c) => c.id === id);
  const messages = (token: string, id: string, query: NonNullable<CallInput<typeof messagingRoutes.channelMessages>['query']> = {}) =>
    p.api.send(messagingRoutes.channelMessages, { params: { id }, query, token });
  const joinLink = (token: string, id: string) => p.api.send(messagingRoutes.joinLink, { params: { id }, token });
  const joinByLink = (token: string, link: string) => p.api.send(messagingRoutes.joinByLink, { params: { joinLink: link }, token });
  const readChannel = (token: string, id: string, body: CallInput<typeof messagingRoutes.readChannel>['body']) =>
    p.api.send(messagingRoutes.readChannel, { params: { id }, token, body });

  it('creates a channel whose creator is its admin and first member, and requires a name', async () => {
    const res = await createChannel(ada.token, { name: '  general-chat ', description: 'Say hi', type: 'public', category: 'general' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      message: 'Channel created successfully!',
      data: {
        name: 'general-chat',
        type: 'public',
        category: 'general',
        creator: { _id: ada.id },
        admins: [{ _id: ada.id }],
        memberCount: 1,
        isMember: true,
      },
    });
    // Names and usernames (what mentions name) come from identity's events: eventually consistent.
    const listed = await eventually(async () => {
      const c = await channelOf(ada.token, res.body.data.id);
      return c?.members[0]?.username === ada.username && c;
    });
    expect(listed.members).toEqual([{ _id: ada.id, name: 'Ada Admin', profilePicture: '', status: 'offline', username: ada.username }]);
    const blank = await createChannel(ada.token, { name: '   ' });
    expect(blank).toMatchObject({
      status: 400,
      body: { message: 'Channel name is required', details: [{ field: 'name', message: 'Channel name is required' }] },
    });
    expect((await p.api.send(messagingRoutes.createChannel, { body: { name: 'x' } })).status).toBe(401);
  });

  it('orders messages by server sequence, pages the newest first, and replays exactly what came after a cursor', async () => {
    const { body } = await createChannel(ada.token, { name: 'ordered' });
    const id = body.data.id;
    for (let i = 1; i <= 7; i++) await post(ada.token, id, `m${i}`);
    const page1 = await messages(ada.token, id, { page: 1, limit: 3 });
    expect(page1.body.data.messages.map((m) => m.content)).toEqual(['m5', 'm6', 'm7']);
    expect(page1.body.data.hasMore).toBe(true);
    const page3 = await messages(ada.token, id, { page: 3, limit: 3 });
    expect(page3.body.messages.map((m) => m.content)).toEqual(['m1']);
    const after = await messages(ada.token, id, { after: 4 });
    expect(after.body.messages.map((m) => m.sequence)).toEqual([5, 6, 7]);
    expect(after.body.data.hasMore).toBe(false);
  });

  it('pages back from a cursor: exactly the older messages, in order, with hasMore until the first one', async () => {
    const { body } = await createChannel(ada.token, { name: 'history' });
    const id = body.data.id;
    for (let i = 1; i <= 7; i++) await post(ada.token, id, `h${i}`);
    const older = (before: number, limit: number) => messages(ada.token, id, { before, limit });
    const page = await older(6, 3);
    expect(page.body.data.messages.map((m) => m.sequence)).toEqual([3, 4, 5]);
    expect(page.body.data.hasMore).toBe(true);
    const start = await older(4, 3);
    expect(start.body.messages.map((m) => m.content)).toEqual(['h1', 'h2', 'h3']);
    expect(start.body.data.hasMore).toBe(false);
    const short = await older(3, 50);
    expect(short.body.data).toMatchObject({ messages: [{ sequence: 1 }, { sequence: 2 }], hasMore: false });
    const both = await messages(ada.token, id, { before: 5, after: 1 });
    expect(both).toMatchObject({
      status: 400,
      body: { error: 'VALIDATION_FAILED', details: [{ field: 'before', message: 'Use one of before, after and changedAfter' }] },
    });
    expect((await messages(ada.token, id, { before: 0 })).status).toBe(400);
  });

  it('gives concurrent posts distinct consecutive sequences', async () => {
    const { body } = await createChannel(ada.token, { name: 'busy' });
    const id = body.data.id;
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => post(i % 2 ? ada.token : bob.token, id, `c${i}`)));
    expect(results.every((r) => r.status === 201)).toBe(true);
    const all = await messages(ada.token, id, { after: 0, limit: 100 });
    expect(all.body.messages.map((m) => m.sequence)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    // Each answer is the message as stored, though posts shared transactions.
    const stored = new Map(all.body.messages.map((m) => [m.id, m]));
    for (const r of results) expect(r.body.data).toEqual(stored.get(r.body.data.id));
    // Counted once; each sender has read up to their own last post.
    const lastOf = (sender: string) =>
      Math.max(...results.filter((r) => r.body.data.sender._id === sender).map((r) => r.body.data.sequence));
    expect(await channelOf(ada.token, id)).toMatchObject({ messageCount: 30, unreadCount: 30 - lastOf(ada.id) });
    expect(await channelOf(bob.token, id)).toMatchObject({ messageCount: 30, unreadCount: 30 - lastOf(bob.id) });
  });

  it('does not post the same message twice when a client retries with its clientId', async () => {
    const { body } = await createChannel(ada.token, { name: 'retries' });
    const first = await post(ada.token, body.data.id, 'only once', 'tmp-123');
    const again = await post(ada.token, body.data.id, 'only once', 'tmp-123');
    expect(again.body.data.id).toBe(first.body.data.id);
    expect((await channelOf(ada.token, body.data.id))?.messageCount).toBe(1);
  });

  it('lets anyone signed in read a public channel and join it by posting', async () => {
    const { body } = await createChannel(ada.token, { name: 'open-house' });
    await post(ada.token, body.data.id, 'welcome');
    expect((await messages(eve.token, body.data.id)).status).toBe(200);
    expect((await channelOf(eve.token, body.data.id))?.isMember).toBe(false);
    expect((await post(eve.token, body.data.id, 'hello')).status).toBe(201);
    expect(await channelOf(eve.token, body.data.id)).toMatchObject({ isMember: true, memberCount: 2 });
  });

  it('keeps a private channel hidden from non-members: no listing, reading, posting or link making', async () => {
    const { body } = await createChannel(ada.token, { name: 'secret', type: 'private' });
    const id = body.data.id;
    await post(ada.token, id, 'classified');
    expect(await channelOf(eve.token, id)).toBeUndefined();
    expect((await messages(eve.token, id)).status).toBe(404);
    expect((await messages(eve.token, id, { before: 2 })).status).toBe(404);
    expect((await post(eve.token, id, 'let me in')).status).toBe(404);
    expect((await joinLink(eve.token, id)).status).toBe(404);
    expect((await messages(ada.token, id)).body.messages).toHaveLength(1);
  });

  it('lets only admins make join links; a new link revokes the old one; a link lets people in', async () => {
    const { body } = await createChannel(ada.token, { name: 'linked', type: 'private' });
    const id = body.data.id;
    const first = await joinLink(ada.token, id);
    expect(first.body).toMatchObject({ message: 'Join link generated successfully!', data: { joinLink: expect.any(String) } });
    const joined = await joinByLink(bob.token, first.body.data.joinLink);
    expect(joined.body).toMatchObject({ message: 'Successfully joined #linked!', data: { name: 'linked', channelId: id } });
    const denied = await joinLink(bob.token, id);
    expect(denied).toMatchObject({ status: 403, body: { message: 'Only admins can generate join links' } });
    const second = await joinLink(ada.token, id);
    expect(second.body.data.joinLink).not.toBe(first.body.data.joinLink);
    expect((await joinByLink(eve.token, first.body.data.joinLink)).status).toBe(404);
    expect((await joinByLink(eve.token, 'not-a-real-link-123')).status).toBe(404);
    // A malformed link is bad input, told in the same sentence as an unknown one.
    const malformed = await joinByLink(eve.token, 'badlink');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ message: 'This join link is invalid or has been revoked', details: [{ field: 'joinLink' }] });
    expect((await joinByLink(eve.token, second.body.data.joinLink)).status).toBe(200);
    expect((await joinByLink(eve.token, second.body.data.joinLink)).status).toBe(200);
    expect(await channelOf(eve.token, id)).toMatchObject({ isMember: true, memberCount: 3 });
  });

  it('keeps unread counts exact across reads, own messages and stale devices', async () => {
    const { body } = await createChannel(ada.token, { name: 'unread' });
    const id = body.data.id;
    await post(bob.token, id, 'joining');
    for (const m of ['a', 'b', 'c']) await post(ada.token, id, m);
    expect(await channelOf(bob.token, id)).toMatchObject({ unreadCount: 3, lastSequence: 4, readSequence: 1 });
    expect((await channelOf(ada.token, id))?.unreadCount).toBe(0);
    const read = await readChannel(bob.token, id, {});
    expect(read.body.data).toEqual({ readSequence: 4, unreadCount: 0 });
    await post(ada.token, id, 'd');
    expect((await channelOf(bob.token, id))?.unreadCount).toBe(1);
    const stale = await readChannel(bob.token, id, { sequence: 2 });
    expect(stale.body.data).toEqual({ readSequence: 4, unreadCount: 1 });
    expect((await channelOf(bob.token, id))?.unreadCount).toBe(1);
    expect((await readChannel(eve.token, id, {})).status).toBe(403);
  });

  it('rebuilds its tables from the event store into exactly what the live path built', async () => {
    const tables = ['channels', 'channel_members', 'channel_messages', 'read_positions'] as const;
    const snapshot = async () => {
      const db = p.database.forSchema('messaging');
      return Promise.all(
        tables.map((t) =>
          db
            .selectFrom(t)
            .selectAll()
            .execute()
            .then((rows) => rows.map((r) => JSON.stringify(r)).sort()),
        ),
      );
    };
    const live = await snapshot();
    await rebuildProjections(p.database, projections);
    expect(await snapshot()).toEqual(live);
  });
});
