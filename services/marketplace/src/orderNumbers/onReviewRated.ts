import { ReviewWritten } from '@commonwork/contracts';
import { defineReadModel } from '@commonwork/kit';
import type { Kysely } from 'kysely';
import type { MarketplaceTables } from '../tables.ts';
import { recountGigFigures } from './figures.ts';

/** Keeps each review's rating (a review is written once and never changes its rating) and recounts its gig's rating and reviews. */
export const onReviewRated = defineReadModel(
  ['gig_reviews'],
  [ReviewWritten],
  async (trx: Kysely<MarketplaceTables>, { data, envelope }) => {
    await trx
      .insertInto('gig_reviews')
      .values({
        review_id: data.reviewId,
        gig_id: data.gigId,
        seller_id: data.sellerId,
        rating: data.rating,
        updated_at: new Date(envelope.occurredAt),
      })
      .onConflict((oc) => oc.column('review_id').doNothing())
      .execute();
    await recountGigFigures(trx, [data.gigId]);
  },
);
