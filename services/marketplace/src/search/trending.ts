import { LIMITS } from '@commonwork/contracts';
import { keptValue } from '@commonwork/kit';
import { type Kysely, sql } from 'kysely';
import type { GigView } from '../gigs/present.ts';
import type { MarketplaceTables } from '../tables.ts';
import { gigViews } from './listGigs.ts';

/**
 * The top `LIMITS.maxPageSize` active gigs by `views + 10 × orders`, then rating, newest, id. The
 * ranking reads only the columns it sorts on, all of them in the listing's index, so the pass over
 * every active gig scans that index alone, hashes and sorts narrow rows; only the winners are read
 * whole (docs/decisions/marketplace/trending-gigs.md has the measures).
 */
async function topGigs(db: Kysely<MarketplaceTables>): Promise<GigView[]> {
  const top = await db.transaction().execute(async (trx) => {
    // In parallel, each of PostgreSQL's workers hashes every gig's views again: three times the CPU
    // of one process for a list that is only kept, and both cores taken from the requests meanwhile.
    await sql`set local max_parallel_workers_per_gather = 0`.execute(trx);
    return trx
      .selectFrom('gigs')
      .leftJoin('gig_views', 'gig_views.gig_id', 'gigs.id')
      .select('gigs.id')
      .where('gigs.status', '=', 'active')
      .orderBy(sql`coalesce(gig_views.views, 0) + gigs.orders * 10`, 'desc')
      .orderBy('gigs.rating', 'desc')
      .orderBy('gigs.created_at', 'desc')
      .orderBy('gigs.id')
      .limit(LIMITS.maxPageSize)
      .execute();
  });
  if (top.length === 0) return [];
  const place = new Map(top.map((row, i) => [row.id, i]));
  // Still active: one closed between the two reads is left out rather than shown.
  const rows = (await gigViews(db)
    .where('gigs.id', 'in', [...place.keys()])
    .where('gigs.status', '=', 'active')
    .execute()) as GigView[];
  return rows.sort((a, b) => (place.get(a.id) ?? 0) - (place.get(b.id) ?? 0));
}

/** How long a trending list is served before it is read again (spec 000: a dashboard widget, not a live feed). */
export const TRENDING_TTL_MS = 30_000;

/**
 * The most viewed and ordered active gigs (views + 10 × orders, then rating, then newest). Ranking
 * every active gig costs a pass over all of them (about 65 ms of one core at 100,000 gigs on a quiet machine), so the top
 * `LIMITS.maxPageSize` are kept for TRENDING_TTL_MS and every call slices them; an expired list is
 * still served while the next is read, and this process's own gig changes drop it at once.
 */
export function trendingGigs(db: Kysely<MarketplaceTables>, ttlMs = TRENDING_TTL_MS) {
  const kept = keptValue(() => topGigs(db), ttlMs);
  return {
    top: async (limit: number): Promise<GigView[]> => (await kept.get()).slice(0, limit),
    /** A gig of this process changed: the next call reads the list again. */
    invalidate: kept.invalidate,
  };
}
