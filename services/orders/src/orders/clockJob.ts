import { randomUUID } from 'node:crypto';
import { ORDER_LIMITS } from '@commonwork/contracts';
import type { ServiceContext, ServiceJob } from '@commonwork/kit';
import { subDays } from 'date-fns';
import type { OrdersTables } from '../tables.ts';
import { orderAggregate } from './aggregate.ts';
import type { OrderCommand } from './decide.ts';

/** Orders taken per run and kind; the rest wait for the next run. */
const BATCH = 200;

/**
 * The steps the clock takes: a delivery unanswered for `autoCompleteDays` completes (by 'system'),
 * and an accepted order past its due date without a delivery is marked late. What is due is read
 * from `orders`, not from timers, so a restart loses nothing; each step is decided on the order's
 * stream, where it is already taken after a first run (or another replica's), so nothing is repeated.
 * `now` is the clock (tests move it).
 */
export function orderClockJob(now: () => Date): ServiceJob<ServiceContext<OrdersTables>> {
  return {
    name: 'order-clock',
    everyMs: 60_000,
    run: async (ctx) => {
      const orders = ctx.aggregate(orderAggregate);
      const at = now();
      const [unanswered, overdue] = await Promise.all([
        ctx.db
          .selectFrom('orders')
          .select('id')
          .where('status', '=', 'delivered')
          .where('delivered_at', '<=', subDays(at, ORDER_LIMITS.autoCompleteDays))
          .orderBy('delivered_at')
          .limit(BATCH)
          .execute(),
        ctx.db
          .selectFrom('orders')
          .select('id')
          .where('status', '=', 'in_progress')
          .where('late', '=', false)
          .where('due_at', '<=', at)
          .orderBy('due_at')
          .limit(BATCH)
          .execute(),
      ]);
      const take = (id: string, command: OrderCommand) =>
        orders.handle(id, command, { actorId: null, correlationId: randomUUID(), causationId: null });
      for (const { id } of unanswered) await take(id, { type: 'Complete', caller: 'system', at });
      for (const { id } of overdue) await take(id, { type: 'MarkLate', at });
    },
  };
}
