import type { PlatformFigures } from '@commonwork/contracts';
import type { StatsDb } from '../tables.ts';

/**
 * The platform in numbers, from identity's own read models: everyone signed up, the gigs active now
 * (the statistics' gig table) and the published events (each has its organiser's row until it is
 * withdrawn or deleted).
 */
export async function platformFigures(db: StatsDb): Promise<PlatformFigures> {
  const [members, gigs, events] = await Promise.all([
    db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('stats_gigs')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('active', '=', true)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('stats_event_people')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('organizer', '=', true)
      .executeTakeFirstOrThrow(),
  ]);
  return { members: Number(members.n), activeGigs: Number(gigs.n), events: Number(events.n) };
}
