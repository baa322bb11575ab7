import { DEFAULT_SUCCESS_RATE, type GigAnalytics, type UserStats } from '@commonwork/contracts';
import { formatCurrency } from '../../shared/format/index.ts';

/**
 * The three tiles (spec 000 §2, §8): from the gig analytics, success rate = average rating × 20,
 * rounded; when analytics failed, the statistics' active count, no earnings and 94 percent.
 */
export function tileValues(analytics: GigAnalytics | null, stats: UserStats | null) {
  if (!analytics) {
    return { activeProjects: String(stats?.activeGigs ?? 0), totalEarnings: formatCurrency(0), successRate: `${DEFAULT_SUCCESS_RATE}%` };
  }
  return {
    activeProjects: String(analytics.activeGigs),
    totalEarnings: formatCurrency(analytics.totalRevenue),
    successRate: `${Math.round(analytics.avgRating * 20)}%`,
  };
}
