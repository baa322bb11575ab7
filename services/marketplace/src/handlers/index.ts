import type { ServiceSubscription } from '@commonwork/kit';
import { onOrderCard } from '../orderNumbers/onOrderCard.ts';
import { onReviewRated } from '../orderNumbers/onReviewRated.ts';
import type { MarketplaceTables } from '../tables.ts';
import { onUserCardChanged } from './onUserCardChanged.ts';

/** Every subscription marketplace has, by durable consumer. */
export const subscriptions: readonly ServiceSubscription<MarketplaceTables>[] = [
  { durable: 'marketplace-freelancers', stream: 'IDENTITY', filterSubject: 'identity.user.>', handlers: [onUserCardChanged] },
  { durable: 'marketplace-order-numbers', stream: 'ORDERS', filterSubject: 'orders.>', handlers: [onOrderCard, onReviewRated] },
];
