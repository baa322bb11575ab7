import type { ProfileVisibilityTable } from '@commonwork/kit';

/** The reviews of completed orders (review streams), newest first per gig and per seller. */
export interface ReviewsTable {
  id: string;
  order_id: string;
  gig_id: string;
  gig_title: string;
  buyer_id: string;
  seller_id: string;
  rating: number;
  text: string;
  reply: string | null;
  replied_at: Date | null;
  created_at: Date;
}

/** The tables of the reviews, part of the orders service's. */
export interface ReviewTables {
  reviews: ReviewsTable;
  profile_visibility: ProfileVisibilityTable;
}
