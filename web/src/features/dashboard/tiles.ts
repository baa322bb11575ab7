import type { GigAnalytics, UserStats } from '@commonwork/contracts';
import { noReviewsText } from '../../shared/figures/figures.ts';
import { formatCount, formatCurrency } from '../../shared/format/index.ts';
import { t } from './locales/index.ts';

/** A tile's figure, its change against last month when there is one, and a note when the figure is missing. */
export interface TileFigure {
  value: string;
  change: number | null;
  note?: string;
}

/** Shown where a figure is not known. */
const UNKNOWN = '—';

/**
 * The three tiles (spec 000 §2) from the gig analytics: Active Projects = active gigs and the orders
 * the seller works on; success rate = average rating × 20, rounded. Only the active gigs have a
 * history (the statistics read model), so only Active Projects has a change; earnings
 * and ratings keep none yet. Before the first review there is no success rate, and when analytics
 * failed no earnings nor rate either: the spec's fallbacks (0 earnings, 94 percent) were invented.
 */
export function tileValues(analytics: GigAnalytics | null, stats: UserStats | null) {
  const activeGigs = analytics ? analytics.activeGigs + analytics.activeOrders : stats?.activeGigs;
  const activeProjects: TileFigure = {
    value: activeGigs === undefined ? UNKNOWN : formatCount(activeGigs),
    change: stats?.changes.activeGigs ?? null,
  };
  const totalEarnings: TileFigure = { value: analytics ? formatCurrency(analytics.totalRevenue) : UNKNOWN, change: null };
  // Ratings run from 1 to 5: an average of 0 is the analytics' "no reviewed gig".
  const rated = analytics !== null && analytics.avgRating > 0;
  const successRate: TileFigure = rated
    ? { value: t('dashboard.tiles.percent', { percent: Math.round(analytics.avgRating * 20) }), change: null }
    : { value: UNKNOWN, change: null, ...(analytics && { note: noReviewsText() }) };
  return { activeProjects, totalEarnings, successRate };
}
