import type { StoredEvent } from '@commonwork/kit';
import type { Kysely } from 'kysely';
import type { OrdersTables } from '../tables.ts';
import type { ReviewEvent } from './review.ts';

/** Applies review events to the reviews table; the live path, the rebuild and the seed use it. */
export async function projectReviewEvents(trx: Kysely<OrdersTables>, events: StoredEvent<ReviewEvent>[]) {
  const written = events.flatMap((event) => {
    if (event.type !== 'ReviewWritten') return [];
    const { reviewId, orderId, gigId, gigTitle, buyerId, sellerId, rating, text } = event.data;
    return [
      {
        id: reviewId,
        order_id: orderId,
        gig_id: gigId,
        gig_title: gigTitle,
        buyer_id: buyerId,
        seller_id: sellerId,
        rating,
        text,
        created_at: event.occurredAt,
      },
    ];
  });
  // 500 rows stay well under PostgreSQL's parameter limit (the seed writes many at once).
  for (let i = 0; i < written.length; i += 500)
    await trx
      .insertInto('reviews')
      .values(written.slice(i, i + 500))
      .execute();
  for (const event of events) {
    switch (event.type) {
      case 'ReviewWritten':
        break;
      case 'ReviewReplied':
        await trx
          .updateTable('reviews')
          .set({ reply: event.data.reply, replied_at: event.occurredAt })
          .where('id', '=', event.data.reviewId)
          .execute();
        break;
      default: {
        const never: never = event;
        throw new Error(`Unhandled event ${JSON.stringify(never)}`);
      }
    }
  }
}
