import { sql } from 'kysely';
import type { StatsDb, UserRow } from '../tables.ts';

/**
 * People with at least one active gig who let themselves be found (`searchable`), best rated
 * first, then the most reviewed, then the most active gigs.
 */
export function topFreelancers(db: StatsDb, limit: number): Promise<(UserRow & { active_gigs: number })[]> {
  return db
    .selectFrom('users as u')
    .innerJoinLateral(
      (eb) =>
        eb
          .selectFrom('stats_days as d')
          .select('d.active_gigs')
          .whereRef('d.user_id', '=', 'u.id')
          .orderBy('d.day', 'desc')
          .limit(1)
          .as('s'),
      (join) => join.on('s.active_gigs', '>', 0),
    )
    .selectAll('u')
    .select('s.active_gigs')
    .where(sql<boolean>`coalesce(u.preferences #>> '{privacy,searchable}', 'true') <> 'false'`)
    .orderBy('u.rating', 'desc')
    .orderBy('u.review_count', 'desc')
    .orderBy('s.active_gigs', 'desc')
    .orderBy('u.id')
    .limit(limit)
    .execute();
}
