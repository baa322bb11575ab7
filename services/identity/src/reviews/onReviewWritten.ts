import { ReviewWritten } from '@commonwork/contracts';
import { defineReadModel } from '@commonwork/kit';
import { sql } from 'kysely';
import type { StatsDb } from '../tables.ts';

/**
 * Keeps each review's rating of its seller, and recounts the seller's `rating` (one decimal) and
 * `review_count` from the kept rows: a review delivered twice or replayed counts once.
 */
export const onReviewWritten = defineReadModel(['review_ratings'], [ReviewWritten], async (trx: StatsDb, { data, envelope }) => {
  await trx
    .insertInto('review_ratings')
    .values({ review_id: data.reviewId, seller_id: data.sellerId, rating: data.rating, updated_at: new Date(envelope.occurredAt) })
    .onConflict((oc) => oc.column('review_id').doNothing())
    .execute();
  await recountRatings(trx, [data.sellerId]);
});

/** People's rating and review count, as their kept reviews give them. */
export async function recountRatings(trx: StatsDb, sellerIds: readonly string[]) {
  if (sellerIds.length === 0) return;
  await trx
    .updateTable('users')
    .set((eb) => ({
      review_count: eb
        .selectFrom('review_ratings')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('review_ratings.seller_id', '=', 'users.id'),
      rating: eb
        .selectFrom('review_ratings')
        .select(sql<number>`coalesce(round(avg(rating), 1), 0)::real`.as('r'))
        .whereRef('review_ratings.seller_id', '=', 'users.id'),
    }))
    .where('id', 'in', [...new Set(sellerIds)])
    .execute();
}
