import { keepGigs, type ServiceSubscription } from '@commonwork/kit';
import type { NotificationsTables } from '../tables.ts';
import { onChannelCreated } from './onChannelCreated.ts';
import { onChannelJoined } from './onChannelJoined.ts';
import { onChannelMention } from './onChannelMention.ts';
import { onChatActivity } from './onChatActivity.ts';
import { onOrderReviewed } from './onOrderReviewed.ts';
import { onOrderStep } from './onOrderStep.ts';
import { onPersonChanged } from './onPersonChanged.ts';
import { onSeatChanged } from './onSeatChanged.ts';
import { onTechEventChanged } from './onTechEventChanged.ts';
import { onTechEventScheduled } from './onTechEventScheduled.ts';
import { onWebhookDisabled } from './onWebhookDisabled.ts';

/** Every subscription the notifications service has, by durable consumer: notifications are made from other services' events. */
export const subscriptions: readonly ServiceSubscription<NotificationsTables>[] = [
  { durable: 'notifications-people', stream: 'IDENTITY', filterSubject: 'identity.user.>', handlers: [onPersonChanged] },
  { durable: 'notifications-gigs', stream: 'MARKETPLACE', filterSubject: 'marketplace.gig.>', handlers: [keepGigs<NotificationsTables>()] },
  {
    durable: 'notifications-messaging',
    stream: 'MESSAGING',
    filterSubject: 'messaging.>',
    handlers: [onChatActivity, onChannelCreated, onChannelJoined, onChannelMention],
  },
  {
    durable: 'notifications-events',
    stream: 'EVENTS',
    filterSubject: 'events.event.>',
    // News before seats: a cancelled event's attendees are told before they are let go.
    handlers: [onTechEventChanged, onSeatChanged, onTechEventScheduled],
  },
  { durable: 'notifications-orders', stream: 'ORDERS', filterSubject: 'orders.>', handlers: [onOrderStep, onOrderReviewed] },
  { durable: 'notifications-webhooks', stream: 'WEBHOOKS', filterSubject: 'webhooks.>', handlers: [onWebhookDisabled] },
];
