import type { MemberPlan } from '@commonwork/contracts';
import { t } from '../locales/index.ts';

/**
 * How figures read on every screen, with one rule: a figure nobody earned is not shown (docs/decisions/web/earned-figures.md,
 * "Numbers nobody earned"). No placeholder stands in for a missing one.
 */

/** '+12%', '-5%', '0%' against last month; null (no badge) when there was nothing to compare with. */
export function changeText(percent: number | null | undefined): string | null {
  if (percent === null || percent === undefined) return null;
  return `${percent > 0 ? '+' : ''}${percent}%`;
}

const PLAN_LABELS = { basic: 'shared.figures.basicMember', premium: 'shared.figures.premiumMember' } as const satisfies Record<
  MemberPlan,
  string
>;

/** The person's membership line (spec 000 §2's 'Premium Member', for a premium plan only); nothing when unknown. */
export function membershipLabel(plan: MemberPlan | undefined): string | null {
  return plan ? t(PLAN_LABELS[plan]) : null;
}

/** Said instead of a rating before the first review. */
export const noReviewsText = (): string => t('shared.figures.noReviews');

/** '4.8' and '12 reviews'; before the first review no rating at all (a '0.0' reads as a bad one). */
export function reviewsText(rating: number, reviews: number): { rating: string | null; reviews: string } {
  if (reviews <= 0) return { rating: null, reviews: noReviewsText() };
  return { rating: rating.toFixed(1), reviews: t('shared.figures.reviews', { count: reviews }) };
}
