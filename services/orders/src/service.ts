import type { ServiceDefinition } from '@commonwork/kit';
import type { OrdersConfig } from './config.ts';
import { subscriptions } from './handlers/index.ts';
import { migrations } from './migrations.ts';
import { orderClockJob } from './orders/clockJob.ts';
import { registerOrderRoutes } from './orders/routes.ts';
import { agreedPriceOnly, type PaymentPort } from './payments/paymentPort.ts';
import { exportOrdersPerson } from './personalData/export.ts';
import { ordersForgetting } from './personalData/forget.ts';
import { type OrdersEvent, publishOrdersEvent } from './publish.ts';
import { registerReviewRoutes } from './reviews/routes.ts';
import type { OrdersTables } from './tables.ts';

export interface OrdersOptions {
  /** The time the clock's steps are taken at (tests move it forward); default the real one. */
  now?: () => Date;
  /** Where a payment provider would plug in; default none, the agreed price recorded only. */
  payments?: PaymentPort;
}

/**
 * The orders service: a gig ordered, accepted, delivered, revised and completed (or declined or
 * cancelled), each order a stream of its steps; the reviews of completed orders. No payment is
 * processed: the agreed price is recorded (docs/decisions/orders/).
 */
export function ordersService(config: OrdersConfig, options: OrdersOptions = {}): ServiceDefinition<OrdersTables, OrdersEvent> {
  const now = options.now ?? (() => new Date());
  return {
    name: 'orders',
    migrations,
    publish: publishOrdersEvent,
    register: (ctx) => {
      registerOrderRoutes(ctx, { adminEmails: config.ADMIN_EMAILS, payments: options.payments ?? agreedPriceOnly, now });
      registerReviewRoutes(ctx);
    },
    subscriptions,
    exportPerson: exportOrdersPerson,
    forget: ordersForgetting,
    jobs: [orderClockJob(now)],
  };
}
