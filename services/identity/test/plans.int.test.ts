import { type CallInput, eventsRoutes, identityRoutes, marketplaceRoutes } from '@commonwork/contracts';
import { buildEvent, buildGig, buildUser, eventually, startTestPlatform, type TestPlatform } from '@commonwork/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ADMIN_EMAIL = 'Admin.Person@Example.com';

describe('membership plans, set by a platform admin', () => {
  let p: TestPlatform;
  let adminToken: string;

  beforeAll(async () => {
    p = await startTestPlatform({ ADMIN_EMAILS: ` someone-else@example.com, ${ADMIN_EMAIL.toLowerCase()} ` });
    // The admin signs in with the email's own case: the list is matched in any case.
    const dev = await p.api.call(identityRoutes.devToken, { body: { email: ADMIN_EMAIL, name: 'Admin Person' } });
    adminToken = (await p.api.call(identityRoutes.googleSignIn, { body: { token: dev.token } })).token;
  });
  afterAll(() => p?.stop());

  const planOf = async (id: string, token: string) => (await p.api.call(identityRoutes.userById, { params: { id }, token })).user.plan;
  const setPlan = (id: string, token: string | null, body: CallInput<typeof identityRoutes.changePlan>['body']) =>
    p.api.send(identityRoutes.changePlan, { params: { id }, token, body });

  it('starts everyone on the free basic plan', async () => {
    const ada = await buildUser(p, 'Ada Basic');
    expect(ada.user.plan).toBe('basic');
    expect(await planOf(ada.id, ada.token)).toBe('basic');
  });

  it('lets an admin grant premium and take it back, and refuses everyone else', async () => {
    const ada = await buildUser(p, 'Ada Upgraded');
    const bob = await buildUser(p, 'Bob Not Admin');
    const own = await setPlan(ada.id, ada.token, { plan: 'premium' });
    expect(own.status).toBe(403);
    expect((await setPlan(ada.id, bob.token, { plan: 'premium' })).status).toBe(403);
    expect((await setPlan(ada.id, null, { plan: 'premium' })).status).toBe(401);
    expect(await planOf(ada.id, ada.token)).toBe('basic');

    const granted = await setPlan(ada.id, adminToken, { plan: 'premium' });
    expect(granted.status).toBe(200);
    expect(granted.body.user).toMatchObject({ id: ada.id, plan: 'premium' });
    expect(await planOf(ada.id, ada.token)).toBe('premium');
    expect(await planOf(ada.id, bob.token)).toBe('premium');

    expect((await setPlan(ada.id, adminToken, { plan: 'basic' })).status).toBe(200);
    expect(await planOf(ada.id, ada.token)).toBe('basic');
  });

  it('refuses a plan that does not exist, naming the field, and a person who does not', async () => {
    const ada = await buildUser(p, 'Ada Unchanged');
    // A plan that does not exist, on purpose: the contract's type would not let it be sent.
    const bad = await p.api.sendUnchecked(identityRoutes.changePlan, { params: { id: ada.id }, token: adminToken, body: { plan: 'gold' } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('plan');
    expect(await planOf(ada.id, ada.token)).toBe('basic');
    const nobody = '0f0e0d0c-0b0a-4900-8800-000000000001';
    expect((await setPlan(nobody, adminToken, { plan: 'premium' })).status).toBe(404);
  });

  it('counts the platform for anyone: members, active gigs and published events', async () => {
    const read = async () => {
      const res = await p.api.send(identityRoutes.platformFigures);
      expect(res.status).toBe(200);
      return res.body.figures;
    };
    const before = await read();
    expect(before.members).toBeGreaterThan(0);
    const carl = await buildUser(p, 'Carl Counted');
    await p.api.call(marketplaceRoutes.createGig, { token: carl.token, body: buildGig({ title: 'Counted gig' }) });
    await p.api.call(marketplaceRoutes.createGig, {
      token: carl.token,
      body: buildGig({ title: 'Not counted: a draft', status: 'draft' }),
    });
    await p.api.call(eventsRoutes.createEvent, { token: carl.token, body: buildEvent({ title: 'Counted event' }) });
    await eventually(async () => {
      const now = await read();
      return now.activeGigs === before.activeGigs + 1 && now.events === before.events + 1 && now;
    });
    expect((await read()).members).toBe(before.members + 1);
  });
});
