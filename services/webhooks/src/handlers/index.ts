import type { ServiceSubscription } from '@commonwork/kit';
import type { WebhooksTables } from '../tables.ts';

/** Every subscription the webhooks service has, by durable consumer. */
export const subscriptions: readonly ServiceSubscription<WebhooksTables>[] = [];
