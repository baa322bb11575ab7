import type { ServiceDefinition } from '@commonwork/kit';
import { NotificationsConfig } from './config.ts';
import { digestJob } from './digest/job.ts';
import { subscriptions } from './handlers/index.ts';
import type { InboxEvent } from './inbox/inbox.ts';
import { registerInboxRoutes } from './inbox/routes.ts';
import { migrations } from './migrations.ts';
import { exportNotificationsPerson } from './personalData/export.ts';
import { notificationsForgetting } from './personalData/forget.ts';
import { publishInboxEvent } from './publish.ts';
import { remindersJob } from './reminders/job.ts';
import type { NotificationsTables } from './tables.ts';

/**
 * The notifications service: each person's notifications, made from other services' events (and
 * the gig-interest call), listed, read and deleted with exact unread counts; published for the
 * live badge; reminders before events; digests by mail when SMTP_URL is set.
 */
export function notificationsService(
  config: NotificationsConfig = NotificationsConfig.parse({}),
): ServiceDefinition<NotificationsTables, InboxEvent> {
  return {
    name: 'notifications',
    migrations,
    publish: publishInboxEvent,
    register: registerInboxRoutes,
    subscriptions,
    exportPerson: exportNotificationsPerson,
    forget: notificationsForgetting,
    jobs: [remindersJob(config), ...(config.SMTP_URL ? [digestJob({ ...config, SMTP_URL: config.SMTP_URL })] : [])],
  };
}
