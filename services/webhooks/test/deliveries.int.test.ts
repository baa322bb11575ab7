import { randomUUID } from 'node:crypto';
import { marketplaceRoutes, messagingRoutes, notificationsRoutes, WEBHOOK_LIMITS, webhooksRoutes } from '@commonwork/contracts';
import { remoteTokenVerifier, startService } from '@commonwork/kit';
import { buildGig, buildUser, eventually, startTestPlatform, type TestPlatform, testLogger } from '@commonwork/kit/testing';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebhooksConfig, webhooksService } from '../src/index.ts';
import { type Received, startReceiver } from './deliveriesReceiver.ts';

type Person = Awaited<ReturnType<typeof buildUser>>;

describe('webhook deliveries on the running platform', () => {
  let p: TestPlatform;
  let ada: Person;
  let eve: Person;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  /** The receiver's answer by path: 200 unless set. */
  const status = new Map<string, number>();

  beforeAll(async () => {
    // Everything on this machine, as in embedded development mode: loopback receivers are allowed.
    p = await startTestPlatform({ WEBHOOK_ALLOW_LOOPBACK: 'true' });
    [ada, eve] = await Promise.all([buildUser(p, 'Ada Hooks'), buildUser(p, 'Eve Stranger')]);
    receiver = await startReceiver((r, res) => {
      const code = status.get(r.path.split('?')[0] ?? '') ?? 200;
      res.writeHead(code, { 'content-type': 'text/plain' }).end(code === 200 ? 'ok' : `down (${code})`);
    });
  }, 120_000);
  afterAll(async () => {
    await p?.stop();
    await receiver?.close();
  });

  const subscribe = async (who: Person, path: string, events: string[] = ['gig.created']) => {
    since.set(path, Date.now());
    const res = await p.api.send(webhooksRoutes.create, {
      token: who.token,
      // biome-ignore lint/suspicious/noExplicitAny: the public event names as strings
      body: { url: `${receiver.url}${path}`, events: events as any },
    });
    if (res.status !== 201) throw new Error(`create answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body;
  };
  /** When each path's webhook was made: events that happened before it are not this test's (the consumer may handle them late). */
  const since = new Map<string, number>();
  const at = (path: string) =>
    receiver.received.filter((r) => r.path === path && Date.parse(JSON.parse(r.body).timestamp) >= (since.get(path) ?? 0));
  /** Every request to `path` verifies with the package integrators use; answers the bodies. */
  const verified = (path: string, secret: string) =>
    at(path).map(
      (r: Received) =>
        new Webhook(secret).verify(r.body, r.headers as Record<string, string>) as { type: string; data: Record<string, unknown> },
    );
  const log = async (who: Person, id: string) =>
    (await p.api.call(webhooksRoutes.deliveries, { token: who.token, params: { id }, query: { page: 1, limit: 100 } })).deliveries;

  /**
   * Another replica of the webhooks service, its clock `offsetMs` ahead: its dispatcher and routes
   * (the platform's replica consumes the events).
   */
  const replicaAhead = (offsetMs: number) =>
    startService(
      {
        ...webhooksService(WebhooksConfig.parse({ NODE_ENV: 'test', WEBHOOK_ALLOW_LOOPBACK: 'true' }), {
          now: () => new Date(Date.now() + offsetMs),
        }),
        subscriptions: [],
      },
      { database: p.database, bus: p.bus, log: testLogger(), verifier: remoteTokenVerifier([p.services.identity.url]) },
    );
  const runAhead = async (offsetMs: number) => {
    const replica = await replicaAhead(offsetMs);
    try {
      await replica.jobs['webhook-deliveries']?.runNow();
    } finally {
      await replica.stop();
    }
  };

  it('pings: a signed webhook.ping the standardwebhooks package verifies, logged with its answer', async () => {
    const { webhook, secret } = await subscribe(ada, '/ping');
    const res = await p.api.send(webhooksRoutes.ping, { token: ada.token, params: { id: webhook.id } });
    expect(res.status).toBe(202);
    if (res.status !== 202) return;
    expect(res.body.delivery).toMatchObject({ type: 'webhook.ping', status: 'pending', attempts: 0 });
    await eventually(async () => at('/ping').length === 1);
    const [got] = at('/ping');
    expect(got?.headers['webhook-id']).toBe(res.body.delivery.id);
    expect(got?.headers['user-agent']).toMatch(/^Commonwork-Webhooks/);
    const [body] = verified('/ping', secret);
    expect(body).toMatchObject({ type: 'webhook.ping', data: { webhookId: webhook.id } });
    expect(Object.keys(body ?? {})).toEqual(['type', 'timestamp', 'data']);
    const [logged] = await eventually(async () => {
      const deliveries = await log(ada, webhook.id);
      return deliveries[0]?.status === 'succeeded' && deliveries;
    });
    expect(logged).toMatchObject({ id: res.body.delivery.id, attempts: 1, responseStatus: 200, response: 'ok', nextAttemptAt: null });
    expect(logged?.durationMs).toBeGreaterThanOrEqual(0);

    // Redeliver: the same webhook-id again, signed again.
    const again = await p.api.send(webhooksRoutes.redeliver, {
      token: ada.token,
      params: { id: webhook.id, deliveryId: res.body.delivery.id },
    });
    expect(again.status).toBe(202);
    await eventually(async () => at('/ping').length === 2);
    expect(at('/ping').map((r) => r.headers['webhook-id'])).toEqual([res.body.delivery.id, res.body.delivery.id]);
    expect(verified('/ping', secret)).toHaveLength(2);
    await eventually(async () => (await log(ada, webhook.id))[0]?.attempts === 2);
  });

  it("answers 404 for someone else's webhook or an unknown delivery, 400 naming a malformed id", async () => {
    const { webhook } = await subscribe(ada, '/private');
    const deliveryId = randomUUID();
    for (const res of [
      await p.api.send(webhooksRoutes.ping, { token: eve.token, params: { id: webhook.id } }),
      await p.api.send(webhooksRoutes.deliveries, { token: eve.token, params: { id: webhook.id }, query: { page: 1, limit: 20 } }),
      await p.api.send(webhooksRoutes.redeliver, { token: eve.token, params: { id: webhook.id, deliveryId } }),
      await p.api.send(webhooksRoutes.redeliver, { token: ada.token, params: { id: webhook.id, deliveryId } }),
    ]) {
      expect(res.status).toBe(404);
    }
    const bad = await p.call('POST', `/api/webhooks/${webhook.id}/deliveries/nope/redeliver`, { token: ada.token });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('Delivery id must be a UUID');
    expect(at('/private')).toHaveLength(0);
    expect(await log(ada, webhook.id)).toEqual([]);
  });

  it('delivers the platform’s events as they happen, signed, in order', async () => {
    const { webhook, secret } = await subscribe(ada, '/gigs');
    const titles = ['Logo one', 'Logo two', 'Logo three'];
    for (const title of titles) await p.api.call(marketplaceRoutes.createGig, { token: ada.token, body: buildGig({ title }) });
    await eventually(async () => at('/gigs').length >= 3);
    const bodies = verified('/gigs', secret);
    expect(bodies.map((b) => [b.type, b.data.title])).toEqual(titles.map((title) => ['gig.created', title]));
    expect(new Set(at('/gigs').map((r) => r.headers['webhook-id'])).size).toBe(3);
    const deliveries = await eventually(async () => {
      const all = await log(ada, webhook.id);
      return all.length === 3 && all.every((d) => d.status === 'succeeded') && all;
    });
    expect(deliveries.map((d) => d.type)).toEqual(['gig.created', 'gig.created', 'gig.created']);
  });

  it("delivers a channel's messages to its members' webhooks, and to nobody else's", async () => {
    const member = await subscribe(ada, '/channel', ['channel.message.posted']);
    const stranger = await subscribe(eve, '/stranger', ['channel.message.posted']);
    const channel = await p.api.call(messagingRoutes.createChannel, {
      token: ada.token,
      body: { name: `hooks-${randomUUID().slice(0, 8)}`, type: 'private' },
    });
    const posted = await p.api.send(messagingRoutes.postChannelMessage, {
      token: ada.token,
      params: { id: channel.data.id },
      body: { content: 'Deploy finished' },
    });
    expect(posted.status).toBe(201);
    await eventually(async () => at('/channel').length === 1);
    const [body] = verified('/channel', member.secret);
    expect(body?.type).toBe('channel.message.posted');
    expect(JSON.stringify(body?.data)).toContain('Deploy finished');
    // The stranger's webhook on the same event type: nothing, not even later.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(at('/stranger')).toHaveLength(0);
    expect(await log(eve, stranger.webhook.id)).toEqual([]);
  });

  it('three replicas side by side: each delivery sent once, in order per webhook', async () => {
    const replicas = await Promise.all([replicaAhead(0), replicaAhead(0)]);
    try {
      const hooks = await Promise.all([subscribe(ada, '/side-a'), subscribe(ada, '/side-b')]);
      const titles = Array.from({ length: 8 }, (_, i) => `Side by side ${i + 1}`);
      for (const title of titles) await p.api.call(marketplaceRoutes.createGig, { token: ada.token, body: buildGig({ title }) });
      await eventually(async () => at('/side-a').length >= 8 && at('/side-b').length >= 8, 60_000);
      // Late doubles would show now.
      await new Promise((resolve) => setTimeout(resolve, 500));
      for (const [path, { secret }] of [
        ['/side-a', hooks[0]],
        ['/side-b', hooks[1]],
      ] as const) {
        expect(at(path)).toHaveLength(8);
        expect(new Set(at(path).map((r) => r.headers['webhook-id'])).size).toBe(8);
        expect(verified(path, secret).map((b) => b.data.title)).toEqual(titles);
      }
    } finally {
      await Promise.all(replicas.map((replica) => replica.stop()));
    }
  }, 120_000);

  it('the receiver down, then up: every event delivered in order, each retry with the same webhook-id', async () => {
    const { webhook, secret } = await subscribe(ada, '/flaky');
    status.set('/flaky', 503);
    const titles = ['Flaky one', 'Flaky two', 'Flaky three'];
    for (const title of titles) await p.api.call(marketplaceRoutes.createGig, { token: ada.token, body: buildGig({ title }) });
    // The first is tried and waits 5 s to retry; the two behind it wait their turn (head of line).
    const waiting = await eventually(async () => {
      const all = await log(ada, webhook.id);
      return all.length === 3 && all.some((d) => d.status === 'retrying') && all;
    });
    const [third, second, first] = waiting;
    expect(first).toMatchObject({ status: 'retrying', attempts: 1, responseStatus: 503, response: 'down (503)' });
    const waitMs = Date.parse(first?.nextAttemptAt ?? '') - Date.parse(first?.lastAttemptAt ?? '');
    expect(waitMs).toBe(WEBHOOK_LIMITS.retryDelaysMs[0]);
    expect([second?.attempts, third?.attempts]).toEqual([0, 0]);
    expect(at('/flaky')).toHaveLength(1);

    // Still down 6 s later (by a replica's clock): the second try waits 5 min.
    await runAhead(6_000);
    expect((await log(ada, webhook.id)).map((d) => [d.status, d.attempts])).toEqual([
      ['pending', 0],
      ['pending', 0],
      ['retrying', 2],
    ]);
    // Up again, 6 min later: the first goes, then the others in order.
    status.set('/flaky', 200);
    await runAhead(6 * 60_000);
    await eventually(async () => (await log(ada, webhook.id)).every((d) => d.status === 'succeeded'));
    const ids = at('/flaky').map((r) => r.headers['webhook-id']);
    expect(ids).toHaveLength(5);
    expect(ids.slice(0, 3)).toEqual([first?.id, first?.id, first?.id]);
    expect(ids.slice(3)).toEqual([second?.id, third?.id]);
    expect(verified('/flaky', secret).map((b) => b.data.title)).toEqual([
      'Flaky one',
      'Flaky one',
      'Flaky one',
      'Flaky two',
      'Flaky three',
    ]);
    expect((await p.api.call(webhooksRoutes.get, { token: ada.token, params: { id: webhook.id } })).webhook.failingSince).toBeNull();
  });

  it('disables a webhook failing for 3 days, and its owner is told', async () => {
    const bob = await buildUser(p, 'Bob Broken');
    const { webhook } = await subscribe(bob, '/broken');
    status.set('/broken', 500);
    await p.api.call(marketplaceRoutes.createGig, { token: bob.token, body: buildGig({ title: 'Never received' }) });
    const failing = await eventually(async () => {
      const got = (await p.api.call(webhooksRoutes.get, { token: bob.token, params: { id: webhook.id } })).webhook;
      return got.failingSince ? got : null;
    });
    expect(failing.enabled).toBe(true);

    // A day on, still failing: still enabled.
    await runAhead(24 * 3_600_000);
    expect((await p.api.call(webhooksRoutes.get, { token: bob.token, params: { id: webhook.id } })).webhook.enabled).toBe(true);
    // Three days on: disabled, with why.
    await runAhead(WEBHOOK_LIMITS.disableAfterMs + 60_000);
    const disabled = (await p.api.call(webhooksRoutes.get, { token: bob.token, params: { id: webhook.id } })).webhook;
    expect(disabled).toMatchObject({ enabled: false, failingSince: failing.failingSince });
    expect(disabled.disabledReason).toMatch(/failed for 3 days/);
    const attempts = at('/broken').length;
    await runAhead(WEBHOOK_LIMITS.disableAfterMs + 30 * 3_600_000);
    expect(at('/broken')).toHaveLength(attempts);

    const notification = await eventually(async () => {
      const { notifications } = await p.api.call(notificationsRoutes.list, { token: bob.token, query: {} as never });
      return notifications.find((n) => n.title === 'Webhook disabled');
    });
    expect(notification).toMatchObject({
      type: 'system',
      message: `Your webhook to ${receiver.url}/broken was disabled after its deliveries failed for 3 days. Fix the receiver, then enable it again in Settings.`,
    });
  });
});
