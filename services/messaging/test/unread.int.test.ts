import { marketplaceRoutes, messagingRoutes } from '@commonwork/contracts';
import { buildGig, buildUser, eventually, startTestPlatform, type TestPlatform } from '@commonwork/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

describe("a person's unread totals (the sidebar's Inbox and Community badges)", () => {
  let p: TestPlatform;
  let freelancer: Awaited<ReturnType<typeof buildUser>>;
  let buyer: Awaited<ReturnType<typeof buildUser>>;

  beforeAll(async () => {
    p = await startTestPlatform();
    freelancer = await buildUser(p, 'Fiona Freelancer');
    buyer = await buildUser(p, 'Ben Buyer');
  });
  afterAll(() => p.stop());

  const totals = async (token: string) => (await p.api.call(messagingRoutes.unreadTotals, { token })).data;

  it('sums the unread messages of every conversation and of every channel the person belongs to', async () => {
    expect(await totals(freelancer.token)).toEqual({ chats: 0, channels: 0 });
    // Two conversations about two gigs, three messages unread in all.
    const chatIds: string[] = [];
    for (const title of ['Logo in a day', 'Brand book']) {
      const gig = await p.api.call(marketplaceRoutes.createGig, { token: freelancer.token, body: buildGig({ title }) });
      const chat = await eventually(async () => {
        const res = await p.api.send(messagingRoutes.createChat, {
          token: buyer.token,
          body: { recipientId: freelancer.id, gigId: gig.gig.id },
        });
        return res.status !== 404 && res;
      });
      chatIds.push(chat.body.data._id);
    }
    const say = (chatId: string, token: string, content: string) =>
      p.api.send(messagingRoutes.postChatMessage, { params: { chatId }, token, body: { content } });
    await say(chatIds[0] ?? '', buyer.token, 'Hi!');
    await say(chatIds[0] ?? '', buyer.token, 'By Friday?');
    await say(chatIds[1] ?? '', buyer.token, 'And a brand book?');
    expect(await totals(freelancer.token)).toMatchObject({ chats: 3 });
    // What you wrote yourself is not unread for you.
    expect(await totals(buyer.token)).toMatchObject({ chats: 0 });

    // A channel of the freelancer's, where the buyer posts twice (posting joins a public channel);
    // a public channel the freelancer never joined does not count.
    const mine = await p.api.send(messagingRoutes.createChannel, { token: freelancer.token, body: { name: 'Logo crit' } });
    const theirs = await p.api.send(messagingRoutes.createChannel, { token: buyer.token, body: { name: 'Buyers only' } });
    const post = (channelId: string, content: string) =>
      p.api.send(messagingRoutes.postChannelMessage, { params: { id: channelId }, token: buyer.token, body: { content } });
    expect((await post(mine.body.data.id, 'Looks great')).status).toBe(201);
    expect((await post(mine.body.data.id, 'One more idea')).status).toBe(201);
    expect((await post(theirs.body.data.id, 'Hello buyers')).status).toBe(201);
    expect(await totals(freelancer.token)).toEqual({ chats: 3, channels: 2 });

    // Reading brings each down.
    await p.api.send(messagingRoutes.readChat, { params: { chatId: chatIds[0] ?? '' }, token: freelancer.token, body: {} });
    await p.api.send(messagingRoutes.readChannel, { params: { id: mine.body.data.id }, token: freelancer.token, body: {} });
    expect(await totals(freelancer.token)).toEqual({ chats: 1, channels: 0 });
  });

  it('is for a signed-in person only', async () => {
    expect((await p.api.send(messagingRoutes.unreadTotals)).status).toBe(401);
  });
});
