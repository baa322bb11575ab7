import type { WebhookDelivery } from '@commonwork/contracts';
import type { Selectable } from 'kysely';
import type { DeliveryTables } from './tables.ts';

type Row = Selectable<DeliveryTables['webhook_deliveries']>;

const iso = (at: Date | null) => (at ? at.toISOString() : null);

/** A delivery as its webhook's owner reads it in the log. */
export const presentDelivery = (row: Row): WebhookDelivery => ({
  id: row.id,
  eventId: row.event_id,
  type: row.type,
  status: row.status,
  attempts: row.attempts,
  responseStatus: row.response_status,
  durationMs: row.duration_ms,
  response: row.response,
  createdAt: row.created_at.toISOString(),
  lastAttemptAt: iso(row.last_attempt_at),
  nextAttemptAt: iso(row.next_attempt_at),
});
