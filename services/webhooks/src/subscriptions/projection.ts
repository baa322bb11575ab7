import type { StoredEvent } from '@commonwork/kit';
import type { WebhooksDb } from '../tables.ts';
import type { WebhookEvent } from './webhook.ts';

/**
 * Applies webhook events to `webhooks` (each as of its last event; a deleted one removed, and its
 * deliveries with it). `failing_since` is the dispatcher's (it changes on deliveries, not on events):
 * only enabling clears it, and the platform's disabling records it.
 */
export async function projectWebhookEvents(trx: WebhooksDb, events: StoredEvent<WebhookEvent>[]) {
  for (const event of events) {
    const id = event.data.webhookId;
    switch (event.type) {
      case 'WebhookCreated': {
        const { ownerId, url, events: types, description, secret, at } = event.data;
        await trx
          .insertInto('webhooks')
          .values({
            id,
            owner_id: ownerId,
            url,
            events: types,
            description,
            secret,
            enabled: true,
            disabled_reason: null,
            failing_since: null,
            created_at: new Date(at),
          })
          .execute();
        break;
      }
      case 'WebhookUpdated': {
        const { url, events: types, description } = event.data;
        await trx
          .updateTable('webhooks')
          .set({
            ...(url !== undefined && { url }),
            ...(types !== undefined && { events: types }),
            ...(description !== undefined && { description }),
          })
          .where('id', '=', id)
          .execute();
        break;
      }
      case 'WebhookEnabled':
        await trx.updateTable('webhooks').set({ enabled: true, disabled_reason: null, failing_since: null }).where('id', '=', id).execute();
        break;
      case 'WebhookDisabled': {
        const { reason, failingSince } = event.data;
        await trx
          .updateTable('webhooks')
          .set({ enabled: false, disabled_reason: reason, ...(failingSince && { failing_since: new Date(failingSince) }) })
          .where('id', '=', id)
          .execute();
        break;
      }
      case 'WebhookDeleted':
        // The row first: a public event making deliveries for it holds it shared, so this waits for
        // that commit, and the next statement sees (and removes) what it made.
        await trx.deleteFrom('webhooks').where('id', '=', id).execute();
        await trx.deleteFrom('webhook_deliveries').where('webhook_id', '=', id).execute();
        break;
      default: {
        const never: never = event;
        throw new Error(`Unhandled event ${JSON.stringify(never)}`);
      }
    }
  }
}
