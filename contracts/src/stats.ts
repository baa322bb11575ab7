import { z } from 'zod';
import { LIMITS } from './constants.ts';
import { User } from './users.ts';

/**
 * A person's figures (spec 000 §3 User stats), counted from other services' events (docs/decisions/identity/statistics.md):
 * `activeGigs` their gigs that are active now, `events` the published events they organise or hold
 * a seat at, `messages` every message they have sent, in channels and chats.
 */
export const StatCounts = z.object({
  activeGigs: z.number().int().nonnegative(),
  events: z.number().int().nonnegative(),
  messages: z.number().int().nonnegative(),
});
export type StatCounts = z.infer<typeof StatCounts>;

/**
 * Each figure's change in whole percent against the same day last month; null when there is nothing
 * to compare with (the figure was 0 then, or the person was not here): a percentage of nothing is
 * no number, and a badge such as '+100%' for someone who just arrived would be invented.
 */
const Change = z.number().int().nullable();
export const StatChanges = z.object({ activeGigs: Change, events: Change, messages: Change });
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

/**
 * The platform in numbers, counted from identity's read models (public: the marketplace's hero shows
 * them): `members` everyone signed up, `activeGigs` gigs on offer now, `events` published events.
 */
export const PlatformFigures = z.object({
  members: z.number().int().nonnegative(),
  activeGigs: z.number().int().nonnegative(),
  events: z.number().int().nonnegative(),
});
export type PlatformFigures = z.infer<typeof PlatformFigures>;
export const PlatformFiguresResponse = z.object({ success: z.literal(true), figures: PlatformFigures });
