import type { PublicEventType } from '@commonwork/contracts';

/** Who disabled a webhook: its owner (PATCH enabled=false) or the platform (three days of failures). */
export type DisabledBy = 'owner' | 'platform';

/**
 * A webhook's stream `webhook-<id>`. Each event carries what the projection needs, so nothing folds
 * the stream to fill the `webhooks` row. The secret is in `WebhookCreated` only (the projection
 * keeps it for signing); it is never published.
 */
export type WebhookEvent =
  | {
      type: 'WebhookCreated';
      data: {
        webhookId: string;
        ownerId: string;
        url: string;
        events: PublicEventType[];
        description: string;
        secret: string;
        at: string;
      };
    }
  | {
      type: 'WebhookUpdated';
      data: { webhookId: string; ownerId: string; url?: string; events?: PublicEventType[]; description?: string; at: string };
    }
  | { type: 'WebhookEnabled'; data: { webhookId: string; ownerId: string; at: string } }
  | {
      type: 'WebhookDisabled';
      data: {
        webhookId: string;
        ownerId: string;
        url: string;
        by: DisabledBy;
        reason: string | null;
        failingSince: string | null;
        at: string;
      };
    }
  | { type: 'WebhookDeleted'; data: { webhookId: string; ownerId: string; at: string } };

export type WebhookEventType = WebhookEvent['type'];

export interface WebhookState {
  id: string;
  /** Null before it is created. */
  ownerId: string | null;
  deleted: boolean;
  url: string;
  events: PublicEventType[];
  description: string;
  enabled: boolean;
}

export const initialWebhookState = (): WebhookState => ({
  id: '',
  ownerId: null,
  deleted: false,
  url: '',
  events: [],
  description: '',
  enabled: false,
});
