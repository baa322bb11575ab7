import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { bffRoutes, eventsRoutes, identityRoutes, marketplaceRoutes } from '@commonwork/contracts';
import { remoteTokenVerifier } from '@commonwork/kit';
import { buildEvent, buildGig, buildUser, eventually, startTestPlatform, type TestPlatform, testLogger } from '@commonwork/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway } from '../src/gateway.ts';

type User = Awaited<ReturnType<typeof buildUser>>;
const SECTION_TIMEOUT_MS = 800;

describe('the dashboard through the gateway', () => {
  let p: TestPlatform;
  let ada: User;
  let bob: User;
  let gigId: string;
  let eventId: string;

  beforeAll(async () => {
    p = await startTestPlatform({ BFF_SECTION_TIMEOUT_MS: String(SECTION_TIMEOUT_MS) });
    [ada, bob] = await Promise.all([buildUser(p, 'Ada Dashboard'), buildUser(p, 'Bob Organiser')]);
    gigId = (await p.api.call(marketplaceRoutes.createGig, { token: ada.token, body: buildGig({ title: 'Dashboards that load fast' }) }))
      .gig.id;
    eventId = (await p.api.call(eventsRoutes.createEvent, { token: bob.token, body: buildEvent({ title: 'Composition night' }) })).data.id;
  });
  afterAll(() => p?.stop());

  const dashboard = (token?: string) => p.api.send(bffRoutes.dashboard, token ? { token } : {});

  it('is for signed-in people', async () => {
    expect((await dashboard()).status).toBe(401);
  });

  it('composes every section in one call, as the separate calls answer them', async () => {
    // Top freelancers and statistics follow marketplace's events.
    const { data } = await eventually(async () => {
      const res = await dashboard(ada.token);
      return res.body.data?.stats?.activeGigs === 1 && res.body.data.topFreelancers.length > 0 && res.body;
    });
    expect(data.unavailable).toEqual([]);
    expect(data.trendingGigs.map((g) => g.id)).toContain(gigId);
    expect(data.upcomingEvents.map((e) => e.id)).toContain(eventId);
    expect(data.topFreelancers.map((u) => u.id)).toEqual([ada.id]);
    expect(data.analytics).toMatchObject({ activeGigs: 1 });
    expect(data.stats).toMatchObject({ activeGigs: 1, events: 0, messages: 0 });

    const [trending, freelancers, upcoming, analytics, stats] = await Promise.all([
      p.api.call(marketplaceRoutes.trending, { query: { limit: 3 }, token: ada.token }),
      p.api.call(identityRoutes.topFreelancers, { query: { limit: 3 }, token: ada.token }),
      p.api.call(eventsRoutes.upcoming, { query: { limit: 2 }, token: ada.token }),
      p.api.call(marketplaceRoutes.analytics, { token: ada.token }),
      p.api.call(identityRoutes.userStats, { params: { id: ada.id }, token: ada.token }),
    ]);
    expect(data.trendingGigs.map((g) => g.id)).toEqual(trending.gigs.map((g) => g.id));
    expect(data.topFreelancers).toEqual(freelancers.users);
    expect(data.upcomingEvents.map((e) => e.id)).toEqual(upcoming.data.map((e) => e.id));
    expect(data.analytics).toEqual(analytics.data);
    expect(data.stats).toEqual(stats.stats);
  });

  it('leaves out a section whose service is too slow, at its time limit', async () => {
    // An events service that takes the request and never answers.
    const hanging = createServer(() => {});
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    const services = Object.fromEntries(Object.entries(p.services).map(([name, part]) => [name, part.url]));
    services.events = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}`;
    const gateway = await createGateway({
      log: testLogger(),
      verifier: remoteTokenVerifier([p.services.identity.url]),
      services,
      rateLimit: { max: 1_000, authMax: 1_000 },
      sectionTimeoutMs: 300,
    });
    try {
      const dashboard = () =>
        gateway.inject({
          method: bffRoutes.dashboard.method,
          url: bffRoutes.dashboard.url,
          headers: { authorization: `Bearer ${ada.token}` },
        });
      // A new gateway opens its connections on its first call: on a busy machine that alone can pass 300 ms.
      await dashboard();
      const started = Date.now();
      const res = await dashboard();
      const took = Date.now() - started;
      expect(took).toBeGreaterThanOrEqual(300);
      expect(took).toBeLessThan(1_000);
      const { data } = res.json();
      expect(data.unavailable).toEqual(['upcomingEvents']);
      expect(data.trendingGigs.map((g: { id: string }) => g.id)).toContain(gigId);
    } finally {
      await gateway.close();
      hanging.closeAllConnections();
      hanging.close();
    }
  });

  it('answers the other sections when one service is down, within its time limit', async () => {
    await p.services.events.stop();
    const started = Date.now();
    const res = await dashboard(ada.token);
    expect(Date.now() - started).toBeLessThan(SECTION_TIMEOUT_MS + 500);
    expect(res.status).toBe(200);
    expect(res.body.data.unavailable).toEqual(['upcomingEvents']);
    expect(res.body.data.upcomingEvents).toEqual([]);
    expect(res.body.data.trendingGigs.map((g) => g.id)).toContain(gigId);
    expect(res.body.data.stats).toMatchObject({ activeGigs: 1 });
  });
});
