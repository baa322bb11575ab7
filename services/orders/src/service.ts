import type { ServiceDefinition } from '@commonwork/kit';
import type { OrdersConfig } from './config.ts';
import { subscriptions } from './handlers/index.ts';
import { migrations } from './migrations.ts';
import type { OrderEvent } from './orders/order.ts';
import type { OrdersTables } from './tables.ts';

/**
 * The orders service: a gig ordered, accepted, delivered, revised and completed (or declined or
 * cancelled), each order a stream of its steps; the reviews of completed orders. No payment is
 * processed: the agreed price is recorded (docs/decisions/orders/).
 */
export function ordersService(_config: OrdersConfig): ServiceDefinition<OrdersTables, OrderEvent> {
  return {
    name: 'orders',
    migrations,
    register: () => undefined,
    subscriptions,
  };
}
