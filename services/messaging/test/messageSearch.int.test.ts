import { type CallInput, marketplaceRoutes, messagingRoutes } from '@commonwork/contracts';
import { buildGig, buildUser, eventually, startTestPlatform, type TestPlatform } from '@commonwork/kit/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

type User = Awaited<ReturnType<typeof buildUser>>;
type SearchQuery = CallInput<typeof messagingRoutes.searchMessages>['query'];

describe(`${messagingRoutes.searchMessages.method} ${messagingRoutes.searchMessages.url} through the gateway`, () => {
  let p: TestPlatform;
  let ada: User;
  let bob: User;
  let eve: User;
  let fiona: User;
  let opsId: string;
  let randomId: string;
  let backRoomId: string;
  let chatId: string;

  const post = async (user: User, id: string, content: string) =>
    (await p.api.call(messagingRoutes.postChannelMessage, { params: { id }, token: user.token, body: { content } })).data;
  const search = (user: User | null, query: SearchQuery) => p.api.send(messagingRoutes.searchMessages, { query, token: user?.token });
  const hitsOf = async (user: User, query: SearchQuery) => {
    const res = await search(user, query);
    expect(res.status).toBe(200);
    if (res.status !== 200) throw new Error('search failed');
    return res.body.data;
  };

  beforeAll(async () => {
    p = await startTestPlatform();
    [ada, bob, eve, fiona] = await Promise.all([
      buildUser(p, 'Ada Admin'),
      buildUser(p, 'Bob Member'),
      buildUser(p, 'Eve Outsider'),
      buildUser(p, 'Fiona Freelancer'),
    ]);
    const create = async (name: string, type: 'public' | 'private') =>
      (await p.api.call(messagingRoutes.createChannel, { token: ada.token, body: { name, type } })).data.id;
    opsId = await create('ops', 'public');
    randomId = await create('random-talk', 'public');
    backRoomId = await create('back-room', 'private');
    const link = await p.api.call(messagingRoutes.joinLink, { params: { id: backRoomId }, token: ada.token });
    await p.api.call(messagingRoutes.joinByLink, { params: { joinLink: link.data.joinLink }, token: bob.token });

    await post(ada, opsId, 'The deployment failed at noon, rolling back now');
    await post(bob, randomId, 'Lunch plans: pizza or tacos?');
    await post(ada, backRoomId, 'The secret budget for the offsite is settled');
    await post(bob, opsId, 'Kubernetes upgrade is scheduled for Friday');

    const gig = await p.api.call(marketplaceRoutes.createGig, { token: fiona.token, body: buildGig({ title: 'Logo in a day' }) });
    const chat = await eventually(async () => {
      const res = await p.api.send(messagingRoutes.createChat, { token: bob.token, body: { recipientId: fiona.id, gigId: gig.gig.id } });
      return res.status !== 404 && res;
    });
    if (chat.status !== 201) throw new Error('no chat');
    chatId = chat.body.data.id;
    await p.api.call(messagingRoutes.postChatMessage, {
      params: { chatId },
      token: bob.token,
      body: { content: 'Could the secret logo use a darker green?' },
    });
  });
  afterAll(() => p?.stop());

  it('finds a message through a typo, marks the word in its snippet and says the reading was approximate', async () => {
    const data = await hitsOf(eve, { q: 'deplyment' });
    expect(data.approximate).toBe(true);
    expect(data.hits).toHaveLength(1);
    const [hit] = data.hits;
    expect(hit).toMatchObject({
      kind: 'channel',
      conversationId: opsId,
      conversationName: 'ops',
      gigTitle: null,
      sequence: 1,
      sender: { _id: ada.id, name: 'Ada Admin' },
    });
    const text = hit?.snippet.text ?? '';
    expect(hit?.snippet.marks.map((m) => text.slice(m.start, m.end))).toEqual(['deployment']);
  });

  it('finds words as typed by their stem and the last one as a prefix, exactly (not approximate)', async () => {
    const data = await hitsOf(eve, { q: 'kubernetes upgr' });
    expect(data.approximate).toBe(false);
    expect(data.hits.map((h) => h.snippet.text)).toEqual(['Kubernetes upgrade is scheduled for Friday']);
    expect((await hitsOf(eve, { q: 'deploying' })).hits.map((h) => h.conversationId)).toEqual([opsId]);
  });

  it('never returns a private channel’s message to a non-member, nor anyone else’s conversation', async () => {
    expect((await hitsOf(eve, { q: 'secret' })).hits).toEqual([]);
    // A typo's reading looks words up among every message's: finding none Eve may read, it says nothing of them.
    expect(await hitsOf(eve, { q: 'secrett' })).toMatchObject({ hits: [], approximate: false });
    expect(await hitsOf(bob, { q: 'secrett' })).toMatchObject({ approximate: true, hits: [{ kind: 'chat' }, { kind: 'channel' }] });
    const bobs = await hitsOf(bob, { q: 'secret' });
    expect(bobs.hits.map((h) => [h.kind, h.conversationId])).toEqual([
      ['chat', chatId],
      ['channel', backRoomId],
    ]);
    expect(bobs.hits[0]).toMatchObject({ conversationName: 'Fiona Freelancer', gigTitle: 'Logo in a day', sender: { name: 'Bob Member' } });
    // Ada is in the back room but not in Bob's conversation with Fiona; Fiona is in the conversation only.
    expect((await hitsOf(ada, { q: 'secret' })).hits.map((h) => h.conversationId)).toEqual([backRoomId]);
    expect((await hitsOf(fiona, { q: 'secret' })).hits.map((h) => h.conversationId)).toEqual([chatId]);
  });

  it('narrows to one channel with channelId, and answers 404 for a channel the caller may not read', async () => {
    await post(bob, randomId, 'The deployment party is on Friday');
    expect((await hitsOf(eve, { q: 'deployment' })).hits.map((h) => h.conversationId)).toEqual([randomId, opsId]);
    expect((await hitsOf(eve, { q: 'deployment', channelId: opsId })).hits.map((h) => h.conversationId)).toEqual([opsId]);
    expect((await hitsOf(bob, { q: 'secret', channelId: backRoomId })).hits.map((h) => h.kind)).toEqual(['channel']);
    expect(await search(eve, { q: 'secret', channelId: backRoomId })).toMatchObject({
      status: 404,
      body: { message: 'Channel not found' },
    });
  });

  it('pages newest first without overlap, and says when there is more', async () => {
    const posted = [];
    for (let i = 1; i <= 5; i++) posted.push(await post(ada, opsId, `Invoice number ${i} is ready`));
    const newestFirst = posted.map((m) => m.id).reverse();
    const pages = [];
    for (const page of [1, 2, 3]) pages.push(await hitsOf(ada, { q: 'invoice', limit: 2, page }));
    expect(pages.map((d) => d.hits.map((h) => h.messageId))).toEqual([
      newestFirst.slice(0, 2),
      newestFirst.slice(2, 4),
      newestFirst.slice(4),
    ]);
    expect(pages.map((d) => [d.page, d.hasMore])).toEqual([
      [1, true],
      [2, true],
      [3, false],
    ]);
    // A page past the last match is empty, not a typo's reading of the words.
    expect(await hitsOf(ada, { q: 'invoice', limit: 2, page: 4 })).toMatchObject({ hits: [], hasMore: false, approximate: false });
  });

  it('follows a message’s text: an edit’s new words match (typos of them too), a deleted message (its tombstone) never does', async () => {
    const message = await post(ada, opsId, 'The wombat password is hunter2');
    expect((await hitsOf(ada, { q: 'wombat' })).hits.map((h) => h.messageId)).toEqual([message.id]);
    const params = { id: opsId, messageId: message.id };
    await p.api.call(messagingRoutes.editChannelMessage, {
      params,
      token: ada.token,
      body: { content: 'The platypus password is hunter3' },
    });
    expect((await hitsOf(ada, { q: 'wombat' })).hits).toEqual([]);
    expect((await hitsOf(ada, { q: 'platypus' })).hits.map((h) => h.messageId)).toEqual([message.id]);
    expect(await hitsOf(ada, { q: 'platipus' })).toMatchObject({ approximate: true, hits: [{ messageId: message.id }] });
    await p.api.call(messagingRoutes.deleteChannelMessage, { params, token: ada.token });
    expect((await hitsOf(ada, { q: 'platypus' })).hits).toEqual([]);
    expect((await hitsOf(ada, { q: 'platipus' })).hits).toEqual([]);
    // Even were a tombstone's text left behind, it would not be found.
    await sql`update messaging.channel_messages set content = 'The platypus password is hunter3' where id = ${message.id}`.execute(
      p.database.root,
    );
    expect((await hitsOf(ada, { q: 'platypus' })).hits).toEqual([]);
  });

  it('refuses an empty or over-long search with its field, and a caller without a token', async () => {
    for (const q of ['', '   ']) {
      expect(await search(ada, { q })).toMatchObject({
        status: 400,
        body: { details: [{ field: 'q', message: 'Type something to search for' }] },
      });
    }
    expect(await search(ada, { q: 'x'.repeat(201) })).toMatchObject({ status: 400, body: { details: [{ field: 'q' }] } });
    expect(await search(ada, { q: 'deployment', channelId: 'not-a-uuid' })).toMatchObject({
      status: 400,
      body: { details: [{ field: 'channelId' }] },
    });
    expect((await search(null, { q: 'deployment' })).status).toBe(401);
  });
});
