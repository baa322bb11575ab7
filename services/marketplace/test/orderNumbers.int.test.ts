import { type OrderCard, OrderCompleted, OrderDelivered, OrderPlaced, ReviewWritten, UserRegistered } from '@commonwork/contracts';
import { published, readModelSpec, SPEC_START, specId } from '@commonwork/kit/testing';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { subscriptions } from '../src/handlers/index.ts';
import { migrations } from '../src/migrations.ts';
import { sellerAnalytics } from '../src/orderNumbers/figures.ts';
import type { MarketplaceTables } from '../src/tables.ts';

const seller = specId(1);
const buyer = specId(2);
const gigId = specId(10);
const otherGig = specId(11);
const at = (minutes: number) => new Date(SPEC_START.getTime() + minutes * 60_000).toISOString();
const card = (orderId: string, status: OrderCard['status'], more: Partial<OrderCard> = {}): OrderCard => ({
  orderId,
  gigId,
  gigTitle: 'A landing page',
  buyerId: buyer,
  sellerId: seller,
  price: 120,
  deliveryTime: '7',
  status,
  late: false,
  dueAt: null,
  by: 'buyer',
  ...more,
});
const placed = (orderId: string, minutes = 0, more: Partial<OrderCard> = {}) =>
  published(OrderPlaced, { ...card(orderId, 'pending', more), revisionsAllowed: 2 }, { occurredAt: at(minutes) });
const delivered = (orderId: string, minutes: number, more: Partial<OrderCard> = {}) =>
  published(OrderDelivered, { ...card(orderId, 'delivered', more), text: 'Done', deliveries: 1 }, { occurredAt: at(minutes) });
const completed = (orderId: string, minutes: number, more: Partial<OrderCard> = {}) =>
  published(OrderCompleted, card(orderId, 'completed', more), { occurredAt: at(minutes) });
const reviewed = (reviewId: string, rating: number, more: { gigId?: string } = {}) =>
  published(ReviewWritten, {
    reviewId,
    orderId: specId(900 + rating),
    gigId: more.gigId ?? gigId,
    gigTitle: 'A landing page',
    buyerId: buyer,
    sellerId: seller,
    rating,
    text: '',
  });

/** The seller's gigs, as marketplace's own events would have made them. */
const gigs = (db: Kysely<MarketplaceTables>) =>
  db
    .insertInto('gigs')
    .values(
      [gigId, otherGig].map((id) => ({
        id,
        owner_id: seller,
        title: 'A landing page',
        description: 'A page',
        category: 'web' as const,
        sub_category: 'frontend',
        price: 120,
        delivery_time: '7' as const,
        tags: JSON.stringify([]),
        tags_text: '',
        status: 'active' as const,
        version: 1,
        created_at: SPEC_START,
        updated_at: SPEC_START,
      })),
    )
    .execute();
const figuresOf = async (db: Kysely<MarketplaceTables>, id: string) =>
  db.selectFrom('gigs').select(['orders', 'rating', 'reviews']).where('id', '=', id).executeTakeFirstOrThrow();
/** Anything first: a spec's scenario starts with a delivery, and the gigs come before the orders. */
const start = published(UserRegistered, {
  userId: seller,
  name: 'Ada',
  username: null,
  picture: '',
  title: '',
  location: '',
  skills: [],
  email: 'ada@example.com',
  authProvider: 'google',
});

describe("marketplace's figures, kept from orders' events", () => {
  const spec = readModelSpec({ schema: 'marketplace', migrations, subscriptions });

  it("counts a gig's completed orders, the seller's revenue and the orders they work on", () =>
    spec
      .given(start)
      .meanwhile(gigs)
      .given(placed(specId(100), 0), placed(specId(101), 1, { price: 80 }), placed(specId(102), 2, { gigId: otherGig }))
      .given(delivered(specId(100), 3), completed(specId(100), 4), completed(specId(101), 5, { price: 80 }))
      .then(async (db) => {
        expect(await figuresOf(db, gigId)).toEqual({ orders: 2, rating: 0, reviews: 0 });
        expect(await figuresOf(db, otherGig)).toEqual({ orders: 0, rating: 0, reviews: 0 });
        expect(await sellerAnalytics(db, seller)).toEqual({ activeGigs: 2, activeOrders: 1, totalRevenue: 200, avgRating: 0 });
        expect(await sellerAnalytics(db, buyer)).toEqual({ activeGigs: 0, activeOrders: 0, totalRevenue: 0, avgRating: 0 });
      }));

  it('keeps the newest card of an order however late or often the older ones come', () => {
    const done = completed(specId(100), 4);
    return spec
      .given(start)
      .meanwhile(gigs)
      .given(done)
      .given(placed(specId(100), 0), delivered(specId(100), 3))
      .given(done)
      .then(async (db) => {
        expect(await figuresOf(db, gigId)).toEqual({ orders: 1, rating: 0, reviews: 0 });
        expect(await sellerAnalytics(db, seller)).toMatchObject({ activeOrders: 0, totalRevenue: 120 });
      });
  });

  it('rates a gig and its seller by their reviews only, one decimal, each review once', () => {
    const first = reviewed(specId(200), 5);
    return spec
      .given(start)
      .meanwhile(gigs)
      .given(first, reviewed(specId(201), 4), reviewed(specId(202), 4))
      .given(first, reviewed(specId(203), 2, { gigId: otherGig }))
      .then(async (db) => {
        expect(await figuresOf(db, gigId)).toEqual({ orders: 0, rating: 4.3, reviews: 3 });
        expect(await figuresOf(db, otherGig)).toEqual({ orders: 0, rating: 2, reviews: 1 });
        expect(await sellerAnalytics(db, seller)).toMatchObject({ avgRating: 3.8 });
      });
  });
});
