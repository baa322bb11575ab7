import type { Projections } from '@commonwork/kit';
import { subscriptions } from './handlers/index.ts';
import { orderAggregate } from './orders/aggregate.ts';
import { type OrdersEvent, publishOrdersEvent } from './publish.ts';
import { reviewAggregate } from './reviews/aggregate.ts';
import type { OrdersTables } from './tables.ts';

/** The orders service's read side: what `npm run rebuild` replays and empties; people, gigs and uploads come from others' events. */
export const projections: Projections<OrdersTables, OrdersEvent> = {
  schema: 'orders',
  tables: ['orders', 'order_steps', 'reviews'],
  aggregates: [orderAggregate, reviewAggregate],
  subscriptions,
  publish: publishOrdersEvent,
};
