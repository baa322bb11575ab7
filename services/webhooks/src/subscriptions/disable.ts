import { randomUUID } from 'node:crypto';
import type { ServiceContext } from '@commonwork/kit';
import type { WebhooksTables } from '../tables.ts';
import { webhookAggregate } from './aggregate.ts';

/**
 * The platform disables a webhook whose deliveries have failed since `failingSince` (the
 * dispatcher's call): `WebhookDisabled` on its stream, published as `webhooks.webhook.disabled` so
 * notifications tell its owner. Nothing when it is already disabled or gone. Returns whether it was disabled now.
 */
export async function disableWebhook(
  ctx: Pick<ServiceContext<WebhooksTables>, 'aggregate'>,
  webhookId: string,
  options: { reason: string; failingSince: Date; at?: Date },
): Promise<boolean> {
  const { events } = await ctx
    .aggregate(webhookAggregate)
    .handle(
      webhookId,
      { type: 'Disable', reason: options.reason, failingSince: options.failingSince, at: options.at ?? new Date() },
      { actorId: null, correlationId: randomUUID(), causationId: null },
    );
  return events.length > 0;
}
