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

  const totals = async (token: string) => (await p.call('GET', '/api/chat/unread', { token })).body.data;

  it('sums the unread messages of every conversation and of every channel the person belongs to', async () => {
    expect(await totals(freelancer.token)).toEqual({ chats: 0, channels: 0 });
    // Two conversations about two gigs, three messages unread in all.
    const chatIds: string[] = [];
    for (const title of ['Logo in a day', 'Brand book']) {
      const gig = await p.call('POST', '/api/gigs', { token: freelancer.token, body: buildGig({ title }) });
      const chat = await eventually(async () => {
        const res = await p.call('POST', '/api/chat/create', {
          token: buyer.token,
          body: { recipientId: freelancer.id, gigId: gig.body.gig.id },
        });
        return res.status !== 404 && res;
      });
      chatIds.push(chat.body.data._id);
    }
    const say = (chatId: string, token: string, content: string) =>
      p.call('POST', `/api/chat/${chatId}/messages`, { token, body: { content } });
    await say(chatIds[0] ?? '', buyer.token, 'Hi!');
    await say(chatIds[0] ?? '', buyer.token, 'By Friday?');
    await say(chatIds[1] ?? '', buyer.token, 'And a brand book?');
    expect(await totals(freelancer.token)).toMatchObject({ chats: 3 });
    // What you wrote yourself is not unread for you.
    expect(await totals(buyer.token)).toMatchObject({ chats: 0 });

    // A channel of the freelancer's, where the buyer posts twice (posting joins a public channel);
    // a public channel the freelancer never joined does not count.
    const mine = await p.call('POST', '/api/chat/channels', { token: freelancer.token, body: { name: 'Logo crit' } });
    const theirs = await p.call('POST', '/api/chat/channels', { token: buyer.token, body: { name: 'Buyers only' } });
    const post = (channelId: string, content: string) =>
      p.call('POST', `/api/chat/channels/${channelId}/messages`, { token: buyer.token, body: { content } });
    expect((await post(mine.body.data.id, 'Looks great')).status).toBe(201);
    expect((await post(mine.body.data.id, 'One more idea')).status).toBe(201);
    expect((await post(theirs.body.data.id, 'Hello buyers')).status).toBe(201);
    expect(await totals(freelancer.token)).toEqual({ chats: 3, channels: 2 });

    // Reading brings each down.
    await p.call('PATCH', `/api/chat/${chatIds[0]}/read`, { token: freelancer.token, body: {} });
    await p.call('PATCH', `/api/chat/channels/${mine.body.data.id}/read`, { token: freelancer.token, body: {} });
    expect(await totals(freelancer.token)).toEqual({ chats: 1, channels: 0 });
  });

  it('is for a signed-in person only', async () => {
    expect((await p.call('GET', '/api/chat/unread')).status).toBe(401);
  });
});
