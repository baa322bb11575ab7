import { type EventEnvelope, identityRoutes, marketplaceRoutes, type QueryOf, queryString } from '@commonwork/contracts';
import { rebuildProjections } from '@commonwork/kit';
import { buildGig, buildUser, eventually, startTestPlatform, type TestPlatform } from '@commonwork/kit/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projections } from '../src/index.ts';

type GigsQuery = QueryOf<typeof marketplaceRoutes.listGigs>;

describe('gigs through the gateway', () => {
  let p: TestPlatform;
  let ada: Awaited<ReturnType<typeof buildUser>>;
  let bob: Awaited<ReturnType<typeof buildUser>>;
  const published: EventEnvelope[] = [];

  beforeAll(async () => {
    p = await startTestPlatform();
    await p.bus.consume({
      stream: 'MARKETPLACE',
      durable: 'test-observer',
      filterSubject: 'marketplace.>',
      handle: async (m) => void published.push(m.envelope),
    });
    ada = await buildUser(p, 'Ada Lovelace');
    bob = await buildUser(p, 'Bob Buyer');
  });
  afterAll(() => p.stop());

  const create = (token: string, body = buildGig()) => p.api.send(marketplaceRoutes.createGig, { token, body });
  const get = (id: string, token?: string) => p.api.send(marketplaceRoutes.getGig, { params: { id }, token });
  const list = (query: GigsQuery, token?: string) => p.api.send(marketplaceRoutes.listGigs, { query, token });

  it('creates an active gig that anyone can read, with the freelancer from the local read model', async () => {
    await eventually(async () => (await create(ada.token)).body.gig?.freelancer.name === 'Ada Lovelace');
    const res = await create(ada.token, buildGig({ title: '  Portfolio site  ', tags: [' react ', 'react', '', 'vite'] }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      message: 'Gig published successfully!',
      gig: {
        title: 'Portfolio site',
        tags: ['react', 'vite'],
        status: 'active',
        price: 250,
        deliveryTime: '7',
        freelancer: { _id: ada.id, name: 'Ada Lovelace', profile: { location: 'Remote' } },
      },
    });
    expect(res.body.gig._id).toBe(res.body.gig.id);
    const anonymous = await get(res.body.gig.id);
    expect(anonymous.status).toBe(200);
    expect(anonymous.body.gig.title).toBe('Portfolio site');
  });

  it('requires sign-in to create, update or delete', async () => {
    expect((await p.api.send(marketplaceRoutes.createGig, { body: buildGig() })).status).toBe(401);
    const { body } = await create(ada.token);
    expect((await p.api.send(marketplaceRoutes.updateGig, { params: { id: body.gig.id }, body: buildGig() })).status).toBe(401);
    expect((await p.api.send(marketplaceRoutes.deleteGig, { params: { id: body.gig.id } })).status).toBe(401);
  });

  it('validates in the form order with the form words, and changes nothing on 400', async () => {
    const before = (await p.api.call(marketplaceRoutes.listGigs, { query: { mine: 'true', limit: 100 }, token: ada.token })).pagination
      .totalGigs;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ title: '  ', description: '', category: '', subCategory: '', price: 0 }, 'title', 'Title is required'],
      [{ ...buildGig(), description: '   ' }, 'description', 'Description is required'],
      [{ ...buildGig(), category: '' }, 'category', 'Category is required'],
      [{ ...buildGig(), subCategory: '' }, 'subCategory', 'Sub-category is required'],
      [{ ...buildGig(), category: 'design', subCategory: 'frontend' }, 'subCategory', 'Sub-category is required'],
      [{ ...buildGig(), price: 0 }, 'price', 'Valid price is required'],
      [{ ...buildGig(), price: 'abc' }, 'price', 'Valid price is required'],
      // Loose numbers are refused, not read as 1 and 16 (issue 13, finding 8).
      [{ ...buildGig(), price: true }, 'price', 'Valid price is required'],
      [{ ...buildGig(), price: '0x10' }, 'price', 'Valid price is required'],
      [{ ...buildGig(), deliveryTime: '5' }, 'deliveryTime', expect.any(String) as unknown as string],
      [{ ...buildGig(), tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }, 'tags', 'At most 10 tags'],
    ];
    for (const [body, field, message] of cases) {
      // Refused bodies on purpose: the contract's types would not let them be sent.
      const res = await p.api.sendUnchecked(marketplaceRoutes.createGig, { token: ada.token, body });
      expect(res.status, field).toBe(400);
      expect(res.body.message).toEqual(message);
      expect(res.body.details?.[0]).toEqual({ field, message });
    }
    const after = (await p.api.call(marketplaceRoutes.listGigs, { query: { mine: 'true', limit: 100 }, token: ada.token })).pagination
      .totalGigs;
    expect(after).toBe(before);
  });

  it('keeps drafts private to their owner, and lets the owner publish them', async () => {
    const { body } = await create(ada.token, buildGig({ status: 'draft', title: 'Secret draft gig' }));
    expect(body.message).toBe('Gig saved as draft!');
    const id = body.gig.id;
    expect((await get(id, bob.token)).status).toBe(404);
    expect((await get(id, ada.token)).status).toBe(200);
    const othersList = await list({ search: 'secret draft' }, bob.token);
    expect(othersList.body.gigs.map((g) => g.id)).not.toContain(id);
    const ownList = await list({ search: 'secret draft' }, ada.token);
    expect(ownList.body.gigs.map((g) => g.id)).toContain(id);
    const publish = await p.api.send(marketplaceRoutes.updateGig, {
      params: { id },
      token: ada.token,
      body: buildGig({ title: 'Secret draft gig', status: 'active' }),
    });
    expect(publish.body).toMatchObject({ message: 'Gig updated successfully!', gig: { status: 'active' } });
    expect((await get(id, bob.token)).status).toBe(200);
  });

  it("lists one freelancer's gigs: the active ones to others, drafts too to themselves", async () => {
    const grace = await buildUser(p, 'Grace Profile');
    const active = (await create(grace.token, buildGig({ title: 'On her profile' }))).body.gig.id;
    const draft = (await create(grace.token, buildGig({ title: 'Not yet', status: 'draft' }))).body.gig.id;
    const seen = await list({ freelancer: grace.id }, bob.token);
    expect(seen.body.gigs.map((g) => g.id)).toEqual([active]);
    expect(seen.body.pagination.totalGigs).toBe(1);
    const own = await list({ freelancer: grace.id }, grace.token);
    expect(new Set(own.body.gigs.map((g) => g.id))).toEqual(new Set([active, draft]));
    expect((await list({ freelancer: 'nobody' })).status).toBe(400);
  });

  it("forbids changing or deleting someone else's gig, and lets the owner do both", async () => {
    const { body } = await create(ada.token, buildGig({ title: 'Owned gig' }));
    const id = body.gig.id;
    const hijack = await p.api.send(marketplaceRoutes.updateGig, {
      params: { id },
      token: bob.token,
      body: buildGig({ title: 'Hijacked' }),
    });
    expect(hijack).toMatchObject({ status: 403, body: { success: false, error: 'FORBIDDEN' } });
    expect((await p.api.send(marketplaceRoutes.deleteGig, { params: { id }, token: bob.token })).status).toBe(403);
    expect((await get(id)).body.gig.title).toBe('Owned gig');
    const del = await p.api.send(marketplaceRoutes.deleteGig, { params: { id }, token: ada.token });
    expect(del.body).toEqual({ success: true, message: 'Gig deleted successfully' });
    expect((await get(id)).body).toMatchObject({
      success: false,
      error: 'GIG_NOT_FOUND',
      message: 'Gig not found',
    });
    expect((await p.api.send(marketplaceRoutes.deleteGig, { params: { id }, token: ada.token })).status).toBe(404);
  });

  it('counts views by others, not by the owner', async () => {
    const { body } = await create(ada.token);
    const id = body.gig.id;
    await get(id, ada.token);
    await get(id);
    const seen = await get(id, bob.token);
    expect(seen.body.gig.views).toBe(2);
  });

  it('counts a view once per person, or per address for the signed out, a day: asking again adds nothing (issue 33)', async () => {
    const { body } = await create(ada.token);
    const id = body.gig.id;
    // Forty at once and forty more after, by one person, then by one address signed out.
    await Promise.all(Array.from({ length: 40 }, () => get(id, bob.token)));
    for (let i = 0; i < 40; i++) await get(id, bob.token);
    expect((await get(id, ada.token)).body.gig.views).toBe(1);
    await Promise.all(Array.from({ length: 40 }, () => get(id)));
    expect((await get(id, ada.token)).body.gig.views).toBe(2);
    // Each other person counts once.
    const others = await Promise.all([buildUser(p, 'Viewer One'), buildUser(p, 'Viewer Two')]);
    for (const viewer of others) for (let i = 0; i < 3; i++) await get(id, viewer.token);
    expect((await get(id, bob.token)).body.gig.views).toBe(4);
  });

  it('shows a profile change on the gigs without calling identity', async () => {
    const carol = await buildUser(p, 'Carol');
    const { body } = await create(carol.token);
    await p.api.call(identityRoutes.updateUser, {
      params: { id: carol.id },
      token: carol.token,
      body: { name: 'Carol Shaw', location: 'Lisbon' },
    });
    const gig = await eventually(async () => {
      const { gig } = await p.api.call(marketplaceRoutes.getGig, { params: { id: body.gig.id } });
      return gig.freelancer.name === 'Carol Shaw' && gig;
    });
    expect(gig.freelancer.profile.location).toBe('Lisbon');
  });

  it('pages by 12 with the pagination fields', async () => {
    const dora = await buildUser(p, 'Dora');
    for (let i = 0; i < 14; i++)
      await create(dora.token, buildGig({ title: `Paged gig ${i}`, category: 'writing', subCategory: 'content' }));
    const first = await list({ category: 'writing', page: 1 });
    expect(first.body.gigs).toHaveLength(12);
    expect(first.body.pagination).toEqual({ currentPage: 1, totalPages: 2, totalGigs: 14, hasNext: true, hasPrev: false });
    const second = await list({ category: 'writing', page: 2 });
    expect(second.body.gigs).toHaveLength(2);
    expect(second.body.pagination).toMatchObject({ hasNext: false, hasPrev: true });
    expect((await list({ limit: 101 })).status).toBe(400);
  });

  it('filters by price range at the spec thresholds and sorts by price', async () => {
    const eve = await buildUser(p, 'Eve');
    for (const price of [299, 300, 700, 701]) {
      await create(eve.token, buildGig({ title: `Priced ${price}`, category: 'marketing', subCategory: 'seo', price }));
    }
    const prices = async (priceRange: GigsQuery['priceRange'], sortBy: GigsQuery['sortBy'] = 'price-low') =>
      (await list({ category: 'marketing', priceRange, sortBy })).body.gigs.map((g) => g.price);
    expect(await prices('low')).toEqual([299]);
    expect(await prices('medium')).toEqual([300, 700]);
    expect(await prices('high')).toEqual([701]);
    expect(await prices('all', 'price-high')).toEqual([701, 700, 300, 299]);
    const bounded = await list({ category: 'marketing', minPrice: 300, maxPrice: 700, sortBy: 'price-low' });
    expect(bounded.body.gigs.map((g) => g.price)).toEqual([300, 700]);
  });

  it('reports trending gigs and the caller’s analytics', async () => {
    const frank = await buildUser(p, 'Frank');
    await create(frank.token, buildGig({ price: 100 }));
    await create(frank.token, buildGig({ price: 200, status: 'draft' }));
    const analytics = await p.api.send(marketplaceRoutes.analytics, { token: frank.token });
    expect(analytics.body).toMatchObject({ success: true, activeGigs: 1, totalRevenue: 0, avgRating: 0, data: { activeGigs: 1 } });
    expect((await p.api.send(marketplaceRoutes.analytics)).status).toBe(401);
    const trending = await p.api.send(marketplaceRoutes.trending, { query: { limit: 3 } });
    expect(trending.body.gigs).toHaveLength(3);
    expect(trending.body.gigs.every((g) => g.status === 'active')).toBe(true);

    // The most viewed first (by more people than any other gig here); a gig deleted here leaves the list at once, though the list is kept for a while.
    const viewed = (await create(frank.token, buildGig({ title: 'Much viewed' }))).body.gig.id;
    const viewers = await Promise.all(['Vi', 'Vic', 'Vera', 'Val'].map((name) => buildUser(p, name)));
    for (const viewer of [bob, ...viewers]) await get(viewed, viewer.token);
    const other = (await create(frank.token, buildGig({ title: 'Changes the list' }))).body.gig.id;
    const top = async () => (await p.api.call(marketplaceRoutes.trending, { query: { limit: 3 } })).gigs.map((g) => g.id);
    expect((await top())[0]).toBe(viewed);
    await p.api.send(marketplaceRoutes.deleteGig, { params: { id: viewed }, token: frank.token });
    expect(await top()).not.toContain(viewed);

    // An edit that changes nothing keeps the kept list; one that changes the gig drops it. (Views are
    // counted outside the list's keeping: written here straight, they show only when it is read again.)
    const views = (id: string, count: number) =>
      sql`insert into marketplace.gig_views (gig_id, views) values (${id}, ${count})
        on conflict (gig_id) do update set views = excluded.views`.execute(p.database.root);
    await views(other, 500);
    const rising = buildGig({ title: 'Rising' });
    const risingId = (await create(frank.token, rising)).body.gig.id;
    const kept = await top();
    expect(kept[0]).toBe(other);
    await views(risingId, 1_000);
    const edit = (body: typeof rising) => p.api.send(marketplaceRoutes.updateGig, { params: { id: risingId }, token: frank.token, body });
    expect((await edit(rising)).status).toBe(200);
    expect(await top()).toEqual(kept);
    expect((await edit({ ...rising, title: 'Rising fast' })).status).toBe(200);
    expect((await top())[0]).toBe(risingId);
  });

  it('publishes only what others can see: published, updated, unpublished, deleted', async () => {
    const grace = await buildUser(p, 'Grace');
    const draft = await create(grace.token, buildGig({ status: 'draft' }));
    const id = draft.body.gig.id;
    await p.api.send(marketplaceRoutes.updateGig, {
      params: { id },
      token: grace.token,
      body: buildGig({ title: 'Now live', status: 'active' }),
    });
    await p.api.send(marketplaceRoutes.updateGig, {
      params: { id },
      token: grace.token,
      body: buildGig({ title: 'Now live v2', status: 'active' }),
    });
    await p.api.send(marketplaceRoutes.updateGig, {
      params: { id },
      token: grace.token,
      body: buildGig({ title: 'Now live v2', status: 'draft' }),
    });
    await p.api.send(marketplaceRoutes.deleteGig, { params: { id }, token: grace.token });
    const mine = await eventually(async () => {
      const list = published.filter((e) => (e.data as { gigId: string }).gigId === id);
      return list.length >= 4 && list;
    });
    expect(mine.map((e) => e.type)).toEqual([
      'marketplace.gig.published',
      'marketplace.gig.updated',
      'marketplace.gig.unpublished',
      'marketplace.gig.deleted',
    ]);
    expect(mine[0]?.data).toMatchObject({ gigId: id, ownerId: grace.id, title: 'Now live', category: 'web', subCategory: 'frontend' });
  });

  it('keeps listing totals exact through drafts, publishing, edits across category and price, deletion and rebuild', async () => {
    const heidi = await buildUser(p, 'Heidi');
    const queries: GigsQuery[] = [
      {},
      { category: 'data' },
      { category: 'data', priceRange: 'low' },
      { category: 'data', priceRange: 'medium' },
      { priceRange: 'high' },
      { category: 'data', maxDelivery: 3 },
      { minPrice: 150, maxPrice: 650 },
    ];
    // What each listing must say: the gigs table counted straight, with the same visibility rule.
    const counted = async (query: GigsQuery, ownerId: string | null) => {
      const f = new URLSearchParams(queryString(query));
      const { rows } = await sql<{ n: string }>`select count(*) as n from marketplace.gigs
        where (status = 'active' or owner_id = ${ownerId})
          and (${f.get('category')}::text is null or category = ${f.get('category')})
          and (${f.get('priceRange')}::text is null or (${f.get('priceRange')} = 'low' and price < 300)
               or (${f.get('priceRange')} = 'medium' and price between 300 and 700) or (${f.get('priceRange')} = 'high' and price > 700))
          and (${f.get('maxDelivery')}::int is null or delivery_time::int <= ${f.get('maxDelivery')}::int)
          and (${f.get('minPrice')}::numeric is null or price >= ${f.get('minPrice')}::numeric)
          and (${f.get('maxPrice')}::numeric is null or price <= ${f.get('maxPrice')}::numeric)`.execute(p.database.root);
      return Number(rows[0]?.n);
    };
    const expectExact = async () => {
      for (const query of queries) {
        const anonymous = await list(query);
        expect(anonymous.body.pagination.totalGigs, `anonymous ${queryString(query)}`).toBe(await counted(query, null));
        const owner = await list(query, heidi.token);
        expect(owner.body.pagination.totalGigs, `owner ${queryString(query)}`).toBe(await counted(query, heidi.id));
      }
    };
    const data = { category: 'data' as const, subCategory: 'ml' };
    const cheap = await create(heidi.token, buildGig({ ...data, price: 100, deliveryTime: '3' }));
    const draft = await create(heidi.token, buildGig({ ...data, price: 500, status: 'draft' }));
    await create(heidi.token, buildGig({ ...data, price: 900 }));
    await expectExact();
    await p.api.send(marketplaceRoutes.updateGig, {
      params: { id: draft.body.gig.id },
      token: heidi.token,
      body: buildGig({ ...data, price: 500 }),
    });
    await p.api.send(marketplaceRoutes.updateGig, {
      params: { id: cheap.body.gig.id },
      token: heidi.token,
      body: buildGig({ price: 650, deliveryTime: '1' }),
    });
    await expectExact();
    await p.api.send(marketplaceRoutes.deleteGig, { params: { id: draft.body.gig.id }, token: heidi.token });
    await expectExact();
    await rebuildProjections(p.database, projections);
    await expectExact();
  });

  it('rebuilds the gigs table from the event store into exactly what the live path built', async () => {
    const snapshot = () => p.database.forSchema('marketplace').selectFrom('gigs').selectAll().orderBy('id').execute();
    const live = await snapshot();
    expect(live.length).toBeGreaterThan(10);
    await rebuildProjections(p.database, projections);
    expect(await snapshot()).toEqual(live);
  });
});
