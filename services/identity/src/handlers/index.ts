import type { ServiceSubscription } from '@commonwork/kit';
import type { IdentityTables } from '../tables.ts';
import { onGigCounted } from './onGigCounted.ts';
import { onMessageCounted } from './onMessageCounted.ts';
import { onSeatCounted } from './onSeatCounted.ts';

/** Every subscription identity has: the statistics read model, counted from other services' events. */
export const subscriptions: readonly ServiceSubscription<IdentityTables>[] = [
  { durable: 'identity-stats-gigs', stream: 'MARKETPLACE', filterSubject: 'marketplace.gig.>', handlers: [onGigCounted] },
  { durable: 'identity-stats-events', stream: 'EVENTS', filterSubject: 'events.event.>', handlers: [onSeatCounted] },
  {
    durable: 'identity-stats-messages',
    stream: 'MESSAGING',
    filterSubject: 'messaging.*.message_posted',
    handlers: [onMessageCounted],
  },
];
