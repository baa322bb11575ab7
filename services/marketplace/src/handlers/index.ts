import type { ServiceSubscription } from '@commonwork/kit';
import type { MarketplaceTables } from '../tables.ts';
import { onUserCardChanged } from './onUserCardChanged.ts';

/** Every subscription marketplace has, by durable consumer. */
export const subscriptions: readonly ServiceSubscription<MarketplaceTables>[] = [
  { durable: 'marketplace-freelancers', stream: 'IDENTITY', filterSubject: 'identity.user.>', handlers: [onUserCardChanged] },
];
