import type { ServiceContext, ServiceJob } from '@commonwork/kit';
import type { NotificationsConfig } from '../config.ts';
import type { NotificationsTables } from '../tables.ts';

// Placeholder until the digest lands (being written now): mails nothing.
export function digestJob(_config: NotificationsConfig & { SMTP_URL: string }): ServiceJob<ServiceContext<NotificationsTables>> {
  return { name: 'digest', everyMs: 60_000, run: async () => undefined };
}
