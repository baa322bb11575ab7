import { type PublicEventType, WEBHOOK_LIMITS } from '@commonwork/contracts';
import { createError, type Decider } from '@commonwork/kit';
import { initialWebhookState, type WebhookEvent, type WebhookState } from './webhook.ts';

// Someone else's webhook is not found: its existence is nobody else's business.
export const WebhookNotFound = createError('WEBHOOK_NOT_FOUND', 'Webhook not found', 404);
export const TooManyWebhooks = createError(
  'TOO_MANY_WEBHOOKS',
  `You can have at most ${WEBHOOK_LIMITS.perPerson} webhooks: delete one first`,
  400,
);

export type WebhookCommand =
  | {
      type: 'Create';
      webhookId: string;
      ownerId: string;
      url: string;
      events: PublicEventType[];
      description: string;
      secret: string;
      /** How many webhooks the owner has now. */
      owned: number;
      at: Date;
    }
  | {
      type: 'Update';
      callerId: string;
      url?: string;
      events?: PublicEventType[];
      description?: string;
      enabled?: boolean;
      at: Date;
    }
  /** From the dispatcher: its deliveries have failed since `failingSince`. */
  | { type: 'Disable'; reason: string; failingSince: Date; at: Date }
  | { type: 'Delete'; callerId: string; at: Date };

export function evolve(state: WebhookState, event: WebhookEvent): WebhookState {
  switch (event.type) {
    case 'WebhookCreated': {
      const { webhookId, ownerId, url, events, description } = event.data;
      return { id: webhookId, ownerId, deleted: false, url, events, description, enabled: true };
    }
    case 'WebhookUpdated': {
      const { url, events, description } = event.data;
      return { ...state, url: url ?? state.url, events: events ?? state.events, description: description ?? state.description };
    }
    case 'WebhookEnabled':
      return { ...state, enabled: true };
    case 'WebhookDisabled':
      return { ...state, enabled: false };
    case 'WebhookDeleted':
      return { ...state, deleted: true, enabled: false };
    default: {
      const never: never = event;
      return never;
    }
  }
}

const sameEvents = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((type, i) => type === b[i]);

/** The owner's webhook, or not found (absent, deleted, or someone else's). */
function owned(state: WebhookState, callerId: string): string {
  if (!state.ownerId || state.deleted || state.ownerId !== callerId) throw WebhookNotFound();
  return state.ownerId;
}

export function decide(command: WebhookCommand, state: WebhookState): WebhookEvent[] {
  switch (command.type) {
    case 'Create': {
      if (state.ownerId) {
        // The same id twice: the same person's repeat changes nothing; anyone else's is not theirs.
        if (state.ownerId === command.ownerId && !state.deleted) return [];
        throw WebhookNotFound();
      }
      if (command.owned >= WEBHOOK_LIMITS.perPerson) throw TooManyWebhooks();
      const { webhookId, ownerId, url, events, description, secret, at } = command;
      return [{ type: 'WebhookCreated', data: { webhookId, ownerId, url, events, description, secret, at: at.toISOString() } }];
    }
    case 'Update': {
      const ownerId = owned(state, command.callerId);
      const base = { webhookId: state.id, ownerId, at: command.at.toISOString() };
      const changes: { url?: string; events?: PublicEventType[]; description?: string } = {};
      if (command.url !== undefined && command.url !== state.url) changes.url = command.url;
      if (command.events !== undefined && !sameEvents(command.events, state.events)) changes.events = command.events;
      if (command.description !== undefined && command.description !== state.description) changes.description = command.description;
      const decided: WebhookEvent[] = [];
      if (Object.keys(changes).length > 0) decided.push({ type: 'WebhookUpdated', data: { ...base, ...changes } });
      if (command.enabled === true && !state.enabled) decided.push({ type: 'WebhookEnabled', data: base });
      if (command.enabled === false && state.enabled)
        decided.push({
          type: 'WebhookDisabled',
          data: { ...base, url: changes.url ?? state.url, by: 'owner', reason: null, failingSince: null },
        });
      return decided;
    }
    case 'Disable': {
      if (!state.ownerId || state.deleted || !state.enabled) return [];
      return [
        {
          type: 'WebhookDisabled',
          data: {
            webhookId: state.id,
            ownerId: state.ownerId,
            url: state.url,
            by: 'platform',
            reason: command.reason,
            failingSince: command.failingSince.toISOString(),
            at: command.at.toISOString(),
          },
        },
      ];
    }
    case 'Delete': {
      const ownerId = owned(state, command.callerId);
      return [{ type: 'WebhookDeleted', data: { webhookId: state.id, ownerId, at: command.at.toISOString() } }];
    }
    default: {
      const never: never = command;
      return never;
    }
  }
}

export const webhookDecider: Decider<WebhookState, WebhookCommand, WebhookEvent> = {
  initialState: initialWebhookState,
  evolve,
  decide,
};
