import type { ServiceContext, ServiceJob } from '@commonwork/kit';
import { type Kysely, sql } from 'kysely';
import type { MarketplaceTables } from '../tables.ts';

/**
 * How many changes a listing shows have committed: the folded count plus the rows appended since,
 * in one snapshot. A change counts once its transaction commits, whatever order transactions commit
 * in, and the number only grows (folding moves rows into the count in one statement).
 */
export async function listingVersion(db: Kysely<MarketplaceTables>): Promise<string> {
  const row = await db
    .selectNoFrom((eb) => [
      eb.selectFrom('listing_version').select('version').as('folded'),
      eb.selectFrom('listing_changes').select(sql<string>`count(*)`.as('n')).as('recent'),
    ])
    .executeTakeFirstOrThrow();
  return String(Number(row.folded ?? 0) + Number(row.recent ?? 0));
}

/** Folds the appended changes into the count, so reading the version stays one small count. */
export const foldListingChanges: ServiceJob<ServiceContext<MarketplaceTables>> = {
  name: 'fold-listing-changes',
  everyMs: 60_000,
  run: (ctx) =>
    ctx.db
      .with('folded', (qb) => qb.deleteFrom('listing_changes').returning('id'))
      .updateTable('listing_version')
      .set({ version: sql<number>`version + (select count(*) from folded)` })
      .execute(),
};
