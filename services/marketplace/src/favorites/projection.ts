import type { StoredEvent } from '@commonwork/kit';
import { type Kysely, sql } from 'kysely';
import type { MarketplaceTables } from '../tables.ts';
import type { FavoriteEvent } from './favorite.ts';

/** The gig's `favorites` column recounted from its rows: a count that cannot drift from the list it counts. */
export async function recountFavorites(trx: Kysely<MarketplaceTables>, gigIds: readonly string[]) {
  if (gigIds.length === 0) return;
  await trx
    .updateTable('gigs')
    .set((eb) => ({
      favorites: eb.selectFrom('gig_favorites').select(sql<number>`count(*)::int`.as('n')).whereRef('gig_favorites.gig_id', '=', 'gigs.id'),
    }))
    .where('id', 'in', [...new Set(gigIds)])
    .execute();
}

/**
 * Applies favourite events to `gig_favorites` and the gigs' counts; the live path and the rebuild use
 * it. A favourite of a gig no longer in the table (deleted while the favourite was being decided)
 * is not kept: the gig's deletion already removed its favourites, and replaying in order does the same.
 */
export async function projectFavoriteEvents(trx: Kysely<MarketplaceTables>, events: StoredEvent<FavoriteEvent>[]) {
  for (const event of events) {
    const { gigId, personId } = event.data;
    switch (event.type) {
      case 'GigFavorited':
        await trx
          .insertInto('gig_favorites')
          .columns(['person_id', 'gig_id', 'at'])
          .expression((eb) =>
            eb
              .selectFrom('gigs')
              .select([sql<string>`${personId}::uuid`.as('person_id'), 'gigs.id', sql<Date>`${event.occurredAt}::timestamptz`.as('at')])
              .where('gigs.id', '=', gigId),
          )
          .onConflict((oc) => oc.columns(['person_id', 'gig_id']).doNothing())
          .execute();
        break;
      case 'GigUnfavorited':
        await trx.deleteFrom('gig_favorites').where('person_id', '=', personId).where('gig_id', '=', gigId).execute();
        break;
      default: {
        const never: never = event;
        throw new Error(`Unhandled event ${JSON.stringify(never)}`);
      }
    }
  }
  await recountFavorites(
    trx,
    events.map((e) => e.data.gigId),
  );
}
