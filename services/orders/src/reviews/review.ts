/**
 * What a review event carries: the review and the order it is of, as it was when the order was
 * reviewed (event-carried, so publishing and every reader need nothing else).
 */
export interface ReviewCard {
  reviewId: string;
  orderId: string;
  gigId: string;
  gigTitle: string;
  buyerId: string;
  sellerId: string;
  rating: number;
  text: string;
}

/** The review aggregate's stored events, stream `review-<orderId>`: one review per order, and one answer. */
export type ReviewEvent = { type: 'ReviewWritten'; data: ReviewCard } | { type: 'ReviewReplied'; data: ReviewCard & { reply: string } };

export interface ReviewState {
  review: ReviewCard | null;
  replied: boolean;
}

export const initialReviewState = (): ReviewState => ({ review: null, replied: false });
