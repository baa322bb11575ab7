import { type Channel, messagingRoutes } from '@commonwork/contracts';
import { buildUser, eventually, startTestPlatform, type TestPlatform } from '@commonwork/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

type Person = Awaited<ReturnType<typeof buildUser>>;

describe('@mentions in channels', () => {
  let p: TestPlatform;
  let ada: Person;
  let bo: Person;
  let cy: Person;

  beforeAll(async () => {
    p = await startTestPlatform();
    [ada, bo, cy] = await Promise.all([buildUser(p, 'Ada Lovelace'), buildUser(p, 'Bo Builder'), buildUser(p, 'Cy Outsider')]);
  });
  afterAll(() => p.stop());

  const createChannel = async (token: string, name: string, type: 'public' | 'private' = 'public') =>
    (await p.api.call(messagingRoutes.createChannel, { token, body: { name, type } })).data.id;
  const post = (token: string, id: string, content: string) =>
    p.api.send(messagingRoutes.postChannelMessage, { params: { id }, token, body: { content } });
  const channelOf = async (token: string, id: string): Promise<Channel | undefined> =>
    (await p.api.call(messagingRoutes.listChannels, { token })).data.find((c) => c.id === id);
  const joinByLink = async (token: string, adminToken: string, id: string) => {
    const { joinLink } = (await p.api.call(messagingRoutes.joinLink, { params: { id }, token: adminToken })).data;
    await p.api.call(messagingRoutes.joinByLink, { params: { joinLink }, token });
  };
  /** Waits until messaging has everyone's username from identity's events (the channel's members show it). */
  const usernamesKnown = (token: string, id: string, people: Person[]) =>
    eventually(async () => {
      const channel = await channelOf(token, id);
      return people.every((person) => channel?.members.some((m) => m._id === person.id && m.username === person.username));
    });

  it("resolves a member's @username, in any case and before punctuation, into the message's mentions", async () => {
    const id = await createChannel(ada.token, 'mentions-general');
    await post(bo.token, id, 'hello');
    await usernamesKnown(ada.token, id, [ada, bo]);

    const res = await post(bo.token, id, `Thanks @${ada.username.toUpperCase()}, and you @${bo.username}! Mail me at x@example.com`);
    expect(res.status).toBe(201);
    expect(res.body.data.mentions).toEqual([ada.id, bo.id]);
    expect(res.body.data.content).toContain(`@${ada.username.toUpperCase()}`);

    // The stored message says the same on every read.
    const page = await p.api.call(messagingRoutes.channelMessages, { params: { id }, token: ada.token, query: {} });
    expect(page.data.messages.at(-1)?.mentions).toEqual([ada.id, bo.id]);
  });

  it('leaves the name of someone who is not a member as plain text', async () => {
    const id = await createChannel(ada.token, 'mentions-members-only');
    await post(bo.token, id, 'hello');
    await usernamesKnown(ada.token, id, [ada, bo]);
    const res = await post(bo.token, id, `@${cy.username} come here, @nobody_at_all too`);
    expect(res.status).toBe(201);
    expect(res.body.data.mentions).toEqual([]);
    expect(res.body.data.content).toBe(`@${cy.username} come here, @nobody_at_all too`);
  });

  it('in a private channel, only its members are mentioned and only they may mention', async () => {
    const id = await createChannel(ada.token, 'mentions-private', 'private');
    await joinByLink(bo.token, ada.token, id);
    await usernamesKnown(ada.token, id, [ada, bo]);
    // Cy is nobody there: her name stays plain, and she cannot post (the channel does not exist for her).
    const res = await post(bo.token, id, `@${ada.username} @${cy.username}`);
    expect(res.body.data.mentions).toEqual([ada.id]);
    expect((await post(cy.token, id, `@${ada.username}`)).status).toBe(404);
    expect((await channelOf(ada.token, id))?.mentionCount).toBe(1);
  });

  it("counts a member's mentions after their read position, apart from the unread count, and drops them when read", async () => {
    const id = await createChannel(ada.token, 'mentions-count');
    await post(bo.token, id, 'hello');
    await usernamesKnown(ada.token, id, [ada, bo]);
    await p.api.call(messagingRoutes.readChannel, { params: { id }, token: ada.token, body: {} });

    await post(bo.token, id, `@${ada.username} one`);
    await post(bo.token, id, 'not about you');
    await post(bo.token, id, `@${ada.username} two, @${ada.username} again`);
    // Ada's own mention of herself is no news to her.
    await post(ada.token, id, `note to self @${ada.username}`);
    await post(bo.token, id, `@${ada.username} three`);
    expect(await channelOf(ada.token, id)).toMatchObject({ unreadCount: 1, mentionCount: 1 });

    await p.api.call(messagingRoutes.readChannel, { params: { id }, token: ada.token, body: {} });
    await post(bo.token, id, `@${ada.username} four`);
    await post(bo.token, id, 'more');
    expect(await channelOf(ada.token, id)).toMatchObject({ unreadCount: 2, mentionCount: 1 });
    // Bo was never mentioned; the count is each viewer's own.
    expect(await channelOf(bo.token, id)).toMatchObject({ mentionCount: 0 });

    // Reading up to a sequence before the mention leaves it counted; reading past it drops it.
    const last = (await channelOf(ada.token, id))?.lastSequence ?? 0;
    await p.api.call(messagingRoutes.readChannel, { params: { id }, token: ada.token, body: { sequence: last - 2 } });
    expect(await channelOf(ada.token, id)).toMatchObject({ mentionCount: 1 });
    await p.api.call(messagingRoutes.readChannel, { params: { id }, token: ada.token, body: {} });
    expect(await channelOf(ada.token, id)).toMatchObject({ unreadCount: 0, mentionCount: 0 });
  });

  it('stops counting a mention whose message is deleted', async () => {
    const id = await createChannel(ada.token, 'mentions-deleted');
    await post(bo.token, id, 'hello');
    await usernamesKnown(ada.token, id, [ada, bo]);
    await p.api.call(messagingRoutes.readChannel, { params: { id }, token: ada.token, body: {} });
    const deleted = (await post(bo.token, id, `@${ada.username} soon gone`)).body.data;
    await post(bo.token, id, `@${ada.username} stays`);
    expect(await channelOf(ada.token, id)).toMatchObject({ mentionCount: 2 });

    await p.api.call(messagingRoutes.deleteChannelMessage, { params: { id, messageId: deleted.id }, token: bo.token });
    expect(await channelOf(ada.token, id)).toMatchObject({ unreadCount: 2, mentionCount: 1 });
  });
});
