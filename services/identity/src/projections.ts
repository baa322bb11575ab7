import type { Projections } from '@commonwork/kit';
import { subscriptions } from './handlers/index.ts';
import { publishUserEvent } from './publish.ts';
import type { IdentityTables } from './tables.ts';
import { userAggregate } from './users/aggregate.ts';
import type { UserEvent } from './users/user.ts';

/** Identity's read side: what `npm run rebuild` replays and empties; the statistics come from marketplace's, events' and messaging's events, people's ratings from orders'. */
export const projections: Projections<IdentityTables, UserEvent> = {
  schema: 'identity',
  tables: ['users'],
  aggregates: [userAggregate],
  subscriptions,
  publish: publishUserEvent,
};
