import { setTimeout as sleep } from 'node:timers/promises';
import { type ListGigsQuery, marketplaceRoutes, type QueryOf, urlOf } from '@commonwork/contracts';
import { type RunningService, remoteTokenVerifier, startService } from '@commonwork/kit';
import { buildGig, buildUser, startTestPlatform, type TestPlatform, testLogger } from '@commonwork/kit/testing';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { presentGig } from '../src/gigs/present.ts';
import { MarketplaceConfig, marketplaceService } from '../src/index.ts';
import { listGigs } from '../src/search/listGigs.ts';
import { type KeptAnswer, LISTING_CHECK_MS, listingCache, listingKey } from '../src/search/listingCache.ts';
import { listingVersion } from '../src/search/listingVersion.ts';
import type { MarketplaceTables } from '../src/tables.ts';

type GigsQuery = QueryOf<typeof marketplaceRoutes.listGigs>;

describe('the listing cache', () => {
  let p: TestPlatform;
  let ada: Awaited<ReturnType<typeof buildUser>>;
  let bob: Awaited<ReturnType<typeof buildUser>>;
  /** A second marketplace replica on the same database and bus, answering straight (not through the gateway). */
  let other: RunningService<MarketplaceTables>;
  const db = () => p.database.forSchema<MarketplaceTables>('marketplace');

  beforeAll(async () => {
    p = await startTestPlatform();
    ada = await buildUser(p, 'Ada Lovelace');
    bob = await buildUser(p, 'Bob Buyer');
    other = await startService(marketplaceService(MarketplaceConfig.parse({})), {
      database: p.database,
      bus: p.bus,
      log: testLogger(),
      verifier: remoteTokenVerifier([p.services.identity.url]),
    });
  }, 120_000);
  afterAll(async () => {
    await other?.stop();
    await p?.stop();
  });

  const create = async (token: string, overrides: Parameters<typeof buildGig>[0] = {}) => {
    const res = await p.api.send(marketplaceRoutes.createGig, { token, body: buildGig(overrides) });
    if (res.status !== 201) throw new Error(`create: ${res.status}`);
    return res.body.gig;
  };
  /** The raw answer of a listing, through the gateway (this replica) or straight from the other replica. */
  const listed = async (query: GigsQuery, token?: string, base = p.url) => {
    const res = await fetch(`${base}${urlOf(marketplaceRoutes.listGigs.url, {}, query)}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    expect(res.status).toBe(200);
    return (await res.json()) as { gigs: { id: string; title: string; status: string }[]; pagination: { totalGigs: number } };
  };
  const titles = async (query: GigsQuery, token?: string, base?: string) => (await listed(query, token, base)).gigs.map((g) => g.title);

  it('shows a gig created, edited, closed and deleted in the next search at once on the replica that wrote it', async () => {
    // Each answer asked for first, so a kept one is what the write must replace.
    expect(await titles({ search: 'quokka' })).toEqual([]);
    const gig = await create(ada.token, { title: 'Quokka portraits', tags: ['illustration'] });
    expect(await titles({ search: 'quokka' })).toEqual(['Quokka portraits']);

    expect(await titles({ search: 'wombat' })).toEqual([]);
    const edit = (body: Partial<ReturnType<typeof buildGig>>) =>
      p.api.send(marketplaceRoutes.updateGig, { token: ada.token, params: { id: gig.id }, body: buildGig({ ...body }) });
    expect((await edit({ title: 'Wombat portraits', tags: ['illustration'] })).status).toBe(200);
    expect(await titles({ search: 'wombat' })).toEqual(['Wombat portraits']);
    expect(await titles({ search: 'quokka' })).toEqual([]);

    // Closed (back to a draft): gone for others, still there for its owner.
    expect(await titles({ search: 'wombat' }, ada.token)).toEqual(['Wombat portraits']);
    expect((await edit({ title: 'Wombat portraits', tags: ['illustration'], status: 'draft' })).status).toBe(200);
    expect(await titles({ search: 'wombat' })).toEqual([]);
    expect(await titles({ search: 'wombat' }, ada.token)).toEqual(['Wombat portraits']);

    expect((await p.api.send(marketplaceRoutes.deleteGig, { token: ada.token, params: { id: gig.id } })).status).toBe(200);
    expect(await titles({ search: 'wombat' }, ada.token)).toEqual([]);
  });

  it("shows a person's own heart at once", async () => {
    const gig = await create(ada.token, { title: 'Platypus mascot', tags: ['mascot'] });
    const hearts = async () =>
      (await listed({ search: 'platypus' }, bob.token)).gigs.map((g) => (g as { isFavorite?: boolean }).isFavorite);
    expect(await hearts()).toEqual([false]);
    expect((await p.api.send(marketplaceRoutes.favorite, { token: bob.token, params: { id: gig.id } })).status).toBe(200);
    expect(await hearts()).toEqual([true]);
  });

  it('shows a change made through another replica, or by any other writer, within the bound', async () => {
    expect(await titles({ search: 'axolotl' }, undefined, other.url)).toEqual([]);
    const gig = await create(ada.token, { title: 'Axolotl stickers', tags: ['stickers'] });
    // The other replica's last version read may be just younger than the bound: past it, the next request reads it again.
    await sleep(LISTING_CHECK_MS + 10);
    expect(await titles({ search: 'axolotl' }, undefined, other.url)).toEqual(['Axolotl stickers']);

    // A writer that is no route of either replica (a consumer's recount, a repair by hand) moves the version too.
    expect(await titles({ search: 'axolotl' })).toEqual(['Axolotl stickers']);
    await sql`update marketplace.gigs set title = 'Axolotl decals' where id = ${gig.id}`.execute(p.database.root);
    await sleep(LISTING_CHECK_MS + 10);
    expect(await titles({ search: 'axolotl' })).toEqual(['Axolotl decals']);
    expect(await titles({ search: 'axolotl' }, undefined, other.url)).toEqual(['Axolotl decals']);
  });

  it('keeps no answer read while this replica wrote or the version moved, and stays within its size', async () => {
    /** A read that has begun (its snapshot taken) and answers when released. */
    const slowly = (answer: string) => {
      let release = () => {};
      let begun = () => {};
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      const started = new Promise<void>((resolve) => {
        begun = resolve;
      });
      const read = async () => {
        begun();
        await gate;
        return answer;
      };
      return { read, release, started };
    };

    const text = async (answer: Promise<KeptAnswer>) => (await answer).body.toString();
    // A write of this replica lands while a read is under way: that read is answered, never served again.
    // (The version is read once a minute here, so only the write can make the kept answer go.)
    const writes = listingCache(db(), { checkEveryMs: 60_000 });
    let slow = slowly('before the write');
    let answer = writes.get('k', slow.read);
    await slow.started;
    writes.invalidate();
    slow.release();
    expect(await text(answer)).toBe('before the write');
    expect(await text(writes.get('k', async () => 'after the write'))).toBe('after the write');
    expect(await text(writes.get('k', async () => 'not asked'))).toBe('after the write');

    // Another writer commits while a read is under way: once the version is read again, that read is not served either.
    const cache = listingCache(db(), { checkEveryMs: 0, maxBytes: 1_000 });
    slow = slowly('before the other write');
    answer = cache.get('j', slow.read);
    await slow.started;
    await sql`update marketplace.freelancers set name = name`.execute(p.database.root);
    expect(await text(cache.get('other', async () => 'x'))).toBe('x');
    slow.release();
    expect(await text(answer)).toBe('before the other write');
    expect(await text(cache.get('j', async () => 'after the other write'))).toBe('after the other write');

    for (let i = 0; i < 50; i++) await cache.get(`key ${i}`, async () => 'x'.repeat(60));
    expect(cache.size().bytes).toBeLessThanOrEqual(1_000);
    expect(cache.size().entries).toBeGreaterThan(0);
  });

  it('reads a busy answer and the version again behind the requests, and serves neither past its bound', async () => {
    const text = async (answer: Promise<KeptAnswer>) => (await answer).body.toString();
    // An answer in its last fifth of life is still served, and read again behind the hit that found it.
    const ageing = listingCache(db(), { checkEveryMs: 60_000, maxAgeMs: 2_000 });
    expect(await text(ageing.get('a', async () => 'first'))).toBe('first');
    await sleep(1_650);
    let readBehind = false;
    expect(
      await text(
        ageing.get('a', async () => {
          readBehind = true;
          return 'second';
        }),
      ),
    ).toBe('first');
    expect(readBehind).toBe(true);
    await sleep(20);
    expect(await text(ageing.get('a', async () => 'not asked'))).toBe('second');
    // Nobody asked for it through its last fifth: past its age it is read while the request waits.
    await sleep(2_100);
    expect(await text(ageing.get('a', async () => 'third'))).toBe('third');

    // Past half its interval the version is read behind the request; a change it finds empties the cache.
    const checking = listingCache(db(), { checkEveryMs: 4_000 });
    expect(await text(checking.get('v', async () => 'before'))).toBe('before');
    await sql`update marketplace.freelancers set name = name`.execute(p.database.root);
    await sleep(2_100);
    expect(await text(checking.get('v', async () => 'not yet'))).toBe('before');
    await vi.waitFor(async () => expect(await text(checking.get('v', async () => 'after'))).toBe('after'), { timeout: 1_500 });
  });

  it('moves the version without writers waiting on each other, and keeps it through folding', async () => {
    const gig = await create(ada.token, { title: 'Capybara badges', tags: ['badges'] });
    const before = Number(await listingVersion(db()));
    // A heart recounts the gig it is on while its owner edits it: each writer moves the version, neither waits on the other.
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => [
        p.api.send(marketplaceRoutes.favorite, { token: bob.token, params: { id: gig.id } }),
        p.api.send(marketplaceRoutes.updateGig, {
          token: ada.token,
          params: { id: gig.id },
          body: buildGig({ title: `Capybara badges ${i}`, tags: ['badges'] }),
        }),
        p.api.send(marketplaceRoutes.unfavorite, { token: bob.token, params: { id: gig.id } }),
      ]).flat(),
    );
    // Two commands on one stream at once may conflict (409); a deadlock would be a 500.
    expect(answers.map((a) => a.status).filter((s) => s !== 200 && s !== 409)).toEqual([]);
    // Each edit done changed the gig (a heart pressed twice changes nothing, and moves nothing).
    const edits = answers.filter((a, i) => i % 3 === 1 && a.status === 200).length;
    const moved = Number(await listingVersion(db()));
    expect(moved).toBeGreaterThanOrEqual(before + edits);
    await p.services.marketplace?.jobs?.['fold-listing-changes']?.runNow();
    expect(Number(await listingVersion(db()))).toBeGreaterThanOrEqual(moved);
    const [left] = (await sql<{ n: string }>`select count(*) as n from marketplace.listing_changes`.execute(p.database.root)).rows;
    expect(Number(left?.n)).toBeLessThan(moved - before);
  });

  it('keys a query by what changes its answer: the caller, every field, the words but not their case or outer spaces', () => {
    const base = { page: 1, limit: 12, priceRange: 'all', sortBy: 'relevance', match: 'all' } as const satisfies ListGigsQuery;
    expect(listingKey({ ...base, search: ' React ' }, null)).toBe(listingKey({ ...base, search: 'react' }, null));
    expect(listingKey({ ...base, search: 'react' }, null)).not.toBe(listingKey({ ...base, search: 'react' }, ada.id));
    expect(listingKey({ ...base, search: 'react' }, null)).not.toBe(listingKey({ ...base, search: 'react', page: 2 }, null));
    expect(listingKey({ ...base, search: '' }, null)).toBe(listingKey(base, null));
  });

  it('answers every query, through writes, exactly as the uncached query does', async () => {
    const words = ['react', 'REACT', ' logo ', 'dashbord', 'kotlin app', 'landing', 'zebra', 'Landing page'];
    const categories = ['web', 'design', 'mobile'] as const;
    for (const [i, category] of categories.entries())
      await create(i % 2 ? bob.token : ada.token, {
        title: `${['React', 'Logo', 'Kotlin'][i]} dashboard ${i}`,
        category,
        subCategory: { web: 'frontend', design: 'logo', mobile: 'android' }[category],
        price: 40 + i * 200,
        tags: ['landing', 'app'],
      });
    const mine = await create(ada.token, { title: 'Landing page draft', status: 'draft' });
    const query = fc.record(
      {
        search: fc.constantFrom(...words),
        category: fc.constantFrom('all', ...categories),
        priceRange: fc.constantFrom('all', 'low', 'medium', 'high'),
        sortBy: fc.constantFrom('relevance', 'price-low', 'price-high', 'rating'),
        page: fc.integer({ min: 1, max: 3 }),
        limit: fc.integer({ min: 1, max: 4 }),
        match: fc.constantFrom('all', 'any'),
        maxPrice: fc.integer({ min: 30, max: 600 }),
      },
      { requiredKeys: ['page', 'limit'] },
    );
    const write = fc.constantFrom('none', 'none', 'create', 'edit', 'favourite', 'rate');
    const who = fc.constantFrom('anonymous', 'ada', 'bob');
    let n = 0;
    await fc.assert(
      fc.asyncProperty(query, write, who, async (q, change, caller) => {
        n++;
        if (change === 'create') await create(bob.token, { title: `Landing logo ${n}`, price: 20 * n });
        if (change === 'edit')
          await p.api.send(marketplaceRoutes.updateGig, {
            token: ada.token,
            params: { id: mine.id },
            body: buildGig({ title: `Landing page draft ${n}`, status: n % 2 ? 'active' : 'draft' }),
          });
        if (change === 'favourite') await p.api.send(marketplaceRoutes.favorite, { token: bob.token, params: { id: mine.id } });
        // An order's review, as marketplace's consumer of orders' events would record it.
        if (change === 'rate') await sql`update marketplace.gigs set rating = ${n % 5}, reviews = reviews + 1`.execute(p.database.root);
        if (change === 'rate') await sleep(LISTING_CHECK_MS + 10);
        const user = caller === 'ada' ? ada : caller === 'bob' ? bob : null;
        const parsed = marketplaceRoutes.listGigs.querystring.parse(q);
        const uncached = await listGigs(db(), parsed, user?.id ?? null);
        const expected = JSON.parse(
          JSON.stringify({ success: true, gigs: uncached.rows.map(presentGig), pagination: uncached.pagination }),
        ) as unknown;
        // Asked twice: the second answer is the kept one.
        expect(await listed(q as GigsQuery, user?.token)).toEqual(expected);
        expect(await listed(q as GigsQuery, user?.token)).toEqual(expected);
      }),
      { numRuns: 40 },
    );
  }, 240_000);
});
