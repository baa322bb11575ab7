import { type CallInput, marketplaceRoutes, messagingRoutes } from '@commonwork/contracts';
import { buildGig, buildUser, eventually, startTestPlatform, type TestPlatform } from '@commonwork/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

describe('gig conversations (inbox) through the gateway', () => {
  let p: TestPlatform;
  let freelancer: Awaited<ReturnType<typeof buildUser>>;
  let buyer: Awaited<ReturnType<typeof buildUser>>;
  let stranger: Awaited<ReturnType<typeof buildUser>>;
  let gigId: string;

  beforeAll(async () => {
    p = await startTestPlatform();
    freelancer = await buildUser(p, 'Fiona Freelancer');
    buyer = await buildUser(p, 'Ben Buyer');
    stranger = await buildUser(p, 'Sam Stranger');
    const gig = await p.api.call(marketplaceRoutes.createGig, { token: freelancer.token, body: buildGig({ title: 'Logo in a day' }) });
    gigId = gig.gig.id;
  });
  afterAll(() => p.stop());

  const createChat = (token: string, body: CallInput<typeof messagingRoutes.createChat>['body']) =>
    p.api.send(messagingRoutes.createChat, { token, body });
  // The gig reaches messaging through marketplace's events: retry until it has arrived.
  const startChat = (token: string, recipientId: string, gig = gigId) =>
    eventually(async () => {
      const res = await createChat(token, { recipientId, gigId: gig });
      return res.status !== 404 && res;
    });
  const chatMessages = (token: string, chatId: string, query: NonNullable<CallInput<typeof messagingRoutes.chatMessages>['query']> = {}) =>
    p.api.send(messagingRoutes.chatMessages, { params: { chatId }, query, token });
  const readChat = (token: string, chatId: string) => p.api.send(messagingRoutes.readChat, { params: { chatId }, token, body: {} });
  const listChats = (token: string, page?: number) => p.api.send(messagingRoutes.listChats, { query: { page }, token });

  it('creates the one conversation for a buyer, a freelancer and a gig, and returns it again', async () => {
    const first = await startChat(buyer.token, freelancer.id);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      message: 'Chat started with Fiona Freelancer!',
      data: { type: 'gig_interest', gigId: { _id: gigId, title: 'Logo in a day' } },
    });
    expect(first.body._id).toBe(first.body.data._id);
    const again = await createChat(buyer.token, { recipientId: freelancer.id, gigId });
    expect(again.status).toBe(200);
    expect(again.body.data._id).toBe(first.body.data._id);
    const racing = await Promise.all([1, 2, 3].map(() => createChat(stranger.token, { recipientId: freelancer.id, gigId })));
    expect(new Set(racing.map((r) => r.body.data._id)).size).toBe(1);
    // The freelancer answering the buyer's interest (Start Chat) opens the same conversation.
    const answer = await createChat(freelancer.token, { recipientId: buyer.id, gigId });
    expect(answer.status).toBe(200);
    expect(answer.body.data._id).toBe(first.body.data._id);
  });

  it('refuses contacting yourself, an unknown gig, and someone who is not the gig’s freelancer', async () => {
    const self = await createChat(freelancer.token, { recipientId: freelancer.id, gigId });
    expect(self).toMatchObject({ status: 400, body: { message: 'You cannot contact yourself' } });
    const unknown = await createChat(buyer.token, { recipientId: freelancer.id, gigId: '2b0b3c5e-4d57-4b51-9d0f-6c1e0e5f0a11' });
    expect(unknown.status).toBe(404);
    const wrong = await createChat(buyer.token, { recipientId: stranger.id, gigId });
    expect(wrong.status).toBe(400);
    expect((await p.api.send(messagingRoutes.createChat, { body: { recipientId: freelancer.id, gigId } })).status).toBe(401);
  });

  it('lets only the two participants read and write, and keeps unread counts exact', async () => {
    const chat = (await startChat(buyer.token, freelancer.id)).body.data;
    const send = (token: string, content: string) =>
      p.api.send(messagingRoutes.postChatMessage, { params: { chatId: chat._id }, token, body: { content } });
    expect((await send(buyer.token, 'Hi! Can you do a logo by Friday?')).status).toBe(201);
    expect((await send(freelancer.token, 'Sure.')).status).toBe(201);
    expect((await send(buyer.token, 'Great')).status).toBe(201);
    // A stranger gets the answer of a chat that does not exist: chat ids are guessable (issue 13, finding 9).
    const unknown = '00000000-0000-4000-8000-000000000000';
    const asStranger = async (id: string) => [
      (await p.api.send(messagingRoutes.postChatMessage, { params: { chatId: id }, token: stranger.token, body: { content: 'me too' } }))
        .body,
      (await chatMessages(stranger.token, id)).body,
      (await chatMessages(stranger.token, id, { before: 3 })).body,
      (await readChat(stranger.token, id)).body,
    ];
    const [onTheirs, onNone] = [await asStranger(chat._id), await asStranger(unknown)];
    expect(onTheirs.map((b) => b.error)).toEqual(['CHAT_NOT_FOUND', 'CHAT_NOT_FOUND', 'CHAT_NOT_FOUND', 'CHAT_NOT_FOUND']);
    expect(onTheirs).toEqual(onNone);

    const list = await listChats(freelancer.token);
    const mine = list.body.chats.find((c) => c._id === chat._id);
    expect(mine).toMatchObject({
      unreadCount: 1,
      lastMessage: { content: 'Great', sender: { _id: buyer.id } },
      gigId: { title: 'Logo in a day' },
    });
    expect(mine?.participants.map((x) => x.name).sort()).toEqual(['Ben Buyer', 'Fiona Freelancer']);

    const messages = await chatMessages(freelancer.token, chat._id);
    expect(messages.body.messages.map((m) => [m.sender.name, m.content])).toEqual([
      ['Ben Buyer', 'Hi! Can you do a logo by Friday?'],
      ['Fiona Freelancer', 'Sure.'],
      ['Ben Buyer', 'Great'],
    ]);
    const older = (query: NonNullable<CallInput<typeof messagingRoutes.chatMessages>['query']>) =>
      chatMessages(buyer.token, chat._id, query);
    const page = await older({ before: 3, limit: 1 });
    expect(page.body.data).toMatchObject({ messages: [{ sequence: 2, content: 'Sure.' }], hasMore: true });
    const start = await older({ before: 2, limit: 1 });
    expect(start.body.data).toMatchObject({ messages: [{ sequence: 1 }], hasMore: false });
    expect(await older({ before: 3, after: 0 })).toMatchObject({
      status: 400,
      body: { error: 'VALIDATION_FAILED', details: [{ field: 'before', message: 'Use one of before, after and changedAfter' }] },
    });
    const read = await readChat(freelancer.token, chat._id);
    expect(read.body.data).toEqual({ readSequence: 3, unreadCount: 0 });
    const after = await listChats(freelancer.token);
    expect(after.body.chats.find((c) => c._id === chat._id)?.unreadCount).toBe(0);
    expect((await chatMessages(buyer.token, '2b0b3c5e-4d57-4b51-9d0f-6c1e0e5f0a11')).status).toBe(404);
  });

  it('pages the conversation list by 20, latest activity first', async () => {
    const many = await buildUser(p, 'Maya Many');
    for (let i = 0; i < 22; i++) {
      const gig = await p.api.call(marketplaceRoutes.createGig, { token: many.token, body: buildGig({ title: `Gig ${i}` }) });
      await startChat(buyer.token, many.id, gig.gig.id);
    }
    const page1 = await listChats(buyer.token, 1);
    expect(page1.body.chats).toHaveLength(20);
    expect(page1.body.pagination).toMatchObject({ currentPage: 1, totalPages: 2 });
    expect(page1.body.chats[0]?.gigId.title).toBe('Gig 21');
    const page2 = await listChats(buyer.token, 2);
    expect(page2.body.chats.length).toBeGreaterThan(0);
  });
});
