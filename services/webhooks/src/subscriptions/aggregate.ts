import { defineAggregate } from '@commonwork/kit';
import type { WebhooksTables } from '../tables.ts';
import { type WebhookCommand, webhookDecider } from './decide.ts';
import { projectWebhookEvents } from './projection.ts';
import type { WebhookEvent, WebhookState } from './webhook.ts';

/** A webhook's stream `webhook-<id>`: created, updated, enabled or disabled, deleted. */
export const webhookAggregate = defineAggregate<WebhooksTables, WebhookState, WebhookCommand, WebhookEvent>({
  name: 'webhook',
  decider: webhookDecider,
  project: projectWebhookEvents,
  // The owner's PATCH and the dispatcher's disabling at once: the loser decides again.
  retries: 3,
});
