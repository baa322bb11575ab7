import type { Projections } from '@commonwork/kit';
import { subscriptions } from './handlers/index.ts';
import { inboxAggregate } from './inbox/aggregate.ts';
import type { InboxEvent } from './inbox/inbox.ts';
import { publishInboxEvent } from './publish.ts';
import type { NotificationsTables } from './tables.ts';

/**
 * The notifications service's read side: what `npm run rebuild` replays and empties. People, gigs,
 * channels, seats and event times come from other services' events (their read-model handlers).
 */
export const projections: Projections<NotificationsTables, InboxEvent> = {
  schema: 'notifications',
  tables: ['notifications'],
  aggregates: [inboxAggregate],
  subscriptions,
  publish: publishInboxEvent,
  kept: {
    reminders_sent: 'what the reminders job has sent: replaying would send nothing, and forgetting would send again',
    digests: 'digest mails claimed and sent by the digest job',
    digested: 'which digest took each notification',
  },
};
