import type { PersonalDataExport } from '@commonwork/kit';
import type { WebhooksTables } from '../tables.ts';

/** Webhooks' part of a person's export: the webhooks they made, as listed (never their signing secrets). */
export const exportWebhooksPerson: PersonalDataExport<WebhooksTables> = async (personId, db) => ({
  webhooks: await db
    .selectFrom('webhooks')
    .select(['id', 'url', 'events', 'description', 'enabled', 'disabled_reason as disabledReason', 'created_at as createdAt'])
    .where('owner_id', '=', personId)
    .orderBy('created_at')
    .execute(),
});
