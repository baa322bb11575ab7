import { WEBHOOK_LIMITS } from '@commonwork/contracts';
import { deciderSpec } from '@commonwork/kit/testing';
import { describe, it } from 'vitest';
import { TooManyWebhooks, type WebhookCommand, WebhookNotFound, webhookDecider } from './decide.ts';
import type { WebhookEvent } from './webhook.ts';

const webhookId = '7a0c8a52-3c1b-4d9e-9a7e-1f2b3c4d5e6f';
const ownerId = 'b0000000-0000-4000-8000-000000000001';
const strangerId = 'c0000000-0000-4000-8000-000000000003';
const t0 = new Date('2026-11-02T10:00:00.000Z');
const at = t0.toISOString();
const spec = deciderSpec(webhookDecider);

const create: WebhookCommand = {
  type: 'Create',
  webhookId,
  ownerId,
  url: 'https://example.com/hook',
  events: ['gig.created'],
  description: '',
  secret: 'whsec_x',
  owned: 0,
  at: t0,
};
const created: WebhookEvent = {
  type: 'WebhookCreated',
  data: { webhookId, ownerId, url: 'https://example.com/hook', events: ['gig.created'], description: '', secret: 'whsec_x', at },
};
const disabledByPlatform: WebhookEvent = {
  type: 'WebhookDisabled',
  data: {
    webhookId,
    ownerId,
    url: 'https://example.com/hook',
    by: 'platform',
    reason: 'Failing for 3 days',
    failingSince: '2026-10-30T10:00:00.000Z',
    at,
  },
};
const update = (change: Partial<Extract<WebhookCommand, { type: 'Update' }>>): WebhookCommand => ({
  type: 'Update',
  callerId: ownerId,
  at: t0,
  ...change,
});

describe('a webhook subscription', () => {
  it('is created enabled, with its secret', () => spec.given().when(create).then(created));
  it('is not created twice: the same owner repeating changes nothing', () => spec.given(created).when(create).thenNothing());
  it('is not created under an id someone else holds', () =>
    spec
      .given(created)
      .when({ ...create, ownerId: strangerId })
      .thenThrows(WebhookNotFound));
  it(`is refused past ${WEBHOOK_LIMITS.perPerson} a person`, () =>
    spec
      .given()
      .when({ ...create, owned: WEBHOOK_LIMITS.perPerson })
      .thenThrows(TooManyWebhooks));

  it('records only what changed', () =>
    spec
      .given(created)
      .when(update({ url: 'https://example.com/hook', events: ['gig.created', 'order.placed'], description: '' }))
      .then({ type: 'WebhookUpdated', data: { webhookId, ownerId, events: ['gig.created', 'order.placed'], at } }));
  it('changes nothing when nothing differs', () =>
    spec
      .given(created)
      .when(update({ url: 'https://example.com/hook', enabled: true }))
      .thenNothing());
  it("is another's: not found", () =>
    spec
      .given(created)
      .when(update({ callerId: strangerId, enabled: false }))
      .thenThrows(WebhookNotFound));
  it('does not exist before it is created', () =>
    spec
      .given()
      .when(update({ enabled: false }))
      .thenThrows(WebhookNotFound));

  it('is disabled by its owner without a reason', () =>
    spec
      .given(created)
      .when(update({ enabled: false }))
      .then({
        type: 'WebhookDisabled',
        data: { webhookId, ownerId, url: 'https://example.com/hook', by: 'owner', reason: null, failingSince: null, at },
      }));
  it('is disabled by the platform with its reason and since when it failed', () =>
    spec
      .given(created)
      .when({ type: 'Disable', reason: 'Failing for 3 days', failingSince: new Date('2026-10-30T10:00:00.000Z'), at: t0 })
      .then(disabledByPlatform));
  it('is disabled once', () =>
    spec.given(created, disabledByPlatform).when({ type: 'Disable', reason: 'again', failingSince: t0, at: t0 }).thenNothing());
  it('is enabled again by its owner', () =>
    spec
      .given(created, disabledByPlatform)
      .when(update({ enabled: true }))
      .then({ type: 'WebhookEnabled', data: { webhookId, ownerId, at } }));

  it('is deleted by its owner, once', () => {
    const deleted: WebhookEvent = { type: 'WebhookDeleted', data: { webhookId, ownerId, at } };
    spec.given(created).when({ type: 'Delete', callerId: ownerId, at: t0 }).then(deleted);
    spec.given(created, deleted).when({ type: 'Delete', callerId: ownerId, at: t0 }).thenThrows(WebhookNotFound);
    spec.given(created, deleted).when({ type: 'Disable', reason: 'x', failingSince: t0, at: t0 }).thenNothing();
    spec.given(created).when({ type: 'Delete', callerId: strangerId, at: t0 }).thenThrows(WebhookNotFound);
  });
});
