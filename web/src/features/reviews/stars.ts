import type { Review } from '@commonwork/contracts';
import { noReviewsText } from '../../shared/figures/figures.ts';
import { t } from './locales/index.ts';

/** The ratings a review may give, as the star input offers them. */
export const STARS = [1, 2, 3, 4, 5] as const;
export type StarValue = (typeof STARS)[number];

const STAR_LABELS = {
  1: 'reviews.star.1',
  2: 'reviews.star.2',
  3: 'reviews.star.3',
  4: 'reviews.star.4',
  5: 'reviews.star.5',
} as const satisfies Record<StarValue, string>;

/** A star's name in the input ('4 stars: very good'): what a screen reader says of each choice. */
export const starLabel = (value: StarValue): string => t(STAR_LABELS[value]);

export const isStarValue = (value: unknown): value is StarValue => STARS.includes(value as StarValue);

/**
 * How many stars the input draws filled: up to the one under the pointer while it hovers (a
 * preview), else up to the chosen one; none before a choice.
 */
export function filledStars(chosen: number | null | undefined, hovered: number | null): number {
  if (hovered !== null && isStarValue(hovered)) return hovered;
  return isStarValue(chosen) ? chosen : 0;
}

/** The list's heading line: '4.5 from 12 reviews'; before the first review the app's 'No reviews yet'. */
export function summaryText(summary: { rating: number; count: number }): string {
  if (summary.count <= 0) return noReviewsText();
  return t('reviews.summary', { rating: summary.rating.toFixed(1), count: summary.count });
}

/**
 * The reviews of the pages loaded so far, each once: a review written while someone pages moves
 * the older ones down a place, so the next page starts with one already shown.
 */
export function reviewsOf(pages: readonly { reviews: readonly Review[] }[]): Review[] {
  const seen = new Set<string>();
  return pages.flatMap((page) =>
    page.reviews.filter((review) => {
      if (seen.has(review.id)) return false;
      seen.add(review.id);
      return true;
    }),
  );
}
