import { buildUser, startTestPlatform, type TestPlatform } from '@commonwork/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORPUS, RELEVANCE } from './corpus.ts';

describe('search relevance on a fixed corpus', () => {
  let p: TestPlatform;

  beforeAll(async () => {
    p = await startTestPlatform();
    const owner = await buildUser(p, 'Corpus Owner');
    for (const gig of CORPUS) {
      const res = await p.call('POST', '/api/gigs', { token: owner.token, body: { deliveryTime: '7', status: 'active', ...gig } });
      if (res.status !== 201) throw new Error(`seed failed: ${JSON.stringify(res.body)}`);
    }
  });
  afterAll(() => p.stop());

  it.each(RELEVANCE)('"%s" finds "%s" first', async (query, title) => {
    const res = await p.call('GET', `/api/gigs?search=${encodeURIComponent(query)}`);
    expect(res.status).toBe(200);
    expect(res.body.gigs[0]?.title).toBe(title);
  });

  it('ranks a title match above a description match', async () => {
    const titles = (await p.call('GET', '/api/gigs?search=react')).body.gigs.map((g: { title: string }) => g.title);
    expect(titles.indexOf('React landing page in Next.js')).toBeLessThan(titles.indexOf('Vue admin dashboard'));
    expect(titles).toContain('Vue admin dashboard');
  });

  it('combines search with filters and counts only matches', async () => {
    const res = await p.call('GET', '/api/gigs?search=app&category=mobile&sortBy=price-low');
    expect(res.body.gigs.map((g: { title: string }) => g.title)).toEqual(['Android app in Kotlin', 'Native iOS app in Swift']);
    expect(res.body.pagination.totalGigs).toBe(2);
  });

  it('gives every page of a search, and a page past its end, the same total', async () => {
    const first = await p.call('GET', '/api/gigs?search=app&limit=1');
    const total = first.body.pagination.totalGigs;
    expect(total).toBeGreaterThan(1);
    const last = await p.call('GET', `/api/gigs?search=app&limit=1&page=${total}`);
    expect(last.body.gigs).toHaveLength(1);
    expect(last.body.pagination).toMatchObject({ totalGigs: total, hasNext: false, hasPrev: true });
    const beyond = await p.call('GET', `/api/gigs?search=app&limit=1&page=${total + 1}`);
    expect(beyond.body.gigs).toEqual([]);
    expect(beyond.body.pagination.totalGigs).toBe(total);
    const typo = await p.call('GET', '/api/gigs?search=kotiln&limit=1&page=5');
    expect(typo.body.gigs).toEqual([]);
    expect(typo.body.pagination.totalGigs).toBeGreaterThan(0);
  });

  it('finds nothing for words no gig has, and survives tsquery syntax in the input', async () => {
    for (const q of ['quantum blockchain zebra', "a & b | !c ('d'):*", '&&&', '   ']) {
      const res = await p.call('GET', `/api/gigs?search=${encodeURIComponent(q)}`);
      expect(res.status, q).toBe(200);
    }
    expect((await p.call('GET', '/api/gigs?search=quantum+blockchain+zebra')).body.gigs).toEqual([]);
  });
});
