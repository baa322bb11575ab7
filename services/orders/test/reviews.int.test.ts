import { randomUUID } from 'node:crypto';
import { identityRoutes, marketplaceRoutes, ORDER_MESSAGES, ordersRoutes } from '@commonwork/contracts';
import { projections as eventsProjections } from '@commonwork/events';
import { projections as identityProjections } from '@commonwork/identity';
import { readSide } from '@commonwork/kit';
import { buildGig, buildUser, eventually, expectRebuildReproduces, startTestPlatform, type TestPlatform } from '@commonwork/kit/testing';
import { projections as marketplaceProjections } from '@commonwork/marketplace';
import { projections as messagingProjections } from '@commonwork/messaging';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projections } from '../src/projections.ts';

/** The read sides whose events marketplace's and identity's figures, or what they rebuild besides, are kept from. */
const PUBLISHERS = [
  readSide(identityProjections),
  readSide(marketplaceProjections),
  readSide(eventsProjections),
  readSide(messagingProjections),
  readSide(projections),
];
/** The tables that hold the figures the reviews and orders earn, in marketplace and identity. */
const FIGURES = ['marketplace.order_cards', 'marketplace.gig_reviews', 'marketplace.gigs', 'identity.review_ratings', 'identity.users'];

type Person = Awaited<ReturnType<typeof buildUser>>;

describe('reviews, through the gateway', () => {
  let p: TestPlatform;
  let ada: Person;
  let bob: Person;
  let carol: Person;
  let gigId: string;
  let orderId: string;

  /** Bob orders Ada's gig (once orders knows it), Ada accepts and delivers: the order waits for Bob. */
  const deliveredOrder = async () => {
    const placed = await eventually(async () => {
      const res = await p.api.send(ordersRoutes.create, { token: bob.token, body: { gigId, requirements: 'A landing page, please' } });
      return res.status === 201 && res.body.order;
    });
    await p.api.call(ordersRoutes.accept, { params: { id: placed.id }, token: ada.token, body: {} });
    await p.api.call(ordersRoutes.deliver, { params: { id: placed.id }, token: ada.token, body: { message: 'Here it is' } });
    return placed.id;
  };
  const review = (id: string, token: string | undefined, body: { rating: number; text?: string }) =>
    p.api.send(ordersRoutes.review, { params: { id }, token, body });

  beforeAll(async () => {
    p = await startTestPlatform();
    [ada, bob, carol] = await Promise.all([buildUser(p, 'Ada Seller'), buildUser(p, 'Bob Buyer'), buildUser(p, 'Carol Stranger')]);
    const gig = await p.api.call(marketplaceRoutes.createGig, { token: ada.token, body: buildGig({ price: 150 }) });
    gigId = gig.gig.id;
    orderId = await deliveredOrder();
  }, 120_000);
  afterAll(async () => {
    await p?.stop();
  });

  it('lets only the buyer review, only once the order is completed; others are told it does not exist', async () => {
    const early = await review(orderId, bob.token, { rating: 5 });
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ error: 'NOT_COMPLETED', message: ORDER_MESSAGES.notCompleted });
    await p.api.call(ordersRoutes.complete, { params: { id: orderId }, token: bob.token, body: {} });
    expect((await review(orderId, ada.token, { rating: 5 })).body).toMatchObject({ error: 'ONLY_BUYER' });
    expect((await review(orderId, ada.token, { rating: 5 })).status).toBe(403);
    expect((await review(orderId, carol.token, { rating: 5 })).status).toBe(404);
    expect((await review(randomUUID(), bob.token, { rating: 5 })).status).toBe(404);
    expect((await review(orderId, undefined, { rating: 5 })).status).toBe(401);
  });

  it('refuses a rating that is not a whole number from 1 to 5, and a text over 1,000 characters, with the field', async () => {
    for (const rating of [0, 6, 4.5]) {
      const res = await review(orderId, bob.token, { rating });
      expect(res.status, String(rating)).toBe(400);
      expect(res.body.details).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'rating' })]));
    }
    const long = await review(orderId, bob.token, { rating: 5, text: 'x'.repeat(1_001) });
    expect(long.status).toBe(400);
    expect(long.body.details).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'text' })]));
  });

  it("writes the buyer's review once, with their name; a second is refused", async () => {
    const written = await review(orderId, bob.token, { rating: 4, text: '  Clear and quick.  ' });
    expect(written.status).toBe(201);
    expect(written.body.review).toMatchObject({
      orderId,
      gig: { _id: gigId },
      reviewer: { _id: bob.id },
      sellerId: ada.id,
      rating: 4,
      text: 'Clear and quick.',
      reply: null,
    });
    // The reviewer's card reaches orders through identity's events.
    await eventually(async () => {
      const page = await p.api.call(ordersRoutes.gigReviews, { params: { id: gigId }, query: {} });
      return page.reviews[0]?.reviewer.name === 'Bob Buyer';
    });
    const again = await review(orderId, bob.token, { rating: 1 });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: 'ALREADY_REVIEWED', message: ORDER_MESSAGES.alreadyReviewed });
    // The order shows its review to both sides; the buyer is offered no second one, the seller an answer.
    const buyerView = await p.api.call(ordersRoutes.get, { params: { id: orderId }, token: bob.token });
    expect(buyerView.order.review).toMatchObject({ rating: 4, text: 'Clear and quick.' });
    expect(buyerView.order.actions).not.toContain('review');
    const sellerView = await p.api.call(ordersRoutes.get, { params: { id: orderId }, token: ada.token });
    expect(sellerView.order.actions).toContain('reply');
    const sold = await p.api.call(ordersRoutes.list, { query: { role: 'seller' }, token: ada.token });
    expect(sold.orders.find((o) => o.id === orderId)?.review?.rating).toBe(4);
  });

  it('lets only the seller answer, once, publicly', async () => {
    const page = await p.api.call(ordersRoutes.gigReviews, { params: { id: gigId }, query: {} });
    const id = page.reviews[0]?.id ?? 'no review';
    const reply = (token: string | undefined, text = 'Thank you!') =>
      p.api.send(ordersRoutes.reply, { params: { id }, token, body: { text } });
    expect((await reply(bob.token)).status).toBe(403);
    expect((await reply(carol.token)).status).toBe(403);
    expect((await reply(undefined)).status).toBe(401);
    expect((await reply(ada.token, '   ')).status).toBe(400);
    expect((await p.api.send(ordersRoutes.reply, { params: { id: randomUUID() }, token: ada.token, body: { text: 'Hi' } })).status).toBe(
      404,
    );
    const answered = await reply(ada.token);
    expect(answered.status).toBe(200);
    expect(answered.body.review.reply).toMatchObject({ text: 'Thank you!' });
    const again = await reply(ada.token, 'Again');
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: 'ALREADY_REPLIED' });
    const read = await p.api.call(ordersRoutes.gigReviews, { params: { id: gigId }, query: {} });
    expect(read.reviews[0]?.reply?.text).toBe('Thank you!');
  });

  it("lists a gig's and a seller's reviews newest first, paged, with their summary", async () => {
    const second = await deliveredOrder();
    await p.api.call(ordersRoutes.complete, { params: { id: second }, token: bob.token, body: {} });
    await review(second, bob.token, { rating: 5, text: 'Even better' });
    const first = await p.api.call(ordersRoutes.gigReviews, { params: { id: gigId }, query: { limit: 1 } });
    expect(first.reviews.map((r) => r.text)).toEqual(['Even better']);
    expect(first.pagination).toEqual({ page: 1, pages: 2, total: 2, limit: 1 });
    expect(first.summary).toEqual({ rating: 4.5, count: 2 });
    const next = await p.api.call(ordersRoutes.gigReviews, { params: { id: gigId }, query: { limit: 1, page: 2 } });
    expect(next.reviews.map((r) => r.text)).toEqual(['Clear and quick.']);
    const seller = await p.api.call(ordersRoutes.userReviews, { params: { id: ada.id }, query: {} });
    expect(seller.reviews.map((r) => r.rating)).toEqual([5, 4]);
    expect(seller.summary).toEqual({ rating: 4.5, count: 2 });
    const none = await p.api.call(ordersRoutes.gigReviews, { params: { id: randomUUID() }, query: {} });
    expect(none).toMatchObject({ reviews: [], summary: { rating: 0, count: 0 }, pagination: { total: 0, pages: 0 } });
  });

  it("follows a private profile on the person's reviews page, not on their gigs' pages", async () => {
    await p.api.call(identityRoutes.updateUser, {
      params: { id: ada.id },
      token: ada.token,
      body: { preferences: { privacy: { profileVisibility: 'private' } } },
    });
    const hidden = await eventually(async () => {
      const page = await p.api.call(ordersRoutes.userReviews, { params: { id: ada.id }, query: {}, token: carol.token });
      return page.reviews.length === 0 && page;
    });
    expect(hidden.summary).toEqual({ rating: 4.5, count: 2 });
    const own = await p.api.call(ordersRoutes.userReviews, { params: { id: ada.id }, query: {}, token: ada.token });
    expect(own.reviews).toHaveLength(2);
    expect((await p.api.call(ordersRoutes.gigReviews, { params: { id: gigId }, query: {} })).reviews).toHaveLength(2);
  });

  it("earns the gig's and the seller's figures from the orders and reviews", async () => {
    const figures = await eventually(async () => {
      const { gig } = await p.api.call(marketplaceRoutes.getGig, { params: { id: gigId } });
      return gig.orders === 2 && gig.reviews === 2 && gig;
    });
    expect(figures.rating).toBe(4.5);
    const analytics = await p.api.call(marketplaceRoutes.analytics, { token: ada.token });
    expect(analytics.data).toEqual({ activeGigs: 1, activeOrders: 0, totalRevenue: 300, avgRating: 4.5 });
    const person = await eventually(async () => {
      const { user } = await p.api.call(identityRoutes.userById, { params: { id: ada.id }, token: bob.token });
      return user.reviewCount === 2 && user;
    });
    expect(person.rating).toBe(4.5);
    // An order in progress is one of the seller's active projects.
    const running = await eventually(async () => {
      const res = await p.api.send(ordersRoutes.create, { token: carol.token, body: { gigId, requirements: 'Another page' } });
      return res.status === 201 && res.body.order;
    });
    expect(running.status).toBe('pending');
    await eventually(async () => (await p.api.call(marketplaceRoutes.analytics, { token: ada.token })).data.activeOrders === 1);
  });

  it('rebuilds the reviews, and the figures marketplace and identity keep of them, as they were', async () => {
    await expectRebuildReproduces(p.database, projections);
    const rows = async () => {
      const all: Record<string, string[]> = {};
      for (const table of FIGURES) {
        const { rows: read } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(p.database.root);
        all[table] = read.map((row) => JSON.stringify(row)).sort();
      }
      return all;
    };
    const live = await rows();
    expect(live['marketplace.order_cards']).toHaveLength(3);
    for (const side of [readSide(marketplaceProjections), readSide(identityProjections)]) await side.rebuild(p.database, PUBLISHERS);
    expect(await rows()).toEqual(live);
  });
});
