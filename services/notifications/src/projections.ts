import type { Projections } from '@commonwork/kit';
import { inboxAggregate } from './inbox/aggregate.ts';
import type { NotificationsTables } from './tables.ts';

/** The notifications service's read side: what `npm run rebuild` replays and empties. The read models of other services' events are kept. */
export const projections: Projections<NotificationsTables> = {
  schema: 'notifications',
  tables: ['notifications'],
  aggregates: [inboxAggregate],
};
