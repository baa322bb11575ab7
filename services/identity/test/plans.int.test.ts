import { buildEvent, buildGig, buildUser, eventually, startTestPlatform, type TestPlatform } from '@commonwork/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ADMIN_EMAIL = 'Admin.Person@Example.com';

describe('membership plans, set by a platform admin', () => {
  let p: TestPlatform;
  let adminToken: string;

  beforeAll(async () => {
    p = await startTestPlatform({ ADMIN_EMAILS: ` someone-else@example.com, ${ADMIN_EMAIL.toLowerCase()} ` });
    // The admin signs in with the email's own case: the list is matched in any case.
    const dev = await p.call('POST', '/api/auth/dev/token', { body: { email: ADMIN_EMAIL, name: 'Admin Person' } });
    adminToken = (await p.call('POST', '/api/auth/google', { body: { token: dev.body.token } })).body.token;
  });
  afterAll(() => p?.stop());

  it('starts everyone on the free basic plan', async () => {
    const ada = await buildUser(p, 'Ada Basic');
    expect(ada.user.plan).toBe('basic');
    expect((await p.call('GET', `/api/users/${ada.id}`, { token: ada.token })).body.user.plan).toBe('basic');
  });

  it('lets an admin grant premium and take it back, and refuses everyone else', async () => {
    const ada = await buildUser(p, 'Ada Upgraded');
    const bob = await buildUser(p, 'Bob Not Admin');
    const own = await p.call('PUT', `/api/users/${ada.id}/plan`, { token: ada.token, body: { plan: 'premium' } });
    expect(own.status).toBe(403);
    expect((await p.call('PUT', `/api/users/${ada.id}/plan`, { token: bob.token, body: { plan: 'premium' } })).status).toBe(403);
    expect((await p.call('PUT', `/api/users/${ada.id}/plan`, { body: { plan: 'premium' } })).status).toBe(401);
    expect((await p.call('GET', `/api/users/${ada.id}`, { token: ada.token })).body.user.plan).toBe('basic');

    const granted = await p.call('PUT', `/api/users/${ada.id}/plan`, { token: adminToken, body: { plan: 'premium' } });
    expect(granted.status).toBe(200);
    expect(granted.body.user).toMatchObject({ id: ada.id, plan: 'premium' });
    expect((await p.call('GET', `/api/users/${ada.id}`, { token: ada.token })).body.user.plan).toBe('premium');
    expect((await p.call('GET', `/api/users/${ada.id}`, { token: bob.token })).body.user.plan).toBe('premium');

    expect((await p.call('PUT', `/api/users/${ada.id}/plan`, { token: adminToken, body: { plan: 'basic' } })).status).toBe(200);
    expect((await p.call('GET', `/api/users/${ada.id}`, { token: ada.token })).body.user.plan).toBe('basic');
  });

  it('refuses a plan that does not exist, naming the field, and a person who does not', async () => {
    const ada = await buildUser(p, 'Ada Unchanged');
    const bad = await p.call('PUT', `/api/users/${ada.id}/plan`, { token: adminToken, body: { plan: 'gold' } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('plan');
    expect((await p.call('GET', `/api/users/${ada.id}`, { token: ada.token })).body.user.plan).toBe('basic');
    const nobody = '0f0e0d0c-0b0a-4900-8800-000000000001';
    expect((await p.call('PUT', `/api/users/${nobody}/plan`, { token: adminToken, body: { plan: 'premium' } })).status).toBe(404);
  });

  it('counts the platform for anyone: members, active gigs and published events', async () => {
    const read = async () => {
      const res = await p.call('GET', '/api/platform/figures');
      expect(res.status).toBe(200);
      return res.body.figures as { members: number; activeGigs: number; events: number };
    };
    const before = await read();
    expect(before.members).toBeGreaterThan(0);
    const carl = await buildUser(p, 'Carl Counted');
    await p.call('POST', '/api/gigs', { token: carl.token, body: buildGig({ title: 'Counted gig' }) });
    await p.call('POST', '/api/gigs', { token: carl.token, body: buildGig({ title: 'Not counted: a draft', status: 'draft' }) });
    await p.call('POST', '/api/events', { token: carl.token, body: buildEvent({ title: 'Counted event' }) });
    await eventually(async () => {
      const now = await read();
      return now.activeGigs === before.activeGigs + 1 && now.events === before.events + 1 && now;
    });
    expect((await read()).members).toBe(before.members + 1);
  });
});
