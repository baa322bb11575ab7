import {
  DELIVERY_OPTIONS,
  type DeliveryTime,
  type EventMetadata,
  GIG_CATEGORIES,
  type GigCategory,
  type PublicUserCard,
} from '@commonwork/contracts';
import { type Database, importEvents, pickOne, type Random, randomInt, seededUuid } from '@commonwork/kit';
import { type Kysely, sql } from 'kysely';
import { upsertFreelancer } from '../freelancers/projection.ts';
import type { MarketplaceTables } from '../tables.ts';
import { gigAggregate } from './aggregate.ts';
import { decide } from './decide.ts';
import { CLOSERS, DEMO_CATALOG, type SubCategoryCatalog } from './demoCatalog.ts';
import { fillOf, tagsAllowed } from './demoTags.ts';
import { type GigFields, initialGigState } from './gig.ts';

/** Who may own seeded gigs; gigs of a category go to owners whose focus it is, when there are any. */
export interface SeedOwner {
  userId: string;
  focus?: GigCategory | undefined;
}

export interface SeedGigsOptions {
  /** The seed's reference time; gigs are dated over the 180 days before it. Default: now. */
  now?: Date;
  metadata?: EventMetadata;
}

const DAY_MS = 86_400_000;
/** Streams per `appendToStreams` call: a few hundred keeps each insert well under PostgreSQL's parameter limit. */
const BATCH = 400;

function shuffle<T>(rng: Random, items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return items;
}

/** Every (category, sub-category) pair, in the contracts' order. */
const SUB_CATEGORIES = (Object.keys(GIG_CATEGORIES) as GigCategory[]).flatMap((category) =>
  GIG_CATEGORIES[category].subCategories.map((subCategory) => ({ category, subCategory })),
);

const catalogOf = (category: GigCategory, subCategory: string): SubCategoryCatalog =>
  (DEMO_CATALOG[category].subCategories as Record<string, SubCategoryCatalog>)[subCategory] as SubCategoryCatalog;

/**
 * Half the gigs in the low band, a third in the medium one, the rest in the high one up to $5,000,
 * scaled by what the kind of work costs; rounded like people price.
 */
function priceFor(rng: Random, factor: number): number {
  const band = rng();
  const raw = band < 0.5 ? 15 + rng() * 270 : band < 0.82 ? 300 + rng() * 400 : 700 * (5000 / 700) ** rng();
  const scaled = Math.min(5000, Math.max(15, raw * factor));
  const step = scaled < 100 ? 5 : scaled < 1000 ? 25 : 100;
  return Math.min(5000, Math.max(15, Math.round(scaled / step) * step));
}

/** Cheap work is quick, big projects take weeks. */
function deliveryFor(rng: Random, price: number): DeliveryTime {
  const options = DELIVERY_OPTIONS.map((o) => o.value);
  const from = price < 100 ? 0 : price < 300 ? 1 : price < 1000 ? 2 : 3;
  return options[Math.min(options.length - 1, from + randomInt(rng, 0, 1))] as DeliveryTime;
}

/**
 * 2-5 tags from those the sub-category allows for this fill (demoTags.ts), the ones the title
 * names first. The whole pool is shuffled before the filter so the random sequence, and with it
 * every later gig of a seed, stays what it was.
 */
function tagsFor(rng: Random, catalog: SubCategoryCatalog, fill: string, title: string): string[] {
  const allowed = tagsAllowed(catalog, fill);
  const words = title.toLowerCase().replace(/[^a-z0-9/ ]+/g, '');
  const named = catalog.tags.filter((t) => words.includes(t.replace(/[^a-z0-9/ ]+/g, '')));
  const rest = shuffle(
    rng,
    catalog.tags.filter((t) => !named.includes(t)),
  );
  return [...named, ...rest].filter((t) => allowed.has(t)).slice(0, randomInt(rng, 2, 5));
}

/** One believable gig of a sub-category. */
export function buildDemoGig(rng: Random, category: GigCategory, subCategory: string): GigFields {
  const catalog = catalogOf(category, subCategory);
  const fill = pickOne(rng, catalog.fills);
  const title = pickOne(rng, catalog.titles).replace('{x}', fill);
  const sentences = [pickOne(rng, catalog.pitches).replace('{x}', fill)];
  if (rng() < 0.7) sentences.push(pickOne(rng, DEMO_CATALOG[category].process));
  sentences.push(pickOne(rng, CLOSERS));
  const price = priceFor(rng, catalog.priceFactor ?? 1);
  return {
    title,
    description: sentences.join(' '),
    category,
    subCategory,
    price,
    deliveryTime: deliveryFor(rng, price),
    // The tags follow the fill the reader sees (a title without one names it in its first sentence).
    tags: tagsFor(rng, catalog, fillOf(catalog, `${title} ${sentences.join(' ')}`) ?? '', title),
  };
}

/**
 * The traction a gig is to earn through orders' seed (completed orders, how many reviewed, their
 * average rating): three gigs in four have sold, the rest are new; most have a few reviews, a few
 * sold ten or more, up to 12. Each order is its whole history of events, which every consumer
 * (figures, the conversation's lines, notifications) handles on the first start: about 600 orders
 * keep that start near a minute (it once drew up to 400 reviews, set on the table directly). As
 * many draws in each branch as before, so the catalogue drawn after it stays the same.
 */
function tractionFor(rng: Random) {
  if (rng() < 0.25) return { rating: 0, reviews: 0, orders: rng() < 0.3 ? randomInt(rng, 1, 3) : 0 };
  const reviews = Math.max(1, Math.round(12 * rng() ** 5));
  const rating = Math.round((3.5 + 1.5 * Math.sqrt(rng())) * 10) / 10;
  return { rating, reviews, orders: reviews + randomInt(rng, 0, Math.ceil(reviews * 0.4)) };
}

/** Upserts the freelancers marketplace shows on gigs, with the function identity's events feed through the bus. */
export async function seedFreelancers(database: Database, cards: readonly { card: PublicUserCard; at: Date }[]) {
  const db = database.forSchema<MarketplaceTables>('marketplace');
  await db.transaction().execute(async (trx) => {
    for (const { card, at } of cards) await upsertFreelancer(trx, card, at);
  });
  return cards.length;
}

/**
 * Seeds `n` active gigs through marketplace's write path: `decide` makes each GigCreated, one
 * `importEvents` per creation day and batch stores and projects them in
 * the same transaction. Every sub-category gets at least one gig. Each gig comes back with the
 * traction orders' seed is to earn it (its orders, reviews and rating come from those events);
 * views, a counter outside events, are set on the read table.
 */
export async function seedGigs(database: Database, owners: readonly SeedOwner[], n: number, rng: Random, options: SeedGigsOptions = {}) {
  if (owners.length === 0) throw new Error('seedGigs needs at least one owner');
  const now = options.now ?? new Date();
  const metadata = options.metadata ?? { actorId: null, correlationId: 'seed', causationId: null };
  const byFocus = new Map<GigCategory, SeedOwner[]>();
  for (const owner of owners) if (owner.focus) byFocus.set(owner.focus, [...(byFocus.get(owner.focus) ?? []), owner]);

  const gigs = Array.from({ length: n }, (_, i) => {
    const { category, subCategory } =
      i < SUB_CATEGORIES.length ? (SUB_CATEGORIES[i] as (typeof SUB_CATEGORIES)[number]) : pickOne(rng, SUB_CATEGORIES);
    const owner = pickOne(rng, byFocus.get(category) ?? owners);
    const gigId = seededUuid(rng);
    const fields = buildDemoGig(rng, category, subCategory);
    const [created] = decide({ type: 'CreateGig', gigId, actorId: owner.userId, status: 'active', fields }, initialGigState());
    if (!created) throw new Error('CreateGig decided nothing');
    // Newer days have more gigs, like a growing marketplace.
    return { gigId, ownerId: owner.userId, fields, created, day: Math.floor(180 * rng() ** 1.5), traction: tractionFor(rng) };
  });

  const byDay = new Map<number, typeof gigs>();
  for (const gig of gigs) byDay.set(gig.day, [...(byDay.get(gig.day) ?? []), gig]);
  const db = database.forSchema<MarketplaceTables>('marketplace');
  // A working-hours time of day that differs from day to day.
  const dayTime = (day: number) => new Date(now.getTime() - day * DAY_MS - ((day * 7_919) % 36_000) * 1_000);
  await db.transaction().execute(async (trx) => {
    for (const [day, ofDay] of [...byDay].sort(([a], [b]) => b - a)) {
      const at = dayTime(day);
      for (let i = 0; i < ofDay.length; i += BATCH) {
        const appends = ofDay.slice(i, i + BATCH).map((g) => ({ id: g.gigId, expectedVersion: 0, events: [g.created] }));
        await importEvents(trx, gigAggregate, { schema: 'marketplace', metadata, now: at, appends });
      }
    }
    await setViews(trx, gigs);
  });
  return gigs.map((g) => ({
    gigId: g.gigId,
    ownerId: g.ownerId,
    title: g.fields.title,
    price: g.fields.price,
    deliveryTime: g.fields.deliveryTime,
    createdAt: dayTime(g.day),
    ...g.traction,
  }));
}

/** Sets the views of the gigs that sell (a counter outside events), 5,000 gigs per statement through unnest(). */
async function setViews(trx: Kysely<MarketplaceTables>, gigs: { gigId: string; traction: ReturnType<typeof tractionFor> }[]) {
  const sold = gigs.filter((g) => g.traction.orders > 0);
  for (let i = 0; i < sold.length; i += 5_000) {
    const chunk = sold.slice(i, i + 5_000);
    const ids = chunk.map((g) => g.gigId);
    // People look at many gigs for each one they buy.
    const views = chunk.map((g) => g.traction.orders * 12 + (g.traction.reviews % 37));
    await sql`insert into ${sql.table('marketplace.gig_views')} (gig_id, views) select * from unnest(${ids}::uuid[], ${views}::bigint[])
      on conflict (gig_id) do nothing`.execute(trx);
  }
}
