import { WebhookDisabled } from '@commonwork/contracts';
import { publishAs, type StoredEvent } from '@commonwork/kit';
import type { WebhookEvent } from './subscriptions/webhook.ts';

/** Everything webhooks stores: its subscriptions' streams. */
export type WebhooksEvent = WebhookEvent;

/**
 * What webhooks publishes of its store: only the platform disabling a webhook (notifications tells
 * the owner). A webhook's URL, events and secret stay in the service.
 */
export function publishWebhooksEvent(stored: StoredEvent<WebhooksEvent>) {
  if (stored.type !== 'WebhookDisabled' || stored.data.by !== 'platform') return null;
  const { webhookId, ownerId, url, failingSince, at } = stored.data;
  return publishAs(WebhookDisabled, stored, { webhookId, ownerId, url, failingSince: failingSince ?? at });
}
