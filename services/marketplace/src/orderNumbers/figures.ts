import { type Kysely, sql } from 'kysely';
import type { MarketplaceTables } from '../tables.ts';

/** Statuses of an order the seller still works on: what Active Projects counts beside active gigs. */
export const ORDERS_IN_PROGRESS = ['pending', 'in_progress', 'delivered'] as const;

/**
 * The gigs' `orders` (completed orders), `rating` (one decimal) and `reviews`, recounted from the
 * kept cards and ratings: whatever order or how many times the events came, the figures are those
 * of the rows, so they cannot drift from what they count.
 */
export async function recountGigFigures(trx: Kysely<MarketplaceTables>, gigIds: readonly string[]) {
  if (gigIds.length === 0) return;
  await trx
    .updateTable('gigs')
    .set((eb) => ({
      orders: eb
        .selectFrom('order_cards')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('order_cards.gig_id', '=', 'gigs.id')
        .where('order_cards.status', '=', 'completed'),
      reviews: eb.selectFrom('gig_reviews').select(sql<number>`count(*)::int`.as('n')).whereRef('gig_reviews.gig_id', '=', 'gigs.id'),
      rating: eb
        .selectFrom('gig_reviews')
        .select(sql<number>`coalesce(round(avg(rating), 1), 0)::real`.as('r'))
        .whereRef('gig_reviews.gig_id', '=', 'gigs.id'),
    }))
    .where('id', 'in', [...new Set(gigIds)])
    .execute();
}

/**
 * A seller's dashboard figures: active gigs, the orders they are working on, what their completed
 * orders earned, and the average of the ratings their reviews gave (one decimal; 0 without any).
 */
export async function sellerAnalytics(db: Kysely<MarketplaceTables>, sellerId: string) {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('gigs')
        .select(sql<string>`count(*)`.as('n'))
        .where('owner_id', '=', sellerId)
        .where('status', '=', 'active')
        .as('active'),
      eb
        .selectFrom('order_cards')
        .select(sql<string>`count(*)`.as('n'))
        .where('seller_id', '=', sellerId)
        .where('status', 'in', ORDERS_IN_PROGRESS)
        .as('working'),
      eb
        .selectFrom('order_cards')
        .select(sql<string>`coalesce(sum(price), 0)`.as('n'))
        .where('seller_id', '=', sellerId)
        .where('status', '=', 'completed')
        .as('revenue'),
      eb.selectFrom('gig_reviews').select(sql<string | null>`avg(rating)`.as('n')).where('seller_id', '=', sellerId).as('rating'),
    ])
    .executeTakeFirst();
  return {
    activeGigs: Number(row?.active ?? 0),
    activeOrders: Number(row?.working ?? 0),
    totalRevenue: Number(row?.revenue ?? 0),
    avgRating: Math.round(Number(row?.rating ?? 0) * 10) / 10,
  };
}
