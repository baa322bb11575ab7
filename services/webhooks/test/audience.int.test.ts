import {
  GigDeleted,
  OrderCompleted,
  PUBLIC_EVENT_TYPES,
  ReviewReplied,
  ReviewWritten,
  TechEventRegistered,
  TechEventRegistrationCancelled,
  TechEventUpdated,
  TechEventWithdrawn,
} from '@commonwork/contracts';
import { buildOrderCard, published, readModelSpec, SPEC_START, specId } from '@commonwork/kit/testing';
import { describe, expect, it } from 'vitest';
import { subscriptions } from '../src/handlers/index.ts';
import { migrations } from '../src/migrations.ts';
import type { WebhooksDb } from '../src/tables.ts';

const ada = specId(1); // organises, sells
const bob = specId(2); // registers, buys
const cy = specId(3); // registers, then cancels
const eve = specId(4); // nothing to do with it
const eventId = specId(10);
const orderId = specId(11);
const reviewId = specId(12);
const gigId = specId(13);

const card = {
  eventId,
  organizerId: ada,
  title: 'Meetup',
  category: 'meetup',
  locationType: 'offline',
  startsAt: '2026-12-01T18:00:00.000Z',
  endsAt: '2026-12-01T21:00:00.000Z',
} as const;
const seat = (userId: string, attendeeCount: number) => ({ eventId, organizerId: ada, userId, title: 'Meetup', attendeeCount });
/** The webhooks are made a minute after `SPEC_START`, when the first events happened; `later` events happen after. */
const subscribedAt = new Date(SPEC_START.getTime() + 60_000);
const later = { occurredAt: new Date(SPEC_START.getTime() + 120_000).toISOString() };
const review = { reviewId, orderId, gigId, gigTitle: 'Logo', buyerId: bob, sellerId: ada, rating: 5, text: 'Great' };

/** Everyone's webhook, subscribed to every public event; Eve's too. */
const everyoneSubscribes = async (db: WebhooksDb) => {
  await db
    .insertInto('webhooks')
    .values(
      [ada, bob, cy, eve].map((owner, i) => ({
        id: specId(100 + i),
        owner_id: owner,
        url: 'https://example.com/hook',
        events: [...PUBLIC_EVENT_TYPES],
        description: '',
        secret: 'whsec_x',
        enabled: true,
        disabled_reason: null,
        failing_since: null,
        created_at: subscribedAt,
      })),
    )
    .execute();
};
const hookOwner = (webhookId: string) => [ada, bob, cy, eve][Number(webhookId.slice(-3)) - 100];

/** Each public event's type, its audience and the owners of the webhooks it was delivered to. */
const received = async (db: WebhooksDb) => {
  const events = await db.selectFrom('public_events').select(['event_id', 'type', 'audience']).orderBy('seq').execute();
  const deliveries = await db.selectFrom('webhook_deliveries').select(['event_id', 'webhook_id', 'seq']).execute();
  return events.map((e) => ({
    type: e.type,
    audience: [...e.audience].sort(),
    delivered: deliveries
      .filter((d) => d.event_id === e.event_id)
      .map((d) => hookOwner(d.webhook_id))
      .sort(),
  }));
};

describe("the audience of events' and orders' public events", () => {
  const spec = readModelSpec({ schema: 'webhooks', migrations, subscriptions });

  it("tells an event's changes to its organiser and who holds a seat then, never to someone who gave theirs up", () =>
    spec
      .given(published(TechEventRegistered, seat(bob, 1)))
      .meanwhile(everyoneSubscribes)
      .given(published(TechEventRegistered, seat(cy, 2), later))
      .given(published(TechEventRegistrationCancelled, seat(cy, 1), later))
      .given(published(TechEventUpdated, card, later))
      .given(published(TechEventWithdrawn, { eventId, organizerId: ada, title: 'Meetup', deleted: true }, later))
      .then(async (db) => {
        expect(await received(db)).toEqual([
          // Before anyone subscribed: in the feed, delivered to no one.
          { type: 'event.registration.created', audience: [ada, bob].sort(), delivered: [] },
          { type: 'event.registration.created', audience: [ada, cy].sort(), delivered: [ada, cy].sort() },
          { type: 'event.registration.cancelled', audience: [ada, cy].sort(), delivered: [ada, cy].sort() },
          { type: 'event.updated', audience: [ada, bob].sort(), delivered: [ada, bob].sort() },
          { type: 'event.withdrawn', audience: [ada, bob].sort(), delivered: [ada, bob].sort() },
        ]);
      }));

  it("tells an order's steps and its review to its buyer and seller, and a gig's deletion to its owner", () =>
    spec
      .given(published(GigDeleted, { gigId, ownerId: ada, title: 'Logo' }))
      .meanwhile(everyoneSubscribes)
      .given(published(OrderCompleted, buildOrderCard({ orderId, buyerId: bob, sellerId: ada, status: 'completed' }), later))
      .given(published(ReviewWritten, review, later), published(ReviewReplied, { ...review, reply: 'Thanks' }, later))
      .given(published(GigDeleted, { gigId: specId(14), ownerId: ada, title: 'Banner' }, later))
      .then(async (db) => {
        expect(await received(db)).toEqual([
          { type: 'gig.deleted', audience: [ada], delivered: [] },
          { type: 'order.completed', audience: [ada, bob].sort(), delivered: [ada, bob].sort() },
          { type: 'review.created', audience: [ada, bob].sort(), delivered: [ada, bob].sort() },
          { type: 'review.replied', audience: [ada, bob].sort(), delivered: [ada, bob].sort() },
          { type: 'gig.deleted', audience: [ada], delivered: [ada] },
        ]);
      }));

  it('keeps one public event and one delivery a webhook when the same event comes twice', () => {
    const completed = published(OrderCompleted, buildOrderCard({ orderId, buyerId: bob, sellerId: ada, status: 'completed' }), later);
    return spec
      .given(published(GigDeleted, { gigId, ownerId: ada, title: 'Logo' }))
      .meanwhile(everyoneSubscribes)
      .given(completed)
      .given(completed)
      .meanwhile((db) =>
        db
          .deleteFrom('processed_events' as never)
          .execute()
          .then(() => undefined),
      )
      .given(completed)
      .then(async (db) => {
        const all = await received(db);
        expect(all.filter((e) => e.type === 'order.completed')).toEqual([
          { type: 'order.completed', audience: [ada, bob].sort(), delivered: [ada, bob].sort() },
        ]);
      });
  });

  it('gives a webhook nothing that happened before it was made, however late the event is handled', () =>
    spec
      .given()
      .meanwhile(everyoneSubscribes)
      // Both handled after the webhooks were made; the first happened before (a consumer that was behind).
      .given(
        published(OrderCompleted, buildOrderCard({ orderId, buyerId: bob, sellerId: ada, status: 'completed' })),
        published(ReviewWritten, review, later),
      )
      .then(async (db) => {
        expect(await received(db)).toEqual([
          { type: 'order.completed', audience: [ada, bob].sort(), delivered: [] },
          { type: 'review.created', audience: [ada, bob].sort(), delivered: [ada, bob].sort() },
        ]);
      }));

  it('applies the seats taken and given up within one batch before each event after them', () =>
    spec
      .given()
      .meanwhile(everyoneSubscribes)
      // One delivery of six: the consumer handles them in one transaction, the updates in runs between the seat changes.
      .given(
        published(TechEventRegistered, seat(bob, 1), later),
        published(TechEventUpdated, card, later),
        published(TechEventRegistrationCancelled, seat(bob, 0), later),
        published(TechEventUpdated, card, later),
        published(TechEventRegistered, seat(cy, 1), later),
        published(TechEventUpdated, card, later),
      )
      .then(async (db) => {
        expect(await received(db)).toEqual([
          { type: 'event.registration.created', audience: [ada, bob].sort(), delivered: [ada, bob].sort() },
          { type: 'event.updated', audience: [ada, bob].sort(), delivered: [ada, bob].sort() },
          { type: 'event.registration.cancelled', audience: [ada, bob].sort(), delivered: [ada, bob].sort() },
          { type: 'event.updated', audience: [ada], delivered: [ada] },
          { type: 'event.registration.created', audience: [ada, cy].sort(), delivered: [ada, cy].sort() },
          { type: 'event.updated', audience: [ada, cy].sort(), delivered: [ada, cy].sort() },
        ]);
      }));
});
