import { ORDER_MESSAGES } from '@commonwork/contracts';
import { createError, type Decider } from '@commonwork/kit';
import { initialReviewState, type ReviewEvent, type ReviewState } from './review.ts';

export const ReviewedOrderNotFound = createError('ORDER_NOT_FOUND', ORDER_MESSAGES.notFound, 404);
export const ReviewNotFound = createError('REVIEW_NOT_FOUND', ORDER_MESSAGES.reviewNotFound, 404);
export const OnlyBuyerReviews = createError('ONLY_BUYER', ORDER_MESSAGES.onlyBuyer, 403);
export const OnlySellerReplies = createError('ONLY_SELLER', ORDER_MESSAGES.onlySeller, 403);
export const NotCompleted = createError('NOT_COMPLETED', ORDER_MESSAGES.notCompleted, 409);
export const AlreadyReviewed = createError('ALREADY_REVIEWED', ORDER_MESSAGES.alreadyReviewed, 409);
export const AlreadyReplied = createError('ALREADY_REPLIED', ORDER_MESSAGES.alreadyReplied, 409);

/** The order as the orders read table has it when the review is decided; null when there is none. */
export interface ReviewedOrder {
  orderId: string;
  gigId: string;
  gigTitle: string;
  buyerId: string;
  sellerId: string;
  status: string;
}

export type ReviewCommand =
  | { type: 'WriteReview'; reviewId: string; actorId: string; order: ReviewedOrder | null; rating: number; text: string }
  | { type: 'ReplyToReview'; actorId: string; text: string };

export function evolve(state: ReviewState, event: ReviewEvent): ReviewState {
  switch (event.type) {
    case 'ReviewWritten':
      return { review: event.data, replied: false };
    case 'ReviewReplied':
      return { ...state, replied: true };
    default: {
      const never: never = event;
      return never;
    }
  }
}

/**
 * Only the buyer of a completed order reviews it, once; only its seller answers, once. An order is
 * private to its two sides, so anyone else is told it does not exist (404); the seller, who sees
 * the order, is told why not (403). A review is public, so anyone but its seller is refused (403).
 */
export function decide(command: ReviewCommand, state: ReviewState): ReviewEvent[] {
  switch (command.type) {
    case 'WriteReview': {
      const { order } = command;
      if (!order || (order.buyerId !== command.actorId && order.sellerId !== command.actorId)) throw ReviewedOrderNotFound();
      if (order.buyerId !== command.actorId) throw OnlyBuyerReviews();
      if (state.review) throw AlreadyReviewed();
      if (order.status !== 'completed') throw NotCompleted();
      const { orderId, gigId, gigTitle, buyerId, sellerId } = order;
      return [
        {
          type: 'ReviewWritten',
          data: { reviewId: command.reviewId, orderId, gigId, gigTitle, buyerId, sellerId, rating: command.rating, text: command.text },
        },
      ];
    }
    case 'ReplyToReview': {
      const { review } = state;
      if (!review) throw ReviewNotFound();
      if (review.sellerId !== command.actorId) throw OnlySellerReplies();
      if (state.replied) throw AlreadyReplied();
      return [{ type: 'ReviewReplied', data: { ...review, reply: command.text } }];
    }
    default: {
      const never: never = command;
      return never;
    }
  }
}

export const reviewDecider: Decider<ReviewState, ReviewCommand, ReviewEvent> = { initialState: initialReviewState, evolve, decide };
