import { marketplaceRoutes } from '@commonwork/contracts';
import { buildGig, buildUser, startTestPlatform, type TestPlatform } from '@commonwork/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

describe('favourites through the gateway', () => {
  let p: TestPlatform;
  let ada: Awaited<ReturnType<typeof buildUser>>;
  let bob: Awaited<ReturnType<typeof buildUser>>;
  let cy: Awaited<ReturnType<typeof buildUser>>;

  beforeAll(async () => {
    p = await startTestPlatform();
    [ada, bob, cy] = [await buildUser(p, 'Ada Lovelace'), await buildUser(p, 'Bob Buyer'), await buildUser(p, 'Cy Client')];
  });
  afterAll(() => p.stop());

  const create = async (body = buildGig()) => (await p.api.send(marketplaceRoutes.createGig, { token: ada.token, body })).body.gig.id;
  const favorite = (id: string, token?: string) => p.api.send(marketplaceRoutes.favorite, { params: { id }, token });
  const unfavorite = (id: string, token?: string) => p.api.send(marketplaceRoutes.unfavorite, { params: { id }, token });
  const state = (id: string, token?: string) => p.api.send(marketplaceRoutes.favoriteState, { params: { id }, token });
  const get = (id: string, token?: string) => p.api.send(marketplaceRoutes.getGig, { params: { id }, token });
  const favourites = (token?: string) => p.api.send(marketplaceRoutes.listGigs, { query: { favorites: 'true' }, token });

  it('counts one favourite per person, however often they press, and removes it the same way', async () => {
    const id = await create();
    const first = await favorite(id, bob.token);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ success: true, favorited: true, favorites: 1 });
    expect((await favorite(id, bob.token)).body).toEqual({ success: true, favorited: true, favorites: 1 });
    expect((await favorite(id, cy.token)).body).toMatchObject({ favorited: true, favorites: 2 });

    expect((await get(id, bob.token)).body.gig).toMatchObject({ favorites: 2, isFavorite: true });
    expect((await get(id, ada.token)).body.gig).toMatchObject({ favorites: 2, isFavorite: false });
    expect((await get(id)).body.gig.isFavorite).toBeUndefined();
    expect((await state(id)).body).toEqual({ success: true, favorited: false, favorites: 2 });

    expect((await unfavorite(id, bob.token)).body).toEqual({ success: true, favorited: false, favorites: 1 });
    expect((await unfavorite(id, bob.token)).body).toEqual({ success: true, favorited: false, favorites: 1 });
    expect((await state(id, cy.token)).body).toEqual({ success: true, favorited: true, favorites: 1 });
  });

  it('makes two presses at the same moment one favourite', async () => {
    const id = await create();
    const answers = await Promise.all([favorite(id, bob.token), favorite(id, bob.token), favorite(id, bob.token)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect((await state(id)).body.favorites).toBe(1);
  });

  it('lists only my favourites under the filter, and asks anonymous callers to sign in', async () => {
    const liked = await create(buildGig({ title: 'Liked landing page' }));
    await create(buildGig({ title: 'Unliked landing page' }));
    await favorite(liked, cy.token);
    const mine = await favourites(cy.token);
    expect(mine.status).toBe(200);
    expect(mine.body.gigs.map((g) => g.title)).toContain('Liked landing page');
    expect(mine.body.gigs.map((g) => g.title)).not.toContain('Unliked landing page');
    expect(mine.body.gigs.every((g) => g.isFavorite)).toBe(true);
    expect(mine.body.pagination.totalGigs).toBe(mine.body.gigs.length);

    const anonymous = await favourites();
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ message: 'Sign in to see your favorites' });
    expect((await favourites(ada.token)).body.gigs).toEqual([]);
  });

  it('refuses anonymous toggles (401), drafts and unknown gigs (404), and a freelancer favouriting their own gig (403)', async () => {
    const id = await create();
    expect((await favorite(id)).status).toBe(401);
    expect((await unfavorite(id)).status).toBe(401);
    const draft = await create(buildGig({ status: 'draft' }));
    expect((await favorite(draft, bob.token)).status).toBe(404);
    expect((await state(draft, bob.token)).status).toBe(404);
    expect((await favorite('00000000-0000-4000-8000-000000000000', bob.token)).status).toBe(404);
    expect((await favorite('not-a-uuid', bob.token)).status).toBe(400);
    const own = await favorite(id, ada.token);
    expect(own.status).toBe(403);
    expect(own.body).toMatchObject({ message: 'You cannot favorite your own gig' });
  });

  it("stops counting and listing a deleted gig's favourites, and keeps an unpublished one's out of the list", async () => {
    const doomed = await create(buildGig({ title: 'Doomed gig' }));
    const hidden = await create(buildGig({ title: 'Hidden gig' }));
    await favorite(doomed, bob.token);
    await favorite(hidden, bob.token);
    expect((await p.api.send(marketplaceRoutes.deleteGig, { params: { id: doomed }, token: ada.token })).status).toBe(200);
    await p.api.send(marketplaceRoutes.updateGig, { params: { id: hidden }, token: ada.token, body: buildGig({ status: 'draft' }) });

    const titles = (await favourites(bob.token)).body.gigs.map((g) => g.title);
    expect(titles).not.toContain('Doomed gig');
    expect(titles).not.toContain('Hidden gig');
    expect((await favorite(doomed, bob.token)).status).toBe(404);
    expect((await unfavorite(doomed, bob.token)).status).toBe(404);
    const rows = await p.database.root
      .selectFrom('marketplace.gig_favorites' as never)
      .select('gig_id' as never)
      .where('gig_id' as never, '=', doomed as never)
      .execute();
    expect(rows).toEqual([]);
  });
});
