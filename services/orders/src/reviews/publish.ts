import { ReviewReplied, ReviewWritten } from '@commonwork/contracts';
import { publishAs, type StoredEvent } from '@commonwork/kit';
import type { ReviewEvent } from './review.ts';

/** What orders publishes of a review: the review with its order's card, and the seller's answer. */
export function publishReviewEvent(stored: StoredEvent<ReviewEvent>) {
  switch (stored.type) {
    case 'ReviewWritten':
      return publishAs(ReviewWritten, stored, stored.data);
    case 'ReviewReplied':
      return publishAs(ReviewReplied, stored, stored.data);
    default: {
      const never: never = stored;
      return never;
    }
  }
}

/** Whether a stored event of orders is a review's. */
export const isReviewEvent = <E extends { type: string }>(stored: E): stored is Extract<E, { type: ReviewEvent['type'] }> =>
  stored.type === 'ReviewWritten' || stored.type === 'ReviewReplied';
