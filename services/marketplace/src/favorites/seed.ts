import type { EventMetadata } from '@commonwork/contracts';
import { type Database, importEvents, pickOne, type Random, randomInt } from '@commonwork/kit';
import type { MarketplaceTables } from '../tables.ts';
import { favoriteAggregate } from './aggregate.ts';
import { decide } from './decide.ts';
import { favoriteIdOf, initialFavoriteState } from './favorite.ts';

const DAY_MS = 86_400_000;

/**
 * A few real favourites by demo people, through the favourite's decider and projection: gigs that
 * sold get one to five hearts, new ones none or one, never from their own freelancer. Dated over
 * the last 30 days, one import per day. Returns how many were written.
 */
export async function seedFavorites(
  database: Database,
  gigs: readonly { gigId: string; ownerId: string; orders: number }[],
  people: readonly string[],
  rng: Random,
  options: { now: Date; metadata: EventMetadata },
) {
  const byDay = new Map<number, { id: string; events: ReturnType<typeof decide> }[]>();
  for (const gig of gigs) {
    const others = people.filter((p) => p !== gig.ownerId);
    const wanted = Math.min(others.length, gig.orders > 0 ? randomInt(rng, 1, 5) : randomInt(rng, 0, 1));
    const fans = new Set<string>();
    while (fans.size < wanted) fans.add(pickOne(rng, others));
    for (const personId of fans) {
      const events = decide(
        { type: 'Favorite', gigId: gig.gigId, personId, gig: { status: 'active', ownerId: gig.ownerId } },
        initialFavoriteState(),
      );
      const day = randomInt(rng, 0, 29);
      byDay.set(day, [...(byDay.get(day) ?? []), { id: favoriteIdOf(personId, gig.gigId), events }]);
    }
  }
  const db = database.forSchema<MarketplaceTables>('marketplace');
  let written = 0;
  await db.transaction().execute(async (trx) => {
    for (const [day, appends] of [...byDay].sort(([a], [b]) => b - a)) {
      const now = new Date(options.now.getTime() - day * DAY_MS);
      await importEvents(trx, favoriteAggregate, {
        schema: 'marketplace',
        metadata: options.metadata,
        now,
        appends: appends.map((a) => ({ ...a, expectedVersion: 0 })),
      });
      written += appends.length;
    }
  });
  return written;
}
