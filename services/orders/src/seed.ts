import type { DeliveryTime, EventMetadata } from '@commonwork/contracts';
import { type Database, type DomainEvent, importEvents, pickOne, type Random, randomInt, seededUuid } from '@commonwork/kit';
import type { Kysely } from 'kysely';
import { orderAggregate } from './orders/aggregate.ts';
import { decide, evolve, type OrderCaller, type OrderCommand } from './orders/decide.ts';
import { initialOrderState, type OrderEvent, type OrderState } from './orders/order.ts';
import { reviewAggregate } from './reviews/aggregate.ts';
import { decide as decideReview } from './reviews/decide.ts';
import type { ReviewEvent } from './reviews/review.ts';
import type { OrdersTables } from './tables.ts';

/** A seeded gig and the traction it is to earn: its completed orders, how many of them were reviewed, and their average rating. */
export interface OrderedDemoGig {
  gigId: string;
  ownerId: string;
  title: string;
  price: number;
  deliveryTime: DeliveryTime;
  createdAt: Date;
  orders: number;
  reviews: number;
  rating: number;
}

export interface SeedOrdersOptions {
  /** Reference time: every step happened before it. Default: now. */
  now?: Date;
  metadata?: EventMetadata;
}

const DAY_MS = 86_400_000;

const REQUIREMENTS = [
  'Our brand colours and the copy are in the shared folder; we would like it to feel calm and trustworthy.',
  'We are launching next month: please keep it simple, fast and easy for us to update ourselves.',
  'I attached what we have so far. The main thing is that it works well on phones.',
  'Please follow the examples in the brief; happy to jump on a call if anything is unclear.',
];
const DELIVERIES = [
  'Here it is, with a short guide on how to change it. Tell me if anything should be different.',
  'Delivered: the files and a note of every decision I made along the way.',
  'All done. I tested it on the devices we agreed on; the source files are included.',
];
const REVIEWS: Record<number, string[]> = {
  5: [
    'Excellent work, delivered ahead of time and better than I imagined.',
    'Clear communication from start to finish. Would order again without hesitation.',
    'Understood exactly what we needed and explained every choice.',
  ],
  4: ['Good result and friendly to work with; one round of changes and it was right.', 'Solid work, delivered on time.'],
  3: ['Fine in the end, though it took a few more messages than expected.'],
  2: ['Delivered, but not quite what we had asked for.'],
  1: ['Did not meet the brief.'],
};
const REPLIES = ['Thank you, it was a pleasure working with you!', 'Thanks for the kind words, and for the clear brief.'];

/** The time of a day of the demo's history (days before `now`), at a working hour that differs from day to day. */
const dayTime = (now: Date, day: number) => new Date(now.getTime() - day * DAY_MS - ((day * 7_919) % 36_000) * 1_000);

/**
 * Whole ratings that average to `rating` (one decimal) over `n` reviews: the floor and the next
 * star, mixed in the proportion the average needs.
 */
function ratingsFor(rng: Random, n: number, rating: number): number[] {
  const floor = Math.max(1, Math.min(5, Math.floor(rating)));
  const higher = floor === 5 ? 0 : Math.round((rating - floor) * n);
  const ratings = Array.from({ length: n }, (_, i) => (i < higher ? floor + 1 : floor));
  for (let i = ratings.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [ratings[i], ratings[j]] = [ratings[j] as number, ratings[i] as number];
  }
  return ratings;
}

/** One step of a demo order: the day it happened (days before now) and the command that made it. */
interface Step {
  day: number;
  command: OrderCommand;
}

/** A demo order: its steps, and its review (rating, and whether the seller answered) once completed. */
interface DemoOrder {
  orderId: string;
  gig: OrderedDemoGig;
  buyerId: string;
  steps: Step[];
  review: { reviewId: string; rating: number; day: number; replied: boolean } | null;
}

/** The commands of an order of `gig` by `buyerId` placed `placed` days ago, up to `until`: placed, accepted, delivered, completed. */
function orderOf(
  rng: Random,
  gig: OrderedDemoGig,
  buyerId: string,
  placed: number,
  until: 'pending' | 'in_progress' | 'delivered' | 'completed',
  now: Date,
): Omit<DemoOrder, 'review'> {
  const orderId = seededUuid(rng);
  const buyer: OrderCaller = { userId: buyerId, admin: false };
  const seller: OrderCaller = { userId: gig.ownerId, admin: false };
  const working = Math.max(1, Math.round(Number(gig.deliveryTime) * (0.4 + 0.5 * rng())));
  const delivered = Math.max(0, placed - working);
  const completed = Math.max(0, delivered - randomInt(rng, 0, 2));
  const at = (day: number) => dayTime(now, day);
  const steps: Step[] = [
    {
      day: placed,
      command: {
        type: 'Place',
        orderId,
        buyerId,
        gig: {
          gigId: gig.gigId,
          ownerId: gig.ownerId,
          title: gig.title,
          price: gig.price,
          deliveryTime: gig.deliveryTime,
          available: true,
        },
        requirements: pickOne(rng, REQUIREMENTS),
        attachments: [],
        at: at(placed),
      },
    },
  ];
  if (until !== 'pending') steps.push({ day: placed, command: { type: 'Accept', caller: seller, at: at(placed) } });
  if (until === 'delivered' || until === 'completed')
    steps.push({
      day: delivered,
      command: { type: 'Deliver', caller: seller, message: pickOne(rng, DELIVERIES), attachments: [], at: at(delivered) },
    });
  if (until === 'completed') steps.push({ day: completed, command: { type: 'Complete', caller: buyer, at: at(completed) } });
  return { orderId, gig, buyerId, steps };
}

/**
 * The demo's orders: each gig's completed orders, placed by other people between its creation and
 * now, the first `reviews` of them reviewed with ratings that average to the gig's `rating` (some
 * answered by the seller); and a few orders still running, so sellers have work in progress.
 */
function demoOrders(rng: Random, gigs: readonly OrderedDemoGig[], people: readonly string[], now: Date): DemoOrder[] {
  const orders: DemoOrder[] = [];
  for (const gig of gigs) {
    const buyers = people.filter((p) => p !== gig.ownerId);
    if (buyers.length === 0) continue;
    const age = Math.floor((now.getTime() - gig.createdAt.getTime()) / DAY_MS);
    // A completed order needs the days its work took since the gig went up.
    const span = age - Number(gig.deliveryTime) - 2;
    if (span < 1) continue;
    const ratings = ratingsFor(rng, Math.min(gig.reviews, gig.orders), gig.rating);
    for (let i = 0; i < gig.orders; i++) {
      const placed = Number(gig.deliveryTime) + 2 + randomInt(rng, 0, span - 1);
      const order = orderOf(rng, gig, pickOne(rng, buyers), placed, 'completed', now);
      const rating = ratings[i];
      const completedDay = order.steps.at(-1)?.day ?? 0;
      orders.push({
        ...order,
        review: rating === undefined ? null : { reviewId: seededUuid(rng), rating, day: completedDay, replied: rng() < 0.3 },
      });
    }
    if (gig.orders > 0 && rng() < 0.3) {
      const until = pickOne(rng, ['pending', 'in_progress', 'delivered'] as const);
      orders.push({ ...orderOf(rng, gig, pickOne(rng, buyers), Math.min(2, age), until, now), review: null });
    }
  }
  return orders;
}

/** An aggregate's events by day (days before now), per instance, after the versions its earlier days left. */
interface DayAppends<E extends DomainEvent> {
  byDay: Map<number, { id: string; expectedVersion: number; events: E[] }[]>;
}

/** Adds an instance's events of a day: to its append of that day when it has one (two steps the same day), else as a new one. */
function addAppend<E extends DomainEvent>(into: DayAppends<E>, day: number, id: string, expectedVersion: number, events: E[]) {
  if (events.length === 0) return;
  const appends = into.byDay.get(day) ?? [];
  const same = appends.find((a) => a.id === id);
  if (same) same.events.push(...events);
  else appends.push({ id, expectedVersion, events });
  into.byDay.set(day, appends);
}

/**
 * Seeds orders and reviews through orders' write path: each order's commands decided in turn by
 * the order decider, each review by the review decider, and stored and projected a day at a time
 * with `importEvents` (the events dated as they happened), in one transaction. Published when the
 * platform runs: marketplace and identity count every gig's and person's figures from them.
 */
export async function seedOrders(
  database: Database,
  gigs: readonly OrderedDemoGig[],
  people: readonly string[],
  rng: Random,
  options: SeedOrdersOptions = {},
) {
  const now = options.now ?? new Date();
  const metadata = options.metadata ?? { actorId: null, correlationId: 'seed', causationId: null };
  const orders = demoOrders(rng, gigs, people, now);
  const orderDays: DayAppends<OrderEvent> = { byDay: new Map() };
  const reviewDays: DayAppends<ReviewEvent> = { byDay: new Map() };
  let reviews = 0;
  for (const order of orders) {
    let state: OrderState = initialOrderState();
    let version = 0;
    for (const step of order.steps) {
      const events = decide(step.command, state);
      state = events.reduce(evolve, state);
      addAppend(orderDays, step.day, order.orderId, version, events);
      version += events.length;
    }
    const { review } = order;
    const card = state.card;
    if (!review || !card) continue;
    const ordered = {
      orderId: card.orderId,
      gigId: card.gigId,
      gigTitle: card.gigTitle,
      buyerId: card.buyerId,
      sellerId: card.sellerId,
      status: card.status,
    };
    const written = decideReview(
      {
        type: 'WriteReview',
        reviewId: review.reviewId,
        actorId: order.buyerId,
        order: ordered,
        rating: review.rating,
        text: pickOne(rng, REVIEWS[review.rating] ?? ['']),
      },
      { review: null, replied: false },
    );
    const events = written.concat(
      review.replied && written[0]
        ? decideReview(
            { type: 'ReplyToReview', actorId: card.sellerId, text: pickOne(rng, REPLIES) },
            { review: written[0].data, replied: false },
          )
        : [],
    );
    addAppend(reviewDays, review.day, order.orderId, 0, events);
    reviews++;
  }
  const db = database.forSchema<OrdersTables>('orders');
  await db.transaction().execute(async (trx: Kysely<OrdersTables>) => {
    const days = [...new Set([...orderDays.byDay.keys(), ...reviewDays.byDay.keys()])].sort((a, b) => b - a);
    for (const day of days) {
      const at = dayTime(now, day);
      const orderAppends = orderDays.byDay.get(day) ?? [];
      // A few hundred streams per statement stay well under PostgreSQL's parameter limit.
      for (let i = 0; i < orderAppends.length; i += 300)
        await importEvents(trx, orderAggregate, { schema: 'orders', metadata, now: at, appends: orderAppends.slice(i, i + 300) });
      const reviewAppends = reviewDays.byDay.get(day) ?? [];
      for (let i = 0; i < reviewAppends.length; i += 300)
        await importEvents(trx, reviewAggregate, { schema: 'orders', metadata, now: at, appends: reviewAppends.slice(i, i + 300) });
    }
  });
  return { orders: orders.length, reviews };
}
