import { z } from 'zod';
import { defineEvent } from './envelope.ts';

/**
 * The platform disabled a webhook after its deliveries failed for three days. Emitted by webhooks;
 * consumed by notifications (tells the owner).
 */
export const WebhookDisabled = defineEvent(
  'webhooks.webhook.disabled',
  1,
  z.object({ webhookId: z.uuid(), ownerId: z.uuid(), url: z.string(), failingSince: z.string() }),
);

export const WEBHOOKS_EVENTS = [WebhookDisabled] as const;
