import type { Projections } from '@commonwork/kit';
import { subscriptions } from './handlers/index.ts';
import type { OrdersTables } from './tables.ts';

/** The orders service's read side: what `npm run rebuild` replays and empties. */
export const projections: Projections<OrdersTables> = {
  schema: 'orders',
  tables: [],
  aggregates: [],
  subscriptions,
};
