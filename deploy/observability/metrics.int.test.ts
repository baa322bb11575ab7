import { randomUUID } from 'node:crypto';
import { InboxCountChanged, identityRoutes } from '@commonwork/contracts';
import { type RunningMetrics, startMetrics } from '@commonwork/kit';
import { buildUser, eventually, startTestPlatform, type TestPlatform, testLogger } from '@commonwork/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The whole platform in one process (as embedded mode runs it), on PostgreSQL and JetStream when
// DATABASE_URL and NATS_URL are set: one /metrics for every part, scraped as Prometheus would.
let metrics: RunningMetrics;
let p: TestPlatform;

beforeAll(async () => {
  metrics = await startMetrics('commonwork', testLogger(), { METRICS_PORT: '0', METRICS_HOST: '127.0.0.1' });
  p = await startTestPlatform({ RATE_LIMIT_AUTH_MAX: '30' });
});

afterAll(async () => {
  await p?.stop();
  await metrics?.stop();
});

type Sample = { name: string; labels: Record<string, string>; value: number };

async function scrape(): Promise<Sample[]> {
  const text = await (await fetch(metrics.url as string)).text();
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample: ${line}`);
      const labels = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
      return { name: match[1] as string, labels, value: Number(match[3]) };
    });
}

const find = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));

describe('/metrics', () => {
  it('is off the gateway: the public port has no /metrics', async () => {
    const res = await fetch(`${p.url}/metrics`);
    expect(res.headers.get('content-type') ?? '').not.toContain('text/plain; version=0.0.4');
    expect(await res.text()).not.toContain('http_server_request_duration');
  });

  it('counts requests by route pattern, appends, lags, sockets, readiness, jobs ', async () => {
    const ada = await buildUser(p);
    // A path with an id: counted under its pattern, never the raw path.
    expect((await p.api.send(identityRoutes.userById, { params: { id: ada.id }, token: ada.token })).status).toBe(200);
    const reminders = p.services.notifications.jobs?.reminders;
    if (!reminders) throw new Error('notifications runs reminders');
    await reminders.runNow();
    const samples = await scrape();
    const gatewayCalls = find(samples, 'http_server_request_duration_count', { service: 'gateway' });
    expect(gatewayCalls.map((s) => s.labels.http_route)).toContain(identityRoutes.userById.url);
    // No raw id anywhere in a route label.
    expect(samples.filter((s) => s.labels.http_route?.includes(ada.id))).toEqual([]);
    expect(
      find(samples, 'http_server_request_duration_count', { service: 'identity', http_route: identityRoutes.userById.url }),
    ).not.toEqual([]);
    expect(find(samples, 'http_server_request_duration_bucket', { service: 'gateway', le: '+Inf' }).length).toBeGreaterThan(0);
    expect(find(samples, 'commonwork_eventstore_append_duration_count', { service: 'identity' })[0]?.value).toBeGreaterThan(0);
    expect(find(samples, 'commonwork_eventstore_appended_events_total', { service: 'identity' })[0]?.value).toBeGreaterThan(0);
    for (const service of ['identity', 'messaging', 'notifications', 'webhooks']) {
      expect(find(samples, 'commonwork_outbox_lag_positions', { service }), service).toHaveLength(1);
      expect(find(samples, 'commonwork_outbox_lag_seconds', { service }), service).toHaveLength(1);
    }
    const durables = find(samples, 'commonwork_consumer_pending');
    expect(durables.length).toBeGreaterThan(3);
    expect(durables.every((s) => s.labels.durable && s.labels.stream && s.value >= 0)).toBe(true);
    expect(find(samples, 'commonwork_realtime_sockets', { service: 'realtime' })).toHaveLength(1);
    expect(find(samples, 'commonwork_realtime_rooms', { service: 'realtime' })).toHaveLength(1);
    // Every part reports readiness (its checks, run on the scrape); on a loaded machine a check may
    // pass its 800 ms bound once, so ready is looked for on a later scrape too.
    expect(find(samples, 'commonwork_ready').map((s) => s.labels.service)).toEqual(
      expect.arrayContaining(['gateway', 'identity', 'realtime']),
    );
    await eventually(async () => find(await scrape(), 'commonwork_ready', { service: 'gateway' })[0]?.value === 1);
    expect(
      find(samples, 'commonwork_job_duration_count', { service: 'notifications', job: 'reminders', outcome: 'ok' })[0]?.value,
    ).toBeGreaterThan(0);
  });

  it("times each realtime broadcast from its event's append to its socket emits, by event type", async () => {
    const occurredAt = new Date(Date.now() - 3_000).toISOString();
    const userId = randomUUID();
    await p.bus.publish({
      id: randomUUID(),
      type: InboxCountChanged.type,
      version: InboxCountChanged.version,
      occurredAt,
      streamId: `inbox-${userId}`,
      data: { userId, unreadCount: 1, revision: 1 },
      metadata: { actorId: null, correlationId: randomUUID(), causationId: null },
    });
    const event = { service: 'realtime', event: InboxCountChanged.type };
    const samples = await eventually(async () => {
      const all = await scrape();
      return find(all, 'commonwork_realtime_delivery_duration_count', event)[0]?.value === 1 && all;
    });
    // Appended 3 s before it was published: at least 3 s, and emitted within a few seconds of that.
    const seconds = find(samples, 'commonwork_realtime_delivery_duration_sum', event)[0]?.value ?? 0;
    expect(seconds).toBeGreaterThanOrEqual(3);
    expect(seconds).toBeLessThan(10);
    expect(find(samples, 'commonwork_realtime_delivery_duration_bucket', { ...event, le: '2.5' })[0]?.value).toBe(0);
    expect(find(samples, 'commonwork_realtime_delivery_duration_bucket', { ...event, le: '10' })[0]?.value).toBe(1);
  });

  it('shows outbox lag growing while the relay is held back, and falling to 0 once it publishes', async () => {
    const relay = p.services.identity.relay;
    if (!relay) throw new Error('identity has a relay');
    const lagOf = async () => {
      const samples = await scrape();
      return {
        positions: find(samples, 'commonwork_outbox_lag_positions', { service: 'identity' })[0]?.value ?? Number.NaN,
        seconds: find(samples, 'commonwork_outbox_lag_seconds', { service: 'identity' })[0]?.value ?? Number.NaN,
      };
    };
    await eventually(async () => (await lagOf()).positions === 0);

    await relay.stop();
    try {
      await buildUser(p, 'Grace Hopper');
      const first = await eventually(async () => {
        const lag = await lagOf();
        return lag.positions > 0 && lag;
      });
      await buildUser(p, 'Katherine Johnson');
      // The gauges are read at most once a second; both grow while nothing is published.
      const later = await eventually(async () => {
        const lag = await lagOf();
        return lag.positions > first.positions && lag.seconds >= 1 && lag;
      });
      expect(later.seconds).toBeGreaterThan(first.seconds);
    } finally {
      relay.start();
    }
    await eventually(async () => {
      const lag = await lagOf();
      return lag.positions === 0 && lag.seconds === 0;
    });
  });

  // Last: it uses up this address's sign-in bucket.
  it('counts rate-limit refusals by bucket', async () => {
    // Sign-in calls beyond their bucket are refused (429) and counted.
    let refused = 0;
    for (let i = 0; i < 40 && refused === 0; i++) {
      const res = await fetch(`${p.url}${identityRoutes.devToken.url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'limit@example.com', name: 'Limit' }),
      });
      if (res.status === 429) refused++;
    }
    expect(refused).toBe(1);

    const samples = await scrape();
    expect(find(samples, 'commonwork_gateway_rate_limited_total', { bucket: 'sign-in' })[0]?.value).toBe(1);
  });
});
