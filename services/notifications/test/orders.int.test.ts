import { randomUUID } from 'node:crypto';
import {
  ChatMessagePosted,
  chatMessage,
  type EventEnvelope,
  notificationsRoutes,
  OrderCancelled,
  type OrderCard,
  OrderCompleted,
  OrderDeclined,
  OrderDelivered,
  OrderMarkedLate,
  OrderPlaced,
  OrderRevisionRequested,
  ReviewWritten,
  SYSTEM_SENDER,
  UserPreferencesUpdated,
  UserRegistered,
} from '@commonwork/contracts';
import {
  buildOrderCard,
  buildUser,
  eventually,
  published,
  readModelSpec,
  specId,
  startTestPlatform,
  type TestPlatform,
} from '@commonwork/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions } from '../src/handlers/index.ts';
import { migrations } from '../src/migrations.ts';

const ada = specId(1);
const ben = specId(2);
const orderId = specId(30);
const gigId = specId(40);

const registered = (userId: string, name: string) =>
  published(UserRegistered, {
    userId,
    name,
    username: null,
    picture: '',
    title: '',
    location: '',
    skills: [],
    email: `${userId}@example.com`,
    authProvider: 'google',
  });
const people = [registered(ada, 'Ada Seller'), registered(ben, 'Ben Buyer')];
/** Ben orders Ada's gig. */
const card = (step: Partial<OrderCard>) => buildOrderCard({ orderId, gigId, buyerId: ben, sellerId: ada, ...step });
const placed = published(OrderPlaced, { ...card({ by: 'buyer' }), revisionsAllowed: 2 });
const delivered = published(OrderDelivered, { ...card({ status: 'delivered', by: 'seller' }), text: 'Here it is', deliveries: 1 });

describe('the steps of an order, told to the other side (the orders service’s events)', () => {
  const spec = readModelSpec({ schema: 'notifications', migrations, subscriptions });
  afterAll(() => spec.close());

  it('tells the seller of a new order, naming the buyer and linking the order', () =>
    spec.given(...people, placed).thenRows('notifications', [
      {
        user_id: ada,
        type: 'order',
        title: 'New order: Logo design',
        message: 'Ben Buyer ordered "Logo design".',
        read: false,
        sender: { userId: ben, name: 'Ben Buyer', picture: '' },
        data: { orderId, gigId, gigTitle: 'Logo design', words: 'orderPlaced' },
      },
    ]));

  it('tells the buyer of a delivery and a decline with its reason, and the seller of a revision asked', () =>
    spec
      .given(
        ...people,
        delivered,
        published(OrderRevisionRequested, {
          ...card({ status: 'in_progress', by: 'buyer' }),
          text: 'Bigger letters',
          revisionsUsed: 1,
          revisionsAllowed: 2,
        }),
        published(OrderDeclined, { ...card({ status: 'declined', by: 'seller' }), text: 'Fully booked' }),
      )
      .then(async (db) => {
        const rows = await db.selectFrom('notifications').select(['user_id', 'message', 'data']).orderBy('message').execute();
        expect(rows).toEqual([
          {
            user_id: ben,
            message: 'Ada Seller declined the order "Logo design": Fully booked',
            data: expect.objectContaining({ words: 'orderDeclined', reason: 'Fully booked' }),
          },
          {
            user_id: ben,
            // A delivery's message is the seller's to the buyer, in the order and its conversation; not quoted here.
            message: 'Ada Seller delivered the order "Logo design".',
            data: expect.objectContaining({ words: 'orderDelivered', reason: 'Here it is' }),
          },
          {
            user_id: ada,
            message: 'Ben Buyer asked for a revision of "Logo design": Bigger letters',
            data: expect.objectContaining({ words: 'orderRevisionRequested', reason: 'Bigger letters' }),
          },
        ]);
      }));

  it('tells both sides of what the clock or an admin did, with no sender', () =>
    spec
      .given(
        ...people,
        published(OrderCompleted, card({ status: 'completed', by: 'system' })),
        published(OrderMarkedLate, card({ status: 'in_progress', late: true, by: 'system' })),
        published(OrderCancelled, { ...card({ status: 'cancelled', by: 'admin' }), text: 'Settled' }),
      )
      .then(async (db) => {
        const rows = await db
          .selectFrom('notifications')
          .select(['user_id', 'message', 'sender'])
          .orderBy('message')
          .orderBy('user_id')
          .execute();
        const both = (message: string) => [ada, ben].map((user_id) => ({ user_id, message, sender: null }));
        expect(rows).toEqual([
          ...both('An admin cancelled the order "Logo design".'),
          ...both('The order "Logo design" passed its due date without a delivery.'),
          ...both('The order "Logo design" was completed automatically, 3 days after its delivery.'),
        ]);
      }));

  it('tells the seller of a review, with its stars', () =>
    spec
      .given(
        ...people,
        published(ReviewWritten, {
          reviewId: specId(50),
          orderId,
          gigId,
          gigTitle: 'Logo design',
          buyerId: ben,
          sellerId: ada,
          rating: 5,
          text: 'Lovely',
        }),
      )
      .thenRows('notifications', [
        {
          user_id: ada,
          title: 'New review: Logo design',
          message: 'Ben Buyer rated "Logo design" 5 out of 5.',
          data: { rating: 5, orderId },
        },
      ]));

  it('tells once, whatever redelivers a step', () =>
    spec
      .given(...people, placed)
      .given(placed)
      .thenRows('notifications', [{ user_id: ada }]));

  it('tells nobody who turned marketplace alerts off', () =>
    spec
      .given(
        ...people,
        published(UserPreferencesUpdated, {
          userId: ben,
          notifications: { marketplaceAlerts: false },
          profileVisibility: 'public',
          searchable: true,
        }),
        delivered,
        published(OrderCompleted, card({ status: 'completed', by: 'system' })),
      )
      .thenRows('notifications', [{ user_id: ada, data: { words: 'orderCompletedAutomatically' } }]));

  it("makes no chat notification of an order's line in the conversation (messaging's events)", () => {
    const chatId = specId(60);
    const line = chatMessage({
      id: specId(61),
      chatId,
      sequence: 1,
      sender: SYSTEM_SENDER,
      content: 'Ben Buyer ordered "Logo design"',
      clientId: null,
      createdAt: '2026-01-01T12:00:00.000Z',
      system: { kind: 'order', orderId, step: 'placed', actorId: ben },
    });
    return spec
      .given(...people, published(ChatMessagePosted, { chatId, participantIds: [ben, ada], message: line }))
      .thenRows('notifications', []);
  });
});

describe('order notifications through the bus and the gateway', () => {
  let p: TestPlatform;
  beforeAll(async () => {
    p = await startTestPlatform();
  });
  afterAll(() => p.stop());

  it('reaches the other side once, however often the bus delivers the step', async () => {
    const [seller, buyer] = await Promise.all([buildUser(p, 'Sal Seller'), buildUser(p, 'Bea Buyer')]);
    const id = randomUUID();
    const step = buildOrderCard({ orderId: id, buyerId: buyer.id, sellerId: seller.id, by: 'buyer' });
    // As the orders service's outbox publishes it.
    const envelope: EventEnvelope = {
      id: randomUUID(),
      type: OrderPlaced.type,
      version: OrderPlaced.version,
      occurredAt: new Date().toISOString(),
      streamId: `order-${id}`,
      data: { ...step, revisionsAllowed: 2 },
      metadata: { actorId: buyer.id, correlationId: randomUUID(), causationId: null },
    };
    await p.bus.publish(envelope);
    const list = async () => (await p.api.call(notificationsRoutes.list, { token: seller.token, query: {} })).notifications;
    const made = await eventually(async () => (await list()).find((n) => n.data.orderId === id));
    expect(made).toMatchObject({
      type: 'order',
      title: 'New order: Logo design',
      sender: { _id: buyer.id },
      data: { words: 'orderPlaced' },
    });
    // Published again, as an outbox does after a crash before it recorded its position.
    await p.bus.publish(envelope);
    await p.bus.publish(published(OrderDelivered, { ...step, status: 'delivered', by: 'seller', text: 'Done', deliveries: 1 }));
    await eventually(
      async () => (await p.api.call(notificationsRoutes.list, { token: buyer.token, query: {} })).notifications.length === 1,
    );
    expect((await list()).filter((n) => n.data.orderId === id)).toHaveLength(1);
  });
});
