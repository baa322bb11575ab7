import { marketplaceRoutes, messagingRoutes } from '@commonwork/contracts';
import { buildGig, buildUser, eventually, startTestPlatform, type TestPlatform } from '@commonwork/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

type User = Awaited<ReturnType<typeof buildUser>>;

describe('how a freelancer answers the people who write about their gigs', () => {
  let p: TestPlatform;
  let freelancer: User;
  let gigId: string;

  beforeAll(async () => {
    p = await startTestPlatform();
    freelancer = await buildUser(p, 'Fiona Answers');
    gigId = (await p.api.call(marketplaceRoutes.createGig, { token: freelancer.token, body: buildGig({ title: 'Logo in a day' }) })).gig.id;
  });
  afterAll(() => p?.stop());

  // The gig reaches messaging through marketplace's events: retry until it has arrived.
  const chatBetween = async (from: User, to: User) =>
    (
      await eventually(async () => {
        const res = await p.api.send(messagingRoutes.createChat, { token: from.token, body: { recipientId: to.id, gigId } });
        return res.status !== 404 && res;
      })
    ).body.data._id;
  const say = async (who: User, chatId: string, content: string) =>
    expect((await p.api.send(messagingRoutes.postChatMessage, { params: { chatId }, token: who.token, body: { content } })).status).toBe(
      201,
    );
  const responseTimeOf = async (user: User, asker: User) => {
    const res = await p.api.send(messagingRoutes.responseTime, { params: { userId: user.id }, token: asker.token });
    expect(res.status).toBe(200);
    return res.body.responseTime;
  };

  it('starts at nothing: no conversations, no median', async () => {
    const buyer = await buildUser(p, 'Quiet Buyer');
    expect(await responseTimeOf(freelancer, buyer)).toEqual({ conversations: 0, answered: 0, medianMinutes: null });
  });

  it('counts conversations a buyer began, the ones answered, and the median wait for the first reply', async () => {
    const buyers = await Promise.all(['Ann', 'Ben', 'Cai', 'Dee'].map((name) => buildUser(p, `${name} Buyer`)));
    for (const [index, buyer] of buyers.entries()) {
      const chatId = await chatBetween(buyer, freelancer);
      await say(buyer, chatId, 'Hello, are you free this week?');
      if (index < 3) await say(freelancer, chatId, 'Yes, tell me more.');
    }
    // A conversation the freelancer began is not one they answered.
    const invited = await buildUser(p, 'Eve Invited');
    await say(freelancer, await chatBetween(freelancer, invited), 'Saw your post: I can help.');
    await say(invited, await chatBetween(invited, freelancer), 'Great!');

    const figures = await responseTimeOf(freelancer, invited);
    expect(figures).toMatchObject({ conversations: 4, answered: 3 });
    // Answered within the test's seconds: a median of about 0 minutes.
    expect(figures.medianMinutes).toBe(0);
    expect((await p.api.send(messagingRoutes.responseTime, { params: { userId: freelancer.id } })).status).toBe(401);
    expect((await p.api.send(messagingRoutes.responseTime, { params: { userId: 'not-a-uuid' }, token: invited.token })).status).toBe(400);
  });
});
