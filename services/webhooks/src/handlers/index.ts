import type { ServiceSubscription } from '@commonwork/kit';
import { keepChannelMembers, keepEventRegistrations } from '../publicEvents/audience.ts';
import { recordPublicEvents } from '../publicEvents/record.ts';
import type { WebhooksTables } from '../tables.ts';

/**
 * Every subscription the webhooks service has, by durable consumer: one per publisher, so the
 * audience read models and the public events of one publisher change in its order (a member leaves
 * a channel before the next message is posted there, and does not receive it).
 */
export const subscriptions: readonly ServiceSubscription<WebhooksTables>[] = [
  { durable: 'webhooks-marketplace', stream: 'MARKETPLACE', filterSubject: 'marketplace.gig.>', handlers: [recordPublicEvents] },
  { durable: 'webhooks-events', stream: 'EVENTS', filterSubject: 'events.event.>', handlers: [keepEventRegistrations, recordPublicEvents] },
  { durable: 'webhooks-messaging', stream: 'MESSAGING', filterSubject: 'messaging.>', handlers: [keepChannelMembers, recordPublicEvents] },
  {
    durable: 'webhooks-notifications',
    stream: 'NOTIFICATIONS',
    filterSubject: 'notifications.inbox.notified',
    handlers: [recordPublicEvents],
  },
  { durable: 'webhooks-orders', stream: 'ORDERS', filterSubject: 'orders.>', handlers: [recordPublicEvents] },
];
