import { WEBHOOK_LIMITS, webhooksRoutes } from '@commonwork/contracts';
import { buildUser, expectRebuildReproduces, startTestPlatform, type TestPlatform } from '@commonwork/kit/testing';
import { sql } from 'kysely';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projections } from '../src/index.ts';

type Person = Awaited<ReturnType<typeof buildUser>>;

const RECEIVER = 'http://127.0.0.1:9/hook';

describe('webhook subscriptions through the gateway', () => {
  let p: TestPlatform;
  let ada: Person;
  let eve: Person;

  beforeAll(async () => {
    // Webhooks to a port of this machine nobody listens on: loopback allowed, as in embedded development mode.
    p = await startTestPlatform({ WEBHOOK_ALLOW_LOOPBACK: 'true' });
    [ada, eve] = await Promise.all([buildUser(p, 'Ada Hooks'), buildUser(p, 'Eve Stranger')]);
  }, 120_000);
  afterAll(() => p?.stop());

  const create = (who: Person, body: object) =>
    // biome-ignore lint/suspicious/noExplicitAny: invalid bodies on purpose
    p.api.send(webhooksRoutes.create, { token: who.token, body: body as any });
  const created = async (who: Person, body: object = {}) => {
    const res = await create(who, { url: RECEIVER, events: ['gig.created'], ...body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    if (res.status !== 201) throw new Error('unreachable');
    return res.body;
  };
  const count = async () => {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from webhooks.webhooks`.execute(p.database.root);
    return rows[0]?.n ?? 0;
  };

  it('creates a webhook and answers its signing secret once, which standardwebhooks accepts', async () => {
    const { webhook, secret } = await created(ada, { events: ['gig.created', 'order.placed'], description: '  CI builds  ' });
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice('whsec_'.length), 'base64')).toHaveLength(32);
    expect(() => new StandardWebhook(secret)).not.toThrow();
    expect(webhook).toMatchObject({
      url: RECEIVER,
      events: ['gig.created', 'order.placed'],
      description: 'CI builds',
      enabled: true,
      disabledReason: null,
      failingSince: null,
    });
    const got = await p.api.send(webhooksRoutes.get, { token: ada.token, params: { id: webhook.id } });
    expect(got.status).toBe(200);
    expect(JSON.stringify(got.body)).not.toContain(secret);
    const list = await p.api.send(webhooksRoutes.list, { token: ada.token });
    expect(list.status).toBe(200);
    if (list.status !== 200) return;
    expect(list.body.webhooks.map((w) => w.id)).toContain(webhook.id);
    expect(JSON.stringify(list.body)).not.toContain(secret);
  });

  it.each([
    ['url', { url: 'not a url', events: ['gig.created'] }],
    ['url', { url: 'ftp://example.com/hook', events: ['gig.created'] }],
    ['url', { url: 'http://10.1.2.3/hook', events: ['gig.created'] }],
    ['url', { url: 'http://[::ffff:169.254.169.254]/latest', events: ['gig.created'] }],
    ['url', { url: 'http://169.254.169.254/latest/meta-data', events: ['gig.created'] }],
    ['events', { url: RECEIVER, events: [] }],
    ['events', { url: RECEIVER, events: ['gig.exploded'] }],
    ['events', { url: RECEIVER, events: ['gig.created', 'gig.created'] }],
    ['description', { url: RECEIVER, events: ['gig.created'], description: 'x'.repeat(WEBHOOK_LIMITS.descriptionMax + 1) }],
  ])('refuses a create with a bad %s (400 naming it, nothing stored)', async (field, body) => {
    const before = await count();
    const res = await create(ada, body);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(`"field":"${field}`);
    expect(await count()).toBe(before);
  });

  it('updates the URL, events and description, and disables and enables it', async () => {
    const { webhook } = await created(ada);
    const update = (body: object) =>
      // biome-ignore lint/suspicious/noExplicitAny: invalid bodies on purpose
      p.api.send(webhooksRoutes.update, { token: ada.token, params: { id: webhook.id }, body: body as any });
    const changed = await update({ url: 'http://127.0.0.1:10/other', events: ['order.completed'], description: 'Orders' });
    expect(changed.body).toMatchObject({
      webhook: { url: 'http://127.0.0.1:10/other', events: ['order.completed'], description: 'Orders' },
    });
    expect((await update({ enabled: false })).body).toMatchObject({ webhook: { enabled: false, disabledReason: null } });
    // The platform's disabling, as the dispatcher records it; enabling clears both.
    await sql`update webhooks.webhooks set disabled_reason = 'Failing', failing_since = now() where id = ${webhook.id}`.execute(
      p.database.root,
    );
    expect((await update({ enabled: true })).body).toMatchObject({ webhook: { enabled: true, disabledReason: null, failingSince: null } });
    // Bad changes: 400 naming the field, nothing changed.
    for (const [field, body] of [
      ['url', { url: 'http://192.168.1.1/' }],
      ['events', { events: ['nope'] }],
      ['enabled', { enabled: 'yes' }],
    ] as const) {
      const res = await update(body);
      expect(res.status, field).toBe(400);
      expect(JSON.stringify(res.body)).toContain(`"field":"${field}`);
    }
    expect((await update({})).status).toBe(400);
    const after = await p.api.send(webhooksRoutes.get, { token: ada.token, params: { id: webhook.id } });
    expect(after.body).toMatchObject({ webhook: { url: 'http://127.0.0.1:10/other', events: ['order.completed'], enabled: true } });
  });

  it("answers 404 for another person's webhook, and changes nothing", async () => {
    const { webhook } = await created(ada);
    const params = { id: webhook.id };
    expect((await p.api.send(webhooksRoutes.get, { token: eve.token, params })).status).toBe(404);
    expect((await p.api.send(webhooksRoutes.update, { token: eve.token, params, body: { enabled: false } })).status).toBe(404);
    expect((await p.api.send(webhooksRoutes.remove, { token: eve.token, params })).status).toBe(404);
    const list = await p.api.send(webhooksRoutes.list, { token: eve.token });
    expect(list.body).toMatchObject({ webhooks: [] });
    expect((await p.api.send(webhooksRoutes.get, { token: ada.token, params })).body).toMatchObject({ webhook: { enabled: true } });
  });

  it('deletes a webhook with its pending deliveries', async () => {
    const { webhook } = await created(ada);
    await sql`insert into webhooks.webhook_deliveries (id, webhook_id, event_id, seq, type, body, created_at, next_attempt_at)
      values (gen_random_uuid(), ${webhook.id}, gen_random_uuid(), 1, 'gig.created', '{}'::jsonb, now(), now())`.execute(p.database.root);
    const res = await p.api.send(webhooksRoutes.remove, { token: ada.token, params: { id: webhook.id } });
    expect(res.status).toBe(200);
    expect((await p.api.send(webhooksRoutes.get, { token: ada.token, params: { id: webhook.id } })).status).toBe(404);
    const { rows } = await sql<{
      n: number;
    }>`select count(*)::int as n from webhooks.webhook_deliveries where webhook_id = ${webhook.id}`.execute(p.database.root);
    expect(rows[0]?.n).toBe(0);
    expect((await p.api.send(webhooksRoutes.remove, { token: ada.token, params: { id: webhook.id } })).status).toBe(404);
  });

  it(`keeps at most ${WEBHOOK_LIMITS.perPerson} webhooks a person`, async () => {
    const someone = await buildUser(p, 'Max Many');
    for (let i = 0; i < WEBHOOK_LIMITS.perPerson; i++) await created(someone);
    const res = await create(someone, { url: RECEIVER, events: ['gig.created'] });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, error: 'TOO_MANY_WEBHOOKS' });
  });

  it('rebuilds the webhooks from their streams', async () => {
    await expectRebuildReproduces(p.database, { ...projections, subscriptions: [] });
  });
});
