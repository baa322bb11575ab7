import type { Webhook } from '@commonwork/contracts';
import type { WebhookRow } from '../tables.ts';

/** A webhook as its owner reads it: never its secret. */
export const presentWebhook = (row: WebhookRow): Webhook => ({
  id: row.id,
  url: row.url,
  events: row.events,
  description: row.description,
  enabled: row.enabled,
  disabledReason: row.disabled_reason,
  failingSince: row.failing_since ? row.failing_since.toISOString() : null,
  createdAt: row.created_at.toISOString(),
});
