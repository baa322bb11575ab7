import type { ServiceSubscription } from '@commonwork/kit';
import { onReviewWritten } from '../reviews/onReviewWritten.ts';
import type { IdentityTables } from '../tables.ts';
import { onGigCounted } from './onGigCounted.ts';
import { onMessageCounted } from './onMessageCounted.ts';
import { onSeatCounted } from './onSeatCounted.ts';

/** Every subscription identity has: the statistics read model and people's ratings, counted from other services' events. */
export const subscriptions: readonly ServiceSubscription<IdentityTables>[] = [
  { durable: 'identity-stats-gigs', stream: 'MARKETPLACE', filterSubject: 'marketplace.gig.>', handlers: [onGigCounted] },
  { durable: 'identity-stats-events', stream: 'EVENTS', filterSubject: 'events.event.>', handlers: [onSeatCounted] },
  {
    durable: 'identity-stats-messages',
    stream: 'MESSAGING',
    filterSubject: 'messaging.*.message_posted',
    handlers: [onMessageCounted],
  },
  { durable: 'identity-review-ratings', stream: 'ORDERS', filterSubject: 'orders.review.>', handlers: [onReviewWritten] },
];
