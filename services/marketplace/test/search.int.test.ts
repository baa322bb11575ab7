import { marketplaceRoutes, type QueryOf } from '@commonwork/contracts';
import { buildUser, startTestPlatform, type TestPlatform } from '@commonwork/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORPUS, RELEVANCE } from './corpus.ts';

describe('search relevance on a fixed corpus', () => {
  let p: TestPlatform;

  beforeAll(async () => {
    p = await startTestPlatform();
    const owner = await buildUser(p, 'Corpus Owner');
    for (const gig of CORPUS) {
      const res = await p.api.send(marketplaceRoutes.createGig, {
        token: owner.token,
        body: { deliveryTime: '7', status: 'active', ...gig },
      });
      if (res.status !== 201) throw new Error(`seed failed: ${JSON.stringify(res.body)}`);
    }
  });
  afterAll(() => p.stop());

  const list = (query: QueryOf<typeof marketplaceRoutes.listGigs>) => p.api.send(marketplaceRoutes.listGigs, { query });

  it.each(RELEVANCE)('"%s" finds "%s" first', async (query, title) => {
    const res = await list({ search: query });
    expect(res.status).toBe(200);
    expect(res.body.gigs[0]?.title).toBe(title);
  });

  it('ranks a title match above a description match', async () => {
    const titles = (await list({ search: 'react' })).body.gigs.map((g) => g.title);
    expect(titles.indexOf('React landing page in Next.js')).toBeLessThan(titles.indexOf('Vue admin dashboard'));
    expect(titles).toContain('Vue admin dashboard');
  });

  it('combines search with filters and counts only matches', async () => {
    const res = await list({ search: 'app', category: 'mobile', sortBy: 'price-low' });
    expect(res.body.gigs.map((g) => g.title)).toEqual(['Android app in Kotlin', 'Native iOS app in Swift']);
    expect(res.body.pagination.totalGigs).toBe(2);
  });

  it('gives every page of a search, and a page past its end, the same total', async () => {
    const first = await list({ search: 'app', limit: 1 });
    const total = first.body.pagination.totalGigs;
    expect(total).toBeGreaterThan(1);
    const last = await list({ search: 'app', limit: 1, page: total });
    expect(last.body.gigs).toHaveLength(1);
    expect(last.body.pagination).toMatchObject({ totalGigs: total, hasNext: false, hasPrev: true });
    const beyond = await list({ search: 'app', limit: 1, page: total + 1 });
    expect(beyond.body.gigs).toEqual([]);
    expect(beyond.body.pagination.totalGigs).toBe(total);
    const typo = await list({ search: 'kotiln', limit: 1, page: 5 });
    expect(typo.body.gigs).toEqual([]);
    expect(typo.body.pagination.totalGigs).toBeGreaterThan(0);
  });

  it('finds nothing for words no gig has, and survives tsquery syntax in the input', async () => {
    for (const q of ['quantum blockchain zebra', "a & b | !c ('d'):*", '&&&', '   ']) {
      const res = await list({ search: q });
      expect(res.status, q).toBe(200);
    }
    expect((await list({ search: 'quantum blockchain zebra' })).body.gigs).toEqual([]);
  });
});
