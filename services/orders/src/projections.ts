import type { Projections } from '@commonwork/kit';
import { subscriptions } from './handlers/index.ts';
import { orderAggregate } from './orders/aggregate.ts';
import type { OrderEvent } from './orders/order.ts';
import { publishOrderEvent } from './publish.ts';
import type { OrdersTables } from './tables.ts';

/** The orders service's read side: what `npm run rebuild` replays and empties; people, gigs and uploads come from others' events. */
export const projections: Projections<OrdersTables, OrderEvent> = {
  schema: 'orders',
  tables: ['orders', 'order_steps'],
  aggregates: [orderAggregate],
  subscriptions,
  publish: publishOrderEvent,
};
