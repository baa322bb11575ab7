import type { ServiceSubscription } from '@commonwork/kit';
import { keepChannelMembers, keepEventRegistrations } from '../publicEvents/audience.ts';
import { recordPublicEvent } from '../publicEvents/record.ts';
import type { WebhooksTables } from '../tables.ts';

/**
 * Every subscription the webhooks service has, by durable consumer: one per publisher, so the
 * audience read models and the public events of one publisher change in its order (a member leaves
 * a channel before the next message is posted there, and does not receive it).
 */
export const subscriptions: readonly ServiceSubscription<WebhooksTables>[] = [
  { durable: 'webhooks-marketplace', stream: 'MARKETPLACE', filterSubject: 'marketplace.gig.>', handlers: [recordPublicEvent] },
  { durable: 'webhooks-events', stream: 'EVENTS', filterSubject: 'events.event.>', handlers: [keepEventRegistrations, recordPublicEvent] },
  { durable: 'webhooks-messaging', stream: 'MESSAGING', filterSubject: 'messaging.>', handlers: [keepChannelMembers, recordPublicEvent] },
  {
    durable: 'webhooks-notifications',
    stream: 'NOTIFICATIONS',
    filterSubject: 'notifications.inbox.notified',
    handlers: [recordPublicEvent],
  },
  { durable: 'webhooks-orders', stream: 'ORDERS', filterSubject: 'orders.>', handlers: [recordPublicEvent] },
];
