import { marketplaceRoutes } from '@commonwork/contracts';
import { mulberry32 } from '@commonwork/kit';
import { buildUser, expectRebuildReproduces, startTestPlatform, type TestPlatform } from '@commonwork/kit/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedFavorites } from '../src/favorites/seed.ts';
import { seedGigs } from '../src/gigs/seed.ts';
import { projections } from '../src/index.ts';

describe("the demo's favourites", () => {
  let p: TestPlatform;
  let people: Awaited<ReturnType<typeof buildUser>>[];
  let written = 0;
  const now = new Date('2026-11-26T12:00:00Z');

  beforeAll(async () => {
    p = await startTestPlatform();
    people = await Promise.all(['Ada Byte', 'Bo Pixel', 'Cy Words', 'Di Frame'].map((name) => buildUser(p, name)));
    const gigs = await seedGigs(
      p.database,
      people.map((u) => ({ userId: u.id })),
      40,
      mulberry32(7),
      { now },
    );
    const metadata = { actorId: null, correlationId: 'seed-test', causationId: null };
    written = await seedFavorites(
      p.database,
      gigs,
      people.map((u) => u.id),
      mulberry32(9),
      { now, metadata },
    );
  }, 120_000);
  afterAll(() => p.stop());

  it("are real people's, never the freelancer's own, and each gig counts exactly its rows", async () => {
    expect(written).toBeGreaterThan(0);
    const { rows } = await sql<{ own: unknown; rows: unknown; counted: unknown; mismatched: unknown }>`
      select (select count(*) from marketplace.gig_favorites f join marketplace.gigs g on g.id = f.gig_id where g.owner_id = f.person_id) as own,
        (select count(*) from marketplace.gig_favorites) as rows,
        (select coalesce(sum(favorites), 0) from marketplace.gigs) as counted,
        (select count(*) from marketplace.gigs g where g.favorites <> (select count(*) from marketplace.gig_favorites f where f.gig_id = g.id)) as mismatched
    `.execute(p.database.root);
    // Counts come back as strings from PostgreSQL and as numbers from PGlite.
    const figures = Object.fromEntries(Object.entries(rows[0] ?? {}).map(([k, v]) => [k, Number(v)]));
    expect(figures).toEqual({ own: 0, rows: written, counted: written, mismatched: 0 });
  });

  it('show under each person’s Favorites filter, and a rebuild reproduces them', async () => {
    const [ada] = people;
    if (!ada) throw new Error('no people');
    const mine = await p.api.send(marketplaceRoutes.listGigs, { query: { favorites: 'true', limit: 50 }, token: ada.token });
    const { rows } = await sql<{ n: string }>`select count(*) as n from marketplace.gig_favorites where person_id = ${ada.id}`.execute(
      p.database.root,
    );
    expect(mine.body.pagination.totalGigs).toBe(Number(rows[0]?.n));
    expect(mine.body.gigs.every((g) => g.isFavorite && g.freelancer._id !== ada.id)).toBe(true);
    await expectRebuildReproduces(p.database, projections);
  });
});
