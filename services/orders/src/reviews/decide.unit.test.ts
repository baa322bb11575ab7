import { deciderSpec } from '@commonwork/kit/testing';
import { describe, it } from 'vitest';
import {
  AlreadyReplied,
  AlreadyReviewed,
  NotCompleted,
  OnlyBuyerReviews,
  OnlySellerReplies,
  type ReviewedOrder,
  ReviewedOrderNotFound,
  ReviewNotFound,
  reviewDecider,
} from './decide.ts';
import type { ReviewCard, ReviewEvent } from './review.ts';

const buyerId = '11111111-2222-4333-8444-555555555555';
const sellerId = '99999999-8888-4777-8666-555555555555';
const strangerId = '55555555-4444-4333-8222-111111111111';
const reviewId = 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee';
const order: ReviewedOrder = {
  orderId: '0f1e2d3c-4b5a-4968-8776-5a4b3c2d1e0f',
  gigId: '1f1e2d3c-4b5a-4968-8776-5a4b3c2d1e0f',
  gigTitle: 'A landing page',
  buyerId,
  sellerId,
  status: 'completed',
};
const card: ReviewCard = {
  reviewId,
  orderId: order.orderId,
  gigId: order.gigId,
  gigTitle: order.gigTitle,
  buyerId,
  sellerId,
  rating: 5,
  text: 'Great',
};
const written: ReviewEvent = { type: 'ReviewWritten', data: card };
const replied: ReviewEvent = { type: 'ReviewReplied', data: { ...card, reply: 'Thank you!' } };
const write = (overrides: Partial<Extract<Parameters<typeof reviewDecider.decide>[0], { type: 'WriteReview' }>> = {}) => ({
  type: 'WriteReview' as const,
  reviewId,
  actorId: buyerId,
  order,
  rating: 5,
  text: 'Great',
  ...overrides,
});
const spec = deciderSpec(reviewDecider);

describe('review decider', () => {
  it("writes the buyer's review of a completed order, with the order's card", () => {
    spec.given().when(write()).then(written);
  });

  it('refuses a second review of the same order', () => {
    spec
      .given(written)
      .when(write({ rating: 1 }))
      .thenThrows(AlreadyReviewed);
  });

  it('refuses a review of an order not completed', () => {
    for (const status of ['pending', 'in_progress', 'delivered', 'declined', 'cancelled'])
      spec
        .given()
        .when(write({ order: { ...order, status } }))
        .thenThrows(NotCompleted);
  });

  it('tells the seller only the buyer reviews, and anyone else that the order does not exist', () => {
    spec
      .given()
      .when(write({ actorId: sellerId }))
      .thenThrows(OnlyBuyerReviews);
    spec
      .given()
      .when(write({ actorId: strangerId }))
      .thenThrows(ReviewedOrderNotFound);
    spec
      .given()
      .when(write({ order: null }))
      .thenThrows(ReviewedOrderNotFound);
  });

  it("records the seller's one public answer", () => {
    spec.given(written).when({ type: 'ReplyToReview', actorId: sellerId, text: 'Thank you!' }).then(replied);
  });

  it('refuses a second answer, an answer by anyone but the seller, and an answer to no review', () => {
    spec.given(written, replied).when({ type: 'ReplyToReview', actorId: sellerId, text: 'Again' }).thenThrows(AlreadyReplied);
    spec.given(written).when({ type: 'ReplyToReview', actorId: buyerId, text: 'Me too' }).thenThrows(OnlySellerReplies);
    spec.given(written).when({ type: 'ReplyToReview', actorId: strangerId, text: 'Hi' }).thenThrows(OnlySellerReplies);
    spec.given().when({ type: 'ReplyToReview', actorId: sellerId, text: 'Hi' }).thenThrows(ReviewNotFound);
  });
});
