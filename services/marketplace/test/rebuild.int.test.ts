import { marketplaceRoutes } from '@commonwork/contracts';
import { buildGig, buildUser, expectRebuildReproduces, startTestPlatform, type TestPlatform } from '@commonwork/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projections } from '../src/index.ts';

describe('marketplace rebuild', () => {
  let p: TestPlatform;
  beforeAll(async () => {
    p = await startTestPlatform();
  });
  afterAll(() => p.stop());

  it('replays every gig event (created as draft and active, edited, published, deleted) and every favourite into exactly what the live path built', async () => {
    const ada = await buildUser(p);
    const bob = await buildUser(p);
    const cy = await buildUser(p);
    const create = (body: ReturnType<typeof buildGig>) => p.api.send(marketplaceRoutes.createGig, { token: ada.token, body });
    const active = await create(buildGig());
    const draft = await create(buildGig({ status: 'draft' }));
    const doomed = await create(buildGig());
    expect([active.status, draft.status, doomed.status]).toEqual([201, 201, 201]);
    const edit = await p.api.send(marketplaceRoutes.updateGig, {
      params: { id: active.body.gig.id },
      token: ada.token,
      body: buildGig({ price: 99, title: 'Edited landing page' }),
    });
    const publish = await p.api.send(marketplaceRoutes.updateGig, {
      params: { id: draft.body.gig.id },
      token: ada.token,
      body: buildGig({ status: 'active' }),
    });
    // Favourites kept, removed and given again, and some of a gig deleted after.
    const heart = (route: typeof marketplaceRoutes.favorite | typeof marketplaceRoutes.unfavorite, id: string, token: string) =>
      p.api.send(route, { params: { id }, token });
    const hearts = [
      await heart(marketplaceRoutes.favorite, active.body.gig.id, bob.token),
      await heart(marketplaceRoutes.favorite, active.body.gig.id, cy.token),
      await heart(marketplaceRoutes.unfavorite, active.body.gig.id, cy.token),
      await heart(marketplaceRoutes.favorite, active.body.gig.id, cy.token),
      await heart(marketplaceRoutes.favorite, doomed.body.gig.id, bob.token),
      await heart(marketplaceRoutes.favorite, doomed.body.gig.id, cy.token),
      await heart(marketplaceRoutes.unfavorite, doomed.body.gig.id, cy.token),
    ];
    expect(hearts.map((h) => h.status)).toEqual([200, 200, 200, 200, 200, 200, 200]);
    const remove = await p.api.send(marketplaceRoutes.deleteGig, { params: { id: doomed.body.gig.id }, token: ada.token });
    expect([edit.status, publish.status, remove.status]).toEqual([200, 200, 200]);
    await expectRebuildReproduces(p.database, projections);
  });
});
