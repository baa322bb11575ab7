import { z } from 'zod';
import { LIMITS } from './constants.ts';
import { User } from './users.ts';

/**
 * A person's figures (spec 000 §3 User stats), counted from other services' events (decisions.md):
 * `activeGigs` their gigs that are active now, `events` the published events they organise or hold
 * a seat at, `messages` every message they have sent, in channels and chats.
 */
export const StatCounts = z.object({
  activeGigs: z.number().int().nonnegative(),
  events: z.number().int().nonnegative(),
  messages: z.number().int().nonnegative(),
});
export type StatCounts = z.infer<typeof StatCounts>;

/** Each figure's change in whole percent against the same day last month (100 from nothing to something). */
export const StatChanges = z.object({ activeGigs: z.number().int(), events: z.number().int(), messages: z.number().int() });
export type StatChanges = z.infer<typeof StatChanges>;

export const UserStats = StatCounts.extend({ changes: StatChanges });
export type UserStats = z.infer<typeof UserStats>;

/** GET and POST-refresh /api/users/{id}/stats; `lastUpdated` is when the figures were read (they are live). */
export const UserStatsResponse = z.object({ success: z.literal(true), stats: UserStats, lastUpdated: z.string() });

export const TopFreelancersQuery = z.object({ limit: z.coerce.number().int().min(1).max(LIMITS.maxPageSize).default(3) });
/** A top freelancer: the user as the viewer may see them, with their active gigs. */
export const TopFreelancer = User.extend({ activeGigs: z.number().int() });
export type TopFreelancer = z.infer<typeof TopFreelancer>;
export const TopFreelancersResponse = z.object({ success: z.literal(true), users: z.array(TopFreelancer) });
