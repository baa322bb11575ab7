import type { OrderStatus } from '@commonwork/contracts';
import type { ColumnType } from 'kysely';

/** The newest card of each order (orders' events): what the gigs' orders and the sellers' revenue are counted from. */
export interface OrderCardsTable {
  order_id: string;
  gig_id: string;
  seller_id: string;
  buyer_id: string;
  // numeric: pg returns a string, PGlite a number.
  price: ColumnType<string | number, number, number>;
  status: OrderStatus;
  updated_at: Date;
}

/** Each review's rating (orders' events): what the gigs' and the sellers' ratings are averaged from. */
export interface GigReviewsTable {
  review_id: string;
  gig_id: string;
  seller_id: string;
  rating: number;
  updated_at: Date;
}

/** Marketplace's copies of orders' figures. */
export interface OrderNumbersTables {
  order_cards: OrderCardsTable;
  gig_reviews: GigReviewsTable;
}
