import { keepProfileVisibility, keepUploads, type ServiceSubscription } from '@commonwork/kit';
import type { OrdersTables } from '../tables.ts';
import { onGigChanged } from './onGigChanged.ts';
import { onPersonChanged } from './onPersonChanged.ts';

/** Every subscription the orders service has, by durable consumer. */
export const subscriptions: readonly ServiceSubscription<OrdersTables>[] = [
  { durable: 'orders-people', stream: 'IDENTITY', filterSubject: 'identity.user.>', handlers: [onPersonChanged] },
  { durable: 'orders-gigs', stream: 'MARKETPLACE', filterSubject: 'marketplace.gig.>', handlers: [onGigChanged] },
  { durable: 'orders-uploads', stream: 'MEDIA', filterSubject: 'media.upload.>', handlers: [keepUploads<OrdersTables>()] },
  {
    durable: 'orders-review-privacy',
    stream: 'IDENTITY',
    filterSubject: 'identity.user.preferences_updated',
    handlers: [keepProfileVisibility<OrdersTables>()],
  },
];
