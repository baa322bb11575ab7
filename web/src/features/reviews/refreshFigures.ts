import type { QueryClient } from '@tanstack/react-query';
import { DASHBOARD_KEY } from '../dashboard/api.ts';
import { GIGS_KEY } from '../marketplace/api.ts';
import { PERSON_KEY, STATS_KEY } from '../profile/api.ts';
import { REVIEWS_KEY } from './api.ts';

/**
 * After an order step or a review succeeded in this tab: every figure it may change (a gig's
 * rating, reviews and orders on its card and page, a person's rating and review count, the
 * dashboard's earnings, success rate and active projects, the reviews' lists) is read again: on
 * the screen shown now at once, on any other when it is next shown. The server updates most of
 * them from events a moment after its answer, so a figure read at once may still be the old one;
 * the next visit reads it again.
 */
export function refreshFigures(queryClient: QueryClient): void {
  for (const queryKey of [GIGS_KEY, PERSON_KEY, STATS_KEY, DASHBOARD_KEY, REVIEWS_KEY]) void queryClient.invalidateQueries({ queryKey });
}
