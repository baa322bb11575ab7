import { identityRoutes } from '@commonwork/contracts';
import { rebuildProjections } from '@commonwork/kit';
import { buildUser, expectRebuildReproduces, startTestPlatform, type TestPlatform } from '@commonwork/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projections } from '../src/index.ts';

describe('identity rebuild', () => {
  let p: TestPlatform;
  beforeAll(async () => {
    p = await startTestPlatform();
  });
  afterAll(() => p.stop());

  it('replays every user event (registered, profile completed and updated, preferences) into exactly what the live path built', async () => {
    const ada = await buildUser(p, 'Ada Lovelace');
    await buildUser(p, 'Grace Hopper');
    const updated = await p.api.send(identityRoutes.updateUser, {
      params: { id: ada.id },
      token: ada.token,
      body: { skills: ['a', 'b'], twitter: 'ada', location: 'London', preferences: { language: 'fr', privacy: { showEmail: true } } },
    });
    expect(updated.status).toBe(200);
    // Personal access tokens: one live, one revoked (its row gone).
    const body = { name: 'CI', scopes: ['gigs:read' as const], expiresInDays: 30 };
    const kept = await p.api.send(identityRoutes.createToken, { token: ada.token, body });
    const gone = await p.api.send(identityRoutes.createToken, { token: ada.token, body: { ...body, name: 'Old' } });
    expect([kept.status, gone.status]).toEqual([201, 201]);
    await p.api.call(identityRoutes.revokeToken, { params: { id: gone.body.token?.id as string }, token: ada.token });
    // A data export asked for: its row comes back; the parts, kept outside events, are left as they are.
    expect((await p.api.send(identityRoutes.requestExport, { token: ada.token })).status).toBe(202);
    await expectRebuildReproduces(p.database, projections);
  });

  it('empties what it rebuilds: a row with no events behind it is gone afterwards', async () => {
    const ada = await buildUser(p);
    await p.database.forSchema('identity').updateTable('users').set({ name: 'Not from any event' }).where('id', '=', ada.id).execute();
    await rebuildProjections(p.database, projections);
    expect((await p.api.call(identityRoutes.userById, { params: { id: ada.id }, token: ada.token })).user.name).toBe('Ada Lovelace');
  });
});
