import { createHmac, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { INCOMING_HOOKS } from './messagingCatalog.ts';
import { formatDelay } from './openapi.ts';
import { SCOPE_NAMES, SCOPES } from './scopes.ts';
import { TOKEN_LIMITS } from './tokens.ts';
import { WEBHOOK_LIMITS } from './webhooks.ts';

/** docs/integrators.md says what the contracts say: it cannot drift from them unnoticed. */
const guide = readFileSync(new URL('../../docs/integrators.md', import.meta.url), 'utf8');

describe('the integrators’ guide', () => {
  it('lists every scope with its sentence, in order, and nothing else', () => {
    const table = guide.slice(guide.indexOf('<!-- scopes'), guide.indexOf('<!-- /scopes -->'));
    const rows = table.split('\n').filter((line) => line.startsWith('| `'));
    expect(rows).toEqual(SCOPE_NAMES.map((scope) => `| \`${scope}\` | ${SCOPES[scope]} |`));
  });

  it('gives the retry schedule, the timeout, the disabling and the limits the services apply', () => {
    expect(guide).toContain(`tried again after ${WEBHOOK_LIMITS.retryDelaysMs.map(formatDelay).join(', ')}`);
    expect(guide).toContain(`within ${WEBHOOK_LIMITS.timeoutMs / 1000} s`);
    expect(guide).toContain(`failed for ${WEBHOOK_LIMITS.disableAfterMs / 86_400_000} days`);
    expect(guide).toContain(`at least ${WEBHOOK_LIMITS.feedKeptDays} days`);
    expect(guide).toContain(`up to ${WEBHOOK_LIMITS.feedPageMax} a page`);
    expect(guide).toContain(`1 to ${TOKEN_LIMITS.expiresInDaysMax} days`);
    expect(guide).toContain(`one post a second sustained (bursts of ${INCOMING_HOOKS.burst})`);
    expect(INCOMING_HOOKS.perSecond).toBe(1);
    expect(guide).toContain(`${INCOMING_HOOKS.pathPrefix}${INCOMING_HOOKS.tokenPrefix}`);
  });

  it('describes a signature the standardwebhooks package verifies', () => {
    const key = randomBytes(32);
    const secret = `whsec_${key.toString('base64')}`;
    const id = 'msg_2b1f',
      timestamp = String(Math.floor(Date.now() / 1000));
    const body = JSON.stringify({ id: 'b7c3', type: 'order.completed', timestamp: new Date().toISOString(), data: {} });
    // As the guide says it: `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}`, keyed with the secret's bytes.
    const signature = `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
    const headers = { 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': signature };
    expect(new Webhook(secret).verify(body, headers)).toMatchObject({ type: 'order.completed' });
    expect(() => new Webhook(secret).verify(`${body} `, headers)).toThrow();
  });
});
