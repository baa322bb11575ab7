import { marketplaceRoutes } from '@commonwork/contracts';
import { buildGig, buildUser, startTestPlatform, type TestPlatform } from '@commonwork/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

describe('AI-assisted search and suggestions through the gateway', () => {
  let p: TestPlatform;

  beforeAll(async () => {
    p = await startTestPlatform();
    const owner = await buildUser(p, 'Kay Ops');
    await p.api.call(marketplaceRoutes.createGig, {
      token: owner.token,
      body: buildGig({
        title: 'Kubernetes cluster hardening',
        category: 'devops',
        subCategory: 'infrastructure',
        tags: ['kubernetes', 'helm'],
      }),
    });
    await p.api.call(marketplaceRoutes.createGig, {
      token: owner.token,
      body: buildGig({ title: 'Kubeflow pipelines for ML', category: 'data', subCategory: 'ml', tags: ['kubeflow'] }),
    });
  });
  afterAll(() => p.stop());

  it('interprets a plain-words request offline, for anyone', async () => {
    const res = await p.api.send(marketplaceRoutes.aiSearch, { body: { query: 'cheap react landing page in 3 days', context: 'gigs' } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      source: 'local',
      searchQuery: expect.stringContaining('react'),
      suggestedFilters: { category: 'web', priceRange: 'low', sortBy: 'relevance' },
      deliveryDays: 3,
    });
    expect(res.body.data.explanation).toMatch(/react/i);
  });

  it('answers a blank query with 400 naming the field', async () => {
    const res = await p.api.send(marketplaceRoutes.aiSearch, { body: { query: '   ' } });
    expect(res.status).toBe(400);
    expect(res.body.details?.[0]).toEqual({ field: 'query', message: 'Query is required' });
  });

  it('finds the interpreted gig when the filters are applied to the listing', async () => {
    const { data } = await p.api.call(marketplaceRoutes.aiSearch, { body: { query: 'kubernetes help' } });
    const { category, priceRange, sortBy } = data.suggestedFilters;
    const list = await p.api.call(marketplaceRoutes.listGigs, { query: { search: data.searchQuery, category, priceRange, sortBy } });
    expect(list.gigs[0]?.title).toBe('Kubernetes cluster hardening');
  });

  it('suggests completions from real tags and titles', async () => {
    const suggest = async (q: string) => (await p.api.call(marketplaceRoutes.suggestions, { query: { q } })).suggestions;
    expect(await suggest('kub')).toEqual(expect.arrayContaining(['kubernetes', 'kubeflow', 'Kubernetes cluster hardening']));
    expect(await suggest('k')).toEqual([]);
    expect(await suggest('zzzz')).toEqual([]);
  });
});
