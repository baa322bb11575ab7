import { aiListing, type Gig, LIMITS, marketplaceRoutes, type QueryOf } from '@commonwork/contracts';
import { mulberry32 } from '@commonwork/kit';
import { buildUser, startTestPlatform, type TestPlatform } from '@commonwork/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedGigs } from '../src/gigs/seed.ts';
import { AI_QUERIES, type GigMatch } from './aiQueries.ts';

/**
 * The demo's seed on the seed's own catalogue, five times the demo's 300 gigs so that nearly every
 * title and fill is there, several times over at different prices and delivery times.
 */
const CATALOGUE_GIGS = 300;

type GigsQuery = QueryOf<typeof marketplaceRoutes.listGigs>;
const DEMO_SEED = 42;

function matches(gig: Gig, match: GigMatch): boolean {
  const price = gig.price;
  const delivery = Number(gig.deliveryTime);
  return (
    (match.title === undefined || match.title.test(gig.title)) &&
    (match.category === undefined || gig.category === match.category) &&
    (match.subCategory === undefined || gig.subCategory === match.subCategory) &&
    (match.priceBelow === undefined || price < match.priceBelow) &&
    (match.priceAtMost === undefined || price <= match.priceAtMost) &&
    (match.priceAtLeast === undefined || price >= match.priceAtLeast) &&
    (match.priceAbove === undefined || price > match.priceAbove) &&
    (match.deliveryAtMost === undefined || delivery <= match.deliveryAtMost)
  );
}

const describeGig = (gig: Gig) => `${gig.title} (${gig.category}/${gig.subCategory}, $${gig.price}, ${gig.deliveryTime} d)`;

describe('AI search on the demo catalogue: requests as people type them', () => {
  let p: TestPlatform;
  let catalogue: Gig[];

  /** Every page of a listing query. */
  async function listAll(query: GigsQuery): Promise<{ gigs: Gig[]; firstPage: Gig[] }> {
    const gigs: Gig[] = [];
    let firstPage: Gig[] = [];
    // An empty value is no filter: left out of the query.
    const filters: GigsQuery = { ...query };
    for (const key of Object.keys(filters) as (keyof GigsQuery)[]) if (filters[key] === '') filters[key] = undefined;
    for (let page = 1; ; page++) {
      const res = await p.api.send(marketplaceRoutes.listGigs, { query: { limit: LIMITS.maxPageSize, page, ...filters } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      if (page === 1) firstPage = res.body.gigs.slice(0, 12);
      gigs.push(...res.body.gigs);
      if (!res.body.pagination.hasNext) return { gigs, firstPage };
    }
  }

  beforeAll(async () => {
    p = await startTestPlatform();
    const owners = await Promise.all(['Ada Byte', 'Bo Pixel', 'Cy Words'].map((name) => buildUser(p, name)));
    await seedGigs(
      p.database,
      owners.map((owner) => ({ userId: owner.id })),
      CATALOGUE_GIGS,
      mulberry32(DEMO_SEED),
      { now: new Date('2026-11-26T12:00:00Z') },
    );
    catalogue = (await listAll({})).gigs;
    expect(catalogue).toHaveLength(CATALOGUE_GIGS);
  }, 180_000);
  afterAll(() => p.stop());

  it('holds at least a hundred requests, each different', () => {
    expect(AI_QUERIES.length).toBeGreaterThanOrEqual(100);
    expect(new Set(AI_QUERIES.map((c) => c.query.toLowerCase())).size).toBe(AI_QUERIES.length);
  });

  it('refuses a listing filter it cannot read, naming the field', async () => {
    for (const [query, field] of [
      [{ match: 'some' }, 'match'],
      [{ maxDelivery: 0 }, 'maxDelivery'],
      [{ maxDelivery: 2.5 }, 'maxDelivery'],
    ] as const) {
      // Filters the listing cannot read, on purpose: some the contract's types would not let be sent.
      const res = await p.api.sendUnchecked(marketplaceRoutes.listGigs, { query });
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body.details?.map((d) => d.field)).toEqual([field]);
    }
  });

  it.each(AI_QUERIES.map((c) => [c.query, c] as const))('"%s"', async (query, { include, every, none }) => {
    const expected = catalogue.filter((gig) => matches(gig, include));
    // A request the catalogue cannot answer tests nothing: the seed changed under it.
    expect(
      expected.length,
      `the demo catalogue has no gig for ${JSON.stringify(include, (_, v) => (v instanceof RegExp ? String(v) : v))}`,
    ).toBeGreaterThan(0);

    const ai = await p.api.send(marketplaceRoutes.aiSearch, { body: { query } });
    expect(ai.status).toBe(200);
    const reading = ai.body.data;
    const { gigs, firstPage } = await listAll({ ...aiListing(reading) });
    const how = `read as ${reading.interpretedQuery} [${reading.explanation}]`;
    const found = new Set(gigs.map((gig) => gig.id));

    const missing = expected.filter((gig) => !found.has(gig.id)).map(describeGig);
    expect(missing, `missing from the results, ${how}`).toEqual([]);
    expect(
      firstPage.some((gig) => matches(gig, include)),
      `none on the first page, ${how}`,
    ).toBe(true);
    if (every) expect(gigs.filter((gig) => !matches(gig, every)).map(describeGig), `results outside the filters, ${how}`).toEqual([]);
    if (none) expect(gigs.filter((gig) => matches(gig, none)).map(describeGig), `results that must not be there, ${how}`).toEqual([]);
  });
});
