import type { Projections } from '@commonwork/kit';
import { subscriptions } from './handlers/index.ts';
import { publishWebhooksEvent, type WebhooksEvent } from './publish.ts';
import { webhookAggregate } from './subscriptions/aggregate.ts';
import type { WebhooksTables } from './tables.ts';

/**
 * The webhooks service's read side: what `npm run rebuild` replays and empties. Public events and
 * deliveries are reactions, not replayed (docs/decisions/webhooks/).
 */
export const projections: Projections<WebhooksTables, WebhooksEvent> = {
  schema: 'webhooks',
  tables: ['webhooks'],
  aggregates: [webhookAggregate],
  subscriptions,
  publish: publishWebhooksEvent,
  kept: {
    public_events: 'reactions: each public event with its audience as of when it happened, which a replay could not tell again',
    webhook_deliveries: 'what the dispatcher did (attempts, answers, next try): work done, not a read model',
  },
};
