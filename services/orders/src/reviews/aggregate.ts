import { defineAggregate } from '@commonwork/kit';
import type { OrdersTables } from '../tables.ts';
import { type ReviewCommand, reviewDecider } from './decide.ts';
import { projectReviewEvents } from './projection.ts';
import type { ReviewEvent, ReviewState } from './review.ts';

/**
 * An order's review, stream `review-<orderId>`: written by the buyer, answered by the seller. Keyed
 * by the order, so a second review of it (two clicks, two tabs) meets the first one's stream.
 */
export const reviewAggregate = defineAggregate<OrdersTables, ReviewState, ReviewCommand, ReviewEvent>({
  name: 'review',
  decider: reviewDecider,
  project: projectReviewEvents,
});
