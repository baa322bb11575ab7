import { randomUUID } from 'node:crypto';
import {
  type ChatMessage,
  type EventContract,
  type EventEnvelope,
  marketplaceRoutes,
  messagingRoutes,
  type OrderCard,
  OrderCompleted,
  OrderDelivered,
  OrderPlaced,
  OrderRevisionRequested,
  SYSTEM_LINE_UNCHANGEABLE,
  SYSTEM_SENDER,
} from '@commonwork/contracts';
import { buildGig, buildOrderCard, buildUser, eventually, startTestPlatform, type TestPlatform } from '@commonwork/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';

type User = Awaited<ReturnType<typeof buildUser>>;

describe("an order's conversation (the orders service's events)", () => {
  let p: TestPlatform;
  let ada: User;
  let ben: User;
  let gigId: string;
  const posted: ChatMessage[] = [];

  beforeAll(async () => {
    p = await startTestPlatform();
    [ada, ben] = await Promise.all([buildUser(p, 'Ada Seller'), buildUser(p, 'Ben Buyer')]);
    gigId = (await p.api.call(marketplaceRoutes.createGig, { token: ada.token, body: buildGig({ title: 'Logo design' }) })).gig.id;
    // What the realtime tier pushes: messaging's published messages.
    await p.bus.consume({
      stream: 'MESSAGING',
      durable: 'test-order-lines',
      filterSubject: 'messaging.chat.>',
      handle: async ({ envelope }) => {
        const { message } = envelope.data as { message?: ChatMessage };
        if (message?.system) posted.push(message);
      },
    });
  });
  afterAll(() => p.stop());

  /** An order step as the orders service's outbox publishes it. */
  const step = <S extends z.ZodType>(contract: EventContract<string, S>, data: z.input<S>, actorId: string | null): EventEnvelope => ({
    id: randomUUID(),
    type: contract.type,
    version: contract.version,
    occurredAt: new Date().toISOString(),
    streamId: `order-${(data as OrderCard).orderId}`,
    data,
    metadata: { actorId, correlationId: randomUUID(), causationId: null },
  });
  const chatWith = (token: string, recipientId: string, gig = gigId) =>
    eventually(async () => {
      const res = await p.api.send(messagingRoutes.createChat, { token, body: { recipientId, gigId: gig } });
      return res.status !== 404 && res.body;
    });
  const messagesOf = async (token: string, chatId: string) =>
    (await p.api.call(messagingRoutes.chatMessages, { params: { chatId }, token, query: {} })).messages;
  const unreadOf = async (token: string, chatId: string) =>
    (await p.api.call(messagingRoutes.listChats, { token, query: {} })).chats.find((c) => c.id === chatId)?.unreadCount;
  const knowsNames = () =>
    eventually(async () => {
      const { chats } = await p.api.call(messagingRoutes.listChats, { token: ben.token, query: {} });
      return chats.some((c) => c.participants.every((x) => x.name !== 'Member'));
    });

  it("writes each step in the buyer and seller's conversation about the gig, once, naming who took it", async () => {
    const chat = (await chatWith(ben.token, ada.id)).data;
    await p.api.call(messagingRoutes.postChatMessage, { params: { chatId: chat.id }, token: ben.token, body: { content: 'Hi Ada' } });
    await knowsNames();
    const card = buildOrderCard({ orderId: randomUUID(), gigId, buyerId: ben.id, sellerId: ada.id });
    const placed = step(OrderPlaced, { ...card, by: 'buyer', revisionsAllowed: 2 }, ben.id);
    await p.bus.publish(placed);
    const delivered = step(OrderDelivered, { ...card, status: 'delivered', by: 'seller', text: 'Here it is', deliveries: 1 }, ada.id);
    await p.bus.publish(delivered);
    // Both again, as an outbox resending after a crash.
    await p.bus.publish(placed);
    await p.bus.publish(delivered);
    const revision = step(
      OrderRevisionRequested,
      { ...card, status: 'in_progress', by: 'buyer', text: 'Bigger letters', revisionsUsed: 1, revisionsAllowed: 2 },
      ben.id,
    );
    await p.bus.publish(revision);

    const lines = await eventually(async () => {
      const messages = await messagesOf(ada.token, chat.id);
      return messages.length === 4 && messages;
    });
    expect(lines.map((m) => [m.sequence, m.content, m.system?.step ?? null])).toEqual([
      [1, 'Hi Ada', null],
      [2, 'Ben Buyer ordered "Logo design".', 'placed'],
      [3, 'Ada Seller delivered the order: Here it is', 'delivered'],
      [4, 'Ben Buyer asked for a revision: Bigger letters', 'revision_requested'],
    ]);
    expect(lines[1]).toMatchObject({
      sender: { _id: SYSTEM_SENDER.id, name: 'Commonwork' },
      system: { kind: 'order', orderId: card.orderId, step: 'placed', actorId: ben.id },
    });
    // Taking a step reads the conversation up to its line, as posting a message does: Ada has Ben's revision to read.
    expect(await unreadOf(ada.token, chat.id)).toBe(1);
    expect(await unreadOf(ben.token, chat.id)).toBe(0);
    const list = (await p.api.call(messagingRoutes.listChats, { token: ada.token, query: {} })).chats.find((c) => c.id === chat.id);
    expect(list?.lastMessage).toMatchObject({
      content: 'Ben Buyer asked for a revision: Bigger letters',
      sender: { _id: SYSTEM_SENDER.id },
    });
    // Pushed live as every chat message is, marked as a line.
    await eventually(async () => posted.filter((m) => m.chatId === chat.id).length === 3);
  });

  it("starts the conversation with an order's first step when the two never wrote, the one `create chat` then answers", async () => {
    const cy = await buildUser(p, 'Cy Client');
    const card = buildOrderCard({ orderId: randomUUID(), gigId, buyerId: cy.id, sellerId: ada.id });
    await p.bus.publish(step(OrderPlaced, { ...card, by: 'buyer', revisionsAllowed: 2 }, cy.id));
    await p.bus.publish(step(OrderCompleted, { ...card, status: 'completed', by: 'system' }, null));
    const chat = await eventually(async () =>
      (await p.api.call(messagingRoutes.listChats, { token: ada.token, query: {} })).chats.find((c) =>
        c.participants.some((x) => x._id === cy.id),
      ),
    );
    expect(chat.gigId).toEqual({ _id: gigId, title: 'Logo design' });
    const messages = await eventually(async () => {
      const all = await messagesOf(cy.token, chat.id);
      return all.length === 2 && all;
    });
    expect(messages.at(-1)).toMatchObject({
      content: 'The order was completed automatically.',
      system: { step: 'completed', actorId: null },
    });
    // The clock's line is unread on both sides; Cy took the first step.
    expect(await unreadOf(cy.token, chat.id)).toBe(1);
    expect(await unreadOf(ada.token, chat.id)).toBe(2);
    const opened = await chatWith(cy.token, ada.id);
    expect(opened.data.id).toBe(chat.id);
  });

  it("answers an order's conversation after its gig is gone, when no new one can start about it", async () => {
    const [dee, eve] = await Promise.all([buildUser(p, 'Dee Designer'), buildUser(p, 'Eve Buyer')]);
    const gone = (await p.api.call(marketplaceRoutes.createGig, { token: dee.token, body: buildGig({ title: 'Poster' }) })).gig.id;
    const card = buildOrderCard({ orderId: randomUUID(), gigId: gone, gigTitle: 'Poster', buyerId: eve.id, sellerId: dee.id });
    await p.bus.publish(step(OrderPlaced, { ...card, by: 'buyer', revisionsAllowed: 2 }, eve.id));
    const chat = await eventually(async () => (await p.api.call(messagingRoutes.listChats, { token: eve.token, query: {} })).chats[0]);
    expect((await p.api.send(marketplaceRoutes.deleteGig, { params: { id: gone }, token: dee.token })).status).toBe(200);
    // Once messaging has heard the gig is gone, nobody starts a conversation about it...
    const stranger = await buildUser(p, 'Sid Stranger');
    await eventually(
      async () =>
        (await p.api.send(messagingRoutes.createChat, { token: stranger.token, body: { recipientId: dee.id, gigId: gone } })).status ===
        404,
    );
    // ...but the order's two still reach theirs.
    const again = await p.api.send(messagingRoutes.createChat, { token: eve.token, body: { recipientId: dee.id, gigId: gone } });
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(chat.id);
  });

  it('refuses to edit, delete or react to a line, with the reason; a stranger learns nothing of it', async () => {
    const chat = (await chatWith(ben.token, ada.id)).data;
    const line = (await messagesOf(ben.token, chat.id)).find((m) => m.system);
    if (!line) throw new Error('the conversation has an order line');
    const params = { chatId: chat.id, messageId: line.id };
    const tries = [
      p.api.send(messagingRoutes.editChatMessage, { params, token: ben.token, body: { content: 'I ordered nothing' } }),
      p.api.send(messagingRoutes.deleteChatMessage, { params, token: ada.token }),
      p.api.send(messagingRoutes.addChatReaction, { params: { ...params, emoji: '👍' }, token: ada.token }),
      p.api.send(messagingRoutes.removeChatReaction, { params: { ...params, emoji: '👍' }, token: ben.token }),
    ];
    for (const res of await Promise.all(tries)) {
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ error: 'SYSTEM_LINE', message: SYSTEM_LINE_UNCHANGEABLE });
    }
    const stranger = await buildUser(p, 'Sam Stranger');
    expect((await p.api.send(messagingRoutes.deleteChatMessage, { params, token: stranger.token })).status).toBe(404);
    expect((await messagesOf(ben.token, chat.id)).find((m) => m.id === line.id)).toEqual(line);
  });
});
