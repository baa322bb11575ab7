import type { Review } from '@commonwork/contracts';
import type { Selectable } from 'kysely';
import type { ReviewsTable } from './tables.ts';

/** A review row with its reviewer's card from the people read model (null: not known yet). */
export type ReviewView = Selectable<ReviewsTable> & { reviewer_name: string | null; reviewer_picture: string | null };

/** The review as everyone reads it: it is public, with the seller's answer under it. */
export function presentReview(row: ReviewView): Review {
  return {
    _id: row.id,
    id: row.id,
    orderId: row.order_id,
    gig: { _id: row.gig_id, title: row.gig_title },
    // A reviewer whose card has not reached orders yet is shown as a member, never as an error.
    reviewer: { _id: row.buyer_id, name: row.reviewer_name ?? 'Member', picture: row.reviewer_picture ?? '' },
    sellerId: row.seller_id,
    rating: row.rating,
    text: row.text,
    reply: row.reply === null ? null : { text: row.reply, createdAt: new Date(row.replied_at ?? row.created_at).toISOString() },
    createdAt: new Date(row.created_at).toISOString(),
  };
}
