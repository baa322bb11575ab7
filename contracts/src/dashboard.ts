import { z } from 'zod';
import { Gig, GigAnalytics } from './gigs.ts';
import { TopFreelancer, UserStats } from './stats.ts';
import { TechEvent } from './techEvents.ts';

/** The dashboard's sections (spec 000 §2), each from its own service. */
export const DASHBOARD_SECTIONS = ['trendingGigs', 'topFreelancers', 'upcomingEvents', 'analytics', 'stats'] as const;
export const DashboardSection = z.enum(DASHBOARD_SECTIONS);
export type DashboardSection = z.infer<typeof DashboardSection>;

/**
 * GET /api/bff/dashboard: the signed-in home in one call. A section whose service failed or did not
 * answer in time is empty (a list) or null, and named in `unavailable` (spec 000 §8: a failure
 * empties its list; the screen falls back for analytics).
 */
export const Dashboard = z.object({
  trendingGigs: z.array(Gig),
  topFreelancers: z.array(TopFreelancer),
  upcomingEvents: z.array(TechEvent),
  analytics: GigAnalytics.nullable(),
  stats: UserStats.nullable(),
  unavailable: z.array(DashboardSection),
});
export type Dashboard = z.infer<typeof Dashboard>;
export const DashboardResponse = z.object({ success: z.literal(true), data: Dashboard });
