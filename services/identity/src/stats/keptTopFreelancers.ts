import { identityRoutes, LIMITS } from '@commonwork/contracts';
import { keptValue } from '@commonwork/kit';
import type { StatsDb } from '../tables.ts';
import { presentUser } from '../users/present.ts';
import { topFreelancers } from './topFreelancers.ts';

/**
 * How old the list may be when served: every replica reads it again at most this often, so a
 * change of rating, gigs or privacy shows within it (docs/decisions/identity/top-freelancers-kept.md).
 */
export const TOP_FREELANCERS_TTL_MS = 2_000;

/**
 * Top freelancers as every caller reads them (the list is the same for all: strangers' cards), kept:
 * the first `LIMITS.maxPageSize` read once per `ttlMs`, each limit's answer encoded once per read, so
 * a dashboard's call sends bytes already checked against the route's answer.
 */
export function keptTopFreelancers(db: StatsDb, ttlMs = TOP_FREELANCERS_TTL_MS) {
  const answer = identityRoutes.topFreelancers.response[200];
  const kept = keptValue(async () => {
    const users = (await topFreelancers(db, LIMITS.maxPageSize)).map((row) => ({ ...presentUser(row, null), activeGigs: row.active_gigs }));
    const bodies = new Map<number, string>();
    return (limit: number) => {
      let body = bodies.get(limit);
      if (body === undefined) {
        body = JSON.stringify(answer.encode({ success: true as const, users: users.slice(0, limit) }));
        bodies.set(limit, body);
      }
      return body;
    };
  }, ttlMs);
  /** The route's answer for `limit` (at most `LIMITS.maxPageSize`), as JSON. */
  return async (limit: number) => (await kept.get())(limit);
}
