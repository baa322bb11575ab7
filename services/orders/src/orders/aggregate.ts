import { defineAggregate } from '@commonwork/kit';
import type { OrdersTables } from '../tables.ts';
import { type OrderCommand, orderDecider } from './decide.ts';
import type { OrderEvent, OrderState } from './order.ts';
import { projectOrderEvents } from './projection.ts';

/** An order's stream `order-<id>`: placed, answered, delivered, revised, completed, or ended early. */
export const orderAggregate = defineAggregate<OrdersTables, OrderState, OrderCommand, OrderEvent>({
  name: 'order',
  decider: orderDecider,
  project: projectOrderEvents,
  // The two sides clicking at once (a cancellation and a delivery): the loser decides again on the winner's step.
  retries: 3,
});
