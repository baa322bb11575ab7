import { sql } from 'kysely';
import type { StatsDb, UserRow } from '../tables.ts';

/**
 * People with at least one active gig who let themselves be found (`searchable`), best rated
 * first, then the most reviewed, then the most active gigs: a walk of `users_top_freelancers_idx`
 * that stops at the limit.
 */
export function topFreelancers(db: StatsDb, limit: number): Promise<UserRow[]> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('active_gigs', '>', 0)
    .where(sql<boolean>`coalesce(preferences #>> '{privacy,searchable}', 'true') <> 'false'`)
    .orderBy('rating', 'desc')
    .orderBy('review_count', 'desc')
    .orderBy('active_gigs', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
}
