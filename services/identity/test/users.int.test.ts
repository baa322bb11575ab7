import { type CallInput, type EventEnvelope, identityRoutes } from '@commonwork/contracts';
import { rebuildProjections } from '@commonwork/kit';
import { buildUser, eventually, startTestPlatform, type TestPlatform } from '@commonwork/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projections } from '../src/index.ts';

describe('users through the gateway', () => {
  let p: TestPlatform;
  const published: EventEnvelope[] = [];

  beforeAll(async () => {
    p = await startTestPlatform();
    await p.bus.consume({
      stream: 'IDENTITY',
      durable: 'test-observer',
      filterSubject: 'identity.>',
      handle: async (m) => void published.push(m.envelope),
    });
  });
  afterAll(() => p.stop());

  const update = (id: string, token: string, body: CallInput<typeof identityRoutes.updateUser>['body']) =>
    p.api.send(identityRoutes.updateUser, { params: { id }, token, body });
  const get = (id: string, token: string) => p.api.send(identityRoutes.userById, { params: { id }, token });

  it('lets a user update their own profile and preferences, merging partial preferences', async () => {
    const ada = await buildUser(p, 'Ada Lovelace');
    const res = await update(ada.id, ada.token, {
      bio: 'Analytical engines',
      location: 'London',
      website: 'https://ada.example.com',
      github: 'ada',
      skills: [' math ', 'math', '', 'poetry'],
      phone: '+44 20 7946 0000',
      preferences: { notifications: { email: false }, privacy: { showEmail: true } },
    });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({
      bio: 'Analytical engines',
      skills: ['math', 'poetry'],
      phone: '+44 20 7946 0000',
      profile: {
        bio: 'Analytical engines',
        location: 'London',
        website: 'https://ada.example.com',
        github: 'ada',
        skills: ['math', 'poetry'],
      },
      preferences: {
        notifications: { email: false, push: true, marketplaceAlerts: true, messageNotifications: true, eventReminders: true },
        privacy: { profileVisibility: 'public', showEmail: true, showPhone: false, searchable: true },
      },
    });
  });

  it('never lets anyone change email, and rejects unknown fields with 400', async () => {
    const ada = await buildUser(p);
    // An unknown field on purpose: the contract's type has no email.
    const res = await p.api.sendUnchecked(identityRoutes.updateUser, {
      params: { id: ada.id },
      token: ada.token,
      body: { email: 'new@example.com' },
    });
    expect(res.status).toBe(400);
    const me = await get(ada.id, ada.token);
    expect(me.body.user.email).toBe(ada.email);
  });

  it('answers 400 with the field for bad input and changes nothing', async () => {
    const ada = await buildUser(p);
    for (const [body, field] of [
      [{ website: 'not a url', bio: 'changed' }, 'website'],
      [{ preferences: { language: 'xx' }, bio: 'changed' }, 'preferences.language'],
      [{ name: '   ', bio: 'changed' }, 'name'],
      [{ skills: 'react', bio: 'changed' }, 'skills'],
      [{ website: 'javascript:alert(1)', bio: 'changed' }, 'website'],
      [{ preferences: { timezone: 'Mars/Olympus_Mons' }, bio: 'changed' }, 'preferences.timezone'],
    ] as const) {
      // Refused bodies on purpose: some the contract's types would not let be sent.
      const res = await p.api.sendUnchecked(identityRoutes.updateUser, { params: { id: ada.id }, token: ada.token, body });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, error: 'VALIDATION_FAILED' });
      expect(res.body.details?.map((d) => d.field)).toContain(field);
    }
    const me = await get(ada.id, ada.token);
    expect(me.body.user.bio).toBe('I build things.');
  });

  it('takes a website as people type it, and any IANA time zone', async () => {
    const ada = await buildUser(p);
    const res = await update(ada.id, ada.token, { website: 'alice.design', preferences: { timezone: 'Asia/Tokyo' } });
    expect(res.status).toBe(200);
    expect(res.body.user.profile.website).toBe('https://alice.design');
    expect(res.body.user.preferences?.timezone).toBe('Asia/Tokyo');
  });

  it("forbids updating someone else's profile", async () => {
    const ada = await buildUser(p);
    const eve = await buildUser(p, 'Eve');
    const res = await update(ada.id, eve.token, { bio: 'hacked' });
    expect(res).toMatchObject({ status: 403, body: { success: false, error: 'FORBIDDEN' } });
    const me = await get(ada.id, ada.token);
    expect(me.body.user.bio).toBe('I build things.');
  });

  it('shows others a public profile without preferences, and email or phone only when shown', async () => {
    const ada = await buildUser(p);
    const bob = await buildUser(p, 'Bob');
    await update(ada.id, ada.token, { phone: '555-0100' });
    const seen = await p.api.send(identityRoutes.userByUsername, { params: { username: ada.username.toUpperCase() }, token: bob.token });
    expect(seen.status).toBe(200);
    expect(seen.body.user).toMatchObject({ id: ada.id, bio: 'I build things.', email: '', phone: '' });
    expect(seen.body.user.preferences).toBeUndefined();
    await update(ada.id, ada.token, { preferences: { privacy: { showEmail: true, showPhone: true } } });
    const shown = await get(ada.id, bob.token);
    expect(shown.body.user).toMatchObject({ email: ada.email, phone: '555-0100' });
  });

  it('shows only a card of a private profile to others, and everything to its owner', async () => {
    const ada = await buildUser(p);
    const bob = await buildUser(p, 'Bob');
    await update(ada.id, ada.token, { preferences: { privacy: { profileVisibility: 'private' } } });
    const seen = await get(ada.id, bob.token);
    expect(seen.body.user).toMatchObject({ id: ada.id, name: 'Ada Lovelace', username: ada.username, bio: '', isPrivate: true });
    const own = await get(ada.id, ada.token);
    expect(own.body.user).toMatchObject({ bio: 'I build things.', email: ada.email });
    expect(own.body.user.isPrivate).toBeUndefined();
  });

  it('answers 404 for an unknown user and 400 for a malformed id', async () => {
    const ada = await buildUser(p);
    expect((await get('2b0b3c5e-4d57-4b51-9d0f-6c1e0e5f0a11', ada.token)).body).toMatchObject({
      success: false,
      error: 'USER_NOT_FOUND',
      message: 'User not found',
    });
    expect((await get('not-a-uuid', ada.token)).status).toBe(400);
    expect((await p.api.send(identityRoutes.userByUsername, { params: { username: 'nobody-here' }, token: ada.token })).status).toBe(404);
  });

  it('publishes registered and profile_updated events carrying the public card', async () => {
    const ada = await buildUser(p, 'Ada Published');
    await update(ada.id, ada.token, { title: 'Engineer', location: 'Paris' });
    const mine = await eventually(async () => {
      const list = published.filter((e) => (e.data as { userId: string }).userId === ada.id);
      return list.length >= 3 && list;
    });
    expect(mine.map((e) => e.type)).toEqual(['identity.user.registered', 'identity.user.profile_updated', 'identity.user.profile_updated']);
    expect(mine[0]?.data).toMatchObject({ userId: ada.id, email: ada.email, authProvider: 'google' });
    expect(mine[2]?.data).toEqual({
      userId: ada.id,
      name: 'Ada Published',
      username: ada.username,
      picture: '',
      title: 'Engineer',
      location: 'Paris',
      skills: [],
    });
    expect(JSON.stringify(mine)).not.toContain('dev:');
    expect(mine[1]?.metadata.actorId).toBe(ada.id);
  });

  it('rebuilds the read tables from the event store into exactly what the live path built', async () => {
    const ada = await buildUser(p);
    await update(ada.id, ada.token, { skills: ['a', 'b'], twitter: 'ada', preferences: { language: 'fr' } });
    const snapshot = () => p.database.forSchema('identity').selectFrom('users').selectAll().orderBy('id').execute();
    const live = await snapshot();
    expect(live.length).toBeGreaterThan(5);
    const replayed = await rebuildProjections(p.database, projections);
    expect(replayed).toBeGreaterThan(live.length);
    expect(await snapshot()).toEqual(live);
  });
});
