import type { ServiceDefinition } from '@commonwork/kit';
import { subscriptions } from './handlers/index.ts';
import type { InboxEvent } from './inbox/inbox.ts';
import { registerInboxRoutes } from './inbox/routes.ts';
import { migrations } from './migrations.ts';
import type { NotificationsTables } from './tables.ts';

/**
 * The notifications service: each person's notifications, made from other services' events (and
 * the gig-interest call), listed, read and deleted with exact unread counts. It publishes nothing
 * yet: the live badge (realtime) is the next step.
 */
export function notificationsService(): ServiceDefinition<NotificationsTables, InboxEvent> {
  return {
    name: 'notifications',
    migrations,
    publish: () => null,
    register: registerInboxRoutes,
    subscriptions,
  };
}
