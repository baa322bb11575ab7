import { type CallInput, identityRoutes, type User } from '@commonwork/contracts';
import { buildUser, startTestPlatform, type TestPlatform } from '@commonwork/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Issue 27: a second browser that saved its whole stored copy of the user wrote back an older
// phone, skills and language. A write names the version it was based on; an older one is refused.
describe('profile and preferences writes, by version', () => {
  let p: TestPlatform;
  beforeAll(async () => {
    p = await startTestPlatform();
  });
  afterAll(() => p.stop());

  const read = async (who: { id: string; token: string }) =>
    (await p.api.call(identityRoutes.userById, { params: { id: who.id }, token: who.token })).user;
  const put = (who: { id: string; token: string }, body: CallInput<typeof identityRoutes.updateUser>['body']) =>
    p.api.send(identityRoutes.updateUser, { params: { id: who.id }, token: who.token, body });

  /** What a client that kept the user in storage sends back: every field as it was read. */
  const wholeProfileOf = (user: User) => ({
    name: user.name,
    phone: user.phone,
    bio: user.bio,
    title: user.title,
    location: user.profile.location,
    website: user.profile.website,
    github: user.profile.github,
    twitter: user.profile.twitter,
    linkedin: user.profile.linkedin,
    skills: user.skills,
    preferences: user.preferences,
  });

  it('refuses a whole stale profile with 409 and the newer profile, and changes nothing', async () => {
    const ada = await buildUser(p, 'Ada Lovelace');
    const before = await read(ada);
    expect(before.version).toEqual(expect.any(Number));

    // The first browser changes phone, skills and language.
    const first = await put(ada, { phone: '+44 20 7946 0000', skills: ['math'], preferences: { language: 'de' }, version: before.version });
    expect(first.status).toBe(200);
    expect(first.body.user.version).toBeGreaterThan(before.version);

    // The second, holding the older copy, saves its bio with everything else as it read it.
    const stale = await put(ada, { ...wholeProfileOf(before), bio: 'Poetical science', version: before.version });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({
      success: false,
      error: 'PROFILE_CHANGED',
      message: 'Your profile was changed in another tab or device',
      user: {
        phone: '+44 20 7946 0000',
        skills: ['math'],
        bio: before.bio,
        version: first.body.user.version,
        preferences: { language: 'de' },
      },
    });
    expect(await read(ada)).toEqual(first.body.user);
  });

  it('refuses stale preferences the same way', async () => {
    const ada = await buildUser(p);
    const before = await read(ada);
    expect((await put(ada, { preferences: { notifications: { email: false } }, version: before.version })).status).toBe(200);
    const now = await read(ada);
    const stale = await put(ada, { preferences: { ...before.preferences, timezone: 'Asia/Tokyo' }, version: before.version });
    expect(stale.status).toBe(409);
    expect(stale.at(409).user?.preferences?.notifications.email).toBe(false);
    expect(await read(ada)).toEqual(now);
  });

  it('changes only the fields a partial write names, at the current version or with none', async () => {
    const ada = await buildUser(p);
    const before = await read(ada);
    await put(ada, { phone: '+1 555 0100', skills: ['go'], preferences: { language: 'fr' }, version: before.version });
    const current = await read(ada);

    const withVersion = await put(ada, { bio: 'Compilers', version: current.version });
    expect(withVersion.status).toBe(200);
    expect(withVersion.body.user).toMatchObject({
      bio: 'Compilers',
      phone: '+1 555 0100',
      skills: ['go'],
      preferences: { language: 'fr' },
    });

    // The original front end sends no version: what it names is merged, nothing else is touched.
    const withoutVersion = await put(ada, { location: 'Lisbon' });
    expect(withoutVersion.status).toBe(200);
    expect(withoutVersion.body.user).toMatchObject({
      bio: 'Compilers',
      phone: '+1 555 0100',
      skills: ['go'],
      profile: { location: 'Lisbon' },
      preferences: { language: 'fr' },
    });
  });

  it('answers 400 naming the field for a version that is not a version', async () => {
    const ada = await buildUser(p);
    // Not a number, on purpose: the contract's type would not let it be sent.
    const res = await p.api.sendUnchecked(identityRoutes.updateUser, {
      params: { id: ada.id },
      token: ada.token,
      body: { bio: 'x', version: 'latest' },
    });
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([expect.objectContaining({ field: 'version' })]);
  });
});
