import { ORDER_LIMITS, type Review } from '@commonwork/contracts';
import { type Kysely, sql } from 'kysely';
import type { OrdersTables } from '../tables.ts';
import { presentReview, type ReviewView } from './present.ts';

/** The reviews with their reviewers' names and pictures. */
export const reviewViews = (db: Kysely<OrdersTables>) =>
  db
    .selectFrom('reviews')
    .leftJoin('people', 'people.user_id', 'reviews.buyer_id')
    .selectAll('reviews')
    .select(['people.name as reviewer_name', 'people.picture as reviewer_picture']);

/** One review by its id, or by its order's. */
export async function reviewBy(db: Kysely<OrdersTables>, key: { id: string } | { orderId: string }) {
  const query =
    'id' in key ? reviewViews(db).where('reviews.id', '=', key.id) : reviewViews(db).where('reviews.order_id', '=', key.orderId);
  const row = (await query.executeTakeFirst()) as ReviewView | undefined;
  return row ? presentReview(row) : undefined;
}

/** What the reviews' average rating is shown as: one decimal, like every rating on the platform. */
export const oneDecimal = (x: number) => Math.round(x * 10) / 10;

/**
 * A page of a gig's or a seller's reviews, newest first, with the count and average of all of
 * them. `hidden`: a private profile's page, which shows only the summary its card shows too.
 */
export async function reviewPage(
  db: Kysely<OrdersTables>,
  by: { column: 'gig_id' | 'seller_id'; id: string },
  page: { page: number; limit?: number | undefined },
  hidden = false,
) {
  const limit = page.limit ?? ORDER_LIMITS.pageSize;
  const summary = await db
    .selectFrom('reviews')
    .where(by.column, '=', by.id)
    .select([sql<string>`count(*)`.as('count'), sql<number | null>`avg(rating)::float8`.as('rating')])
    .executeTakeFirst();
  const total = Number(summary?.count ?? 0);
  const rows = hidden
    ? []
    : ((await reviewViews(db)
        .where(`reviews.${by.column}`, '=', by.id)
        .orderBy('reviews.created_at', 'desc')
        .orderBy('reviews.id', 'desc')
        .limit(limit)
        .offset((page.page - 1) * limit)
        .execute()) as ReviewView[]);
  return {
    success: true as const,
    reviews: rows.map(presentReview),
    pagination: { page: page.page, pages: hidden ? 0 : Math.ceil(total / limit), total: hidden ? 0 : total, limit },
    summary: { rating: oneDecimal(Number(summary?.rating ?? 0)), count: total },
  };
}

/** The reviews of some orders, by order: what an order's page and a list of orders show with each. */
export async function reviewsOf(db: Kysely<OrdersTables>, orderIds: readonly string[]) {
  if (orderIds.length === 0) return new Map<string, Review>();
  const rows = (await reviewViews(db)
    .where('reviews.order_id', 'in', [...orderIds])
    .execute()) as ReviewView[];
  return new Map(rows.map((row) => [row.order_id, presentReview(row)]));
}
