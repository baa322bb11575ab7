import { keepGigs, keepUploads, type ServiceSubscription } from '@commonwork/kit';
import { onOrderStep } from '../orderThreads/onOrderStep.ts';
import type { MessagingTables } from '../tables.ts';
import { onPersonChanged } from './onPersonChanged.ts';
import { onTechEventChanged } from './onTechEventChanged.ts';

/** Every subscription messaging has, by durable consumer. */
export const subscriptions: readonly ServiceSubscription<MessagingTables>[] = [
  { durable: 'messaging-people', stream: 'IDENTITY', filterSubject: 'identity.user.>', handlers: [onPersonChanged] },
  { durable: 'messaging-gigs', stream: 'MARKETPLACE', filterSubject: 'marketplace.gig.>', handlers: [keepGigs<MessagingTables>()] },
  { durable: 'messaging-events', stream: 'EVENTS', filterSubject: 'events.event.>', handlers: [onTechEventChanged] },
  { durable: 'messaging-uploads', stream: 'MEDIA', filterSubject: 'media.upload.>', handlers: [keepUploads<MessagingTables>()] },
  { durable: 'messaging-orders', stream: 'ORDERS', filterSubject: 'orders.order.>', handlers: [onOrderStep] },
];
