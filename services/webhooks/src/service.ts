import type { ServiceDefinition } from '@commonwork/kit';
import type { WebhooksConfig } from './config.ts';
import { deliveriesJob } from './deliveries/dispatcher.ts';
import { registerDeliveryRoutes } from './deliveries/routes.ts';
import { retentionJob } from './feed/retention.ts';
import { registerFeedRoute } from './feed/routes.ts';
import { subscriptions } from './handlers/index.ts';
import { migrations } from './migrations.ts';
import { exportWebhooksPerson } from './personalData/export.ts';
import { webhooksForgetting } from './personalData/forget.ts';
import { publishWebhooksEvent, type WebhooksEvent } from './publish.ts';
import { registerSubscriptionRoutes } from './subscriptions/routes.ts';
import type { WebhooksTables } from './tables.ts';

export interface WebhooksOptions {
  /** The time deliveries are due and retried at (tests move it forward); default the real one. */
  now?: () => Date;
}

/**
 * The webhooks service: people's subscriptions of URLs to public events (each a stream), the public
 * events with who may read each, their signed deliveries with retries, and the feed (docs/decisions/webhooks/).
 */
export function webhooksService(config: WebhooksConfig, options: WebhooksOptions = {}): ServiceDefinition<WebhooksTables, WebhooksEvent> {
  const now = options.now ?? (() => new Date());
  // One rule for where a webhook may call: the create-time check of its URL and the sender's of every address.
  const urlRule = {
    httpsOnly: config.NODE_ENV === 'production',
    allowPrivate: config.WEBHOOK_ALLOW_PRIVATE,
    allowLoopback: config.WEBHOOK_ALLOW_LOOPBACK && config.NODE_ENV !== 'production',
  };
  return {
    name: 'webhooks',
    migrations,
    publish: publishWebhooksEvent,
    register: (ctx) => {
      registerSubscriptionRoutes(ctx, { urlRule, now });
      registerFeedRoute(ctx);
      registerDeliveryRoutes(ctx, { now });
    },
    subscriptions,
    exportPerson: exportWebhooksPerson,
    forget: webhooksForgetting,
    jobs: [retentionJob(now), deliveriesJob({ now, policy: urlRule })],
  };
}
