import { marketplaceRoutes, messagingRoutes } from '@commonwork/contracts';
import { buildGig, buildUser, eventually, startTestPlatform, type TestPlatform } from '@commonwork/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

type User = Awaited<ReturnType<typeof buildUser>>;

// What the realtime tier asks messaging before relaying typing: who the typist is, and who takes part in a conversation.
describe('GET /api/chat/me and GET /api/chat/:chatId/access through the gateway', () => {
  let p: TestPlatform;
  let fiona: User;
  let ben: User;
  let sam: User;
  let chatId: string;

  beforeAll(async () => {
    p = await startTestPlatform();
    [fiona, ben, sam] = [await buildUser(p, 'Fiona Freelancer'), await buildUser(p, 'Ben Buyer'), await buildUser(p, 'Sam Stranger')];
    const gig = await p.api.call(marketplaceRoutes.createGig, { token: fiona.token, body: buildGig({ title: 'Typing tutor' }) });
    // The gig reaches messaging through marketplace's events: retry until it has arrived.
    chatId = await eventually(async () => {
      const res = await p.api.send(messagingRoutes.createChat, { token: ben.token, body: { recipientId: fiona.id, gigId: gig.gig.id } });
      return res.status === 201 && res.body.data.id;
    });
  });
  afterAll(() => p?.stop());

  it('names the caller as their messages do, once messaging knows them', async () => {
    const card = await eventually(async () => {
      const res = await p.api.send(messagingRoutes.senderCard, { token: ben.token });
      return res.status === 200 && res.body.data.name === 'Ben Buyer' && res.body;
    });
    expect(card).toEqual({ success: true, data: { userId: ben.id, name: 'Ben Buyer', picture: expect.any(String) } });
    expect((await p.api.send(messagingRoutes.senderCard, {})).status).toBe(401);
  });

  it('tells a participant who takes part, and nobody else (404 as for no conversation)', async () => {
    for (const user of [ben, fiona]) {
      const res = await p.api.send(messagingRoutes.chatAccess, { params: { chatId }, token: user.token });
      expect(res.status).toBe(200);
      expect(res.body.data.participantIds.toSorted()).toEqual([ben.id, fiona.id].toSorted());
    }
    expect(await p.api.send(messagingRoutes.chatAccess, { params: { chatId }, token: sam.token })).toMatchObject({
      status: 404,
      body: { message: 'Chat not found' },
    });
    expect(
      (await p.api.send(messagingRoutes.chatAccess, { params: { chatId: '00000000-0000-4000-8000-000000000404' }, token: sam.token }))
        .status,
    ).toBe(404);
    expect((await p.api.send(messagingRoutes.chatAccess, { params: { chatId } })).status).toBe(401);
    expect((await p.api.send(messagingRoutes.chatAccess, { params: { chatId: 'nope' }, token: ben.token })).status).toBe(400);
  });
});
