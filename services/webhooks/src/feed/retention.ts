import { WEBHOOK_LIMITS } from '@commonwork/contracts';
import type { ServiceContext, ServiceJob } from '@commonwork/kit';
import { subDays } from 'date-fns';
import type { WebhooksTables } from '../tables.ts';

/** Rows removed a pass at most, so one pass never holds a long transaction. */
const BATCH = 5_000;

/**
 * Forgets what is older than WEBHOOK_LIMITS.feedKeptDays: the feed's public events, and the
 * deliveries that ended (succeeded or failed); a delivery still being retried is kept.
 */
export function retentionJob(now: () => Date, everyMs = 3_600_000): ServiceJob<ServiceContext<WebhooksTables>> {
  return {
    name: 'webhooks-retention',
    everyMs,
    run: async ({ db }) => {
      const before = subDays(now(), WEBHOOK_LIMITS.feedKeptDays);
      let removed = 0;
      for (;;) {
        const events = await db
          .deleteFrom('public_events')
          .where('seq', 'in', (eb) => eb.selectFrom('public_events').select('seq').where('occurred_at', '<', before).limit(BATCH))
          .executeTakeFirst();
        const deliveries = await db
          .deleteFrom('webhook_deliveries')
          .where('id', 'in', (eb) =>
            eb
              .selectFrom('webhook_deliveries')
              .select('id')
              .where('created_at', '<', before)
              .where('status', 'in', ['succeeded', 'failed'])
              .limit(BATCH),
          )
          .executeTakeFirst();
        const count = Number(events.numDeletedRows) + Number(deliveries.numDeletedRows);
        removed += count;
        if (count === 0) return removed;
      }
    },
  };
}
