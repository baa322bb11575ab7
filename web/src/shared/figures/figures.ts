import type { MemberPlan } from '@commonwork/contracts';

/**
 * How figures read on every screen, with one rule: a figure nobody earned is not shown (decisions.md,
 * "Numbers nobody earned"). No placeholder stands in for a missing one.
 */

/** '+12%', '-5%', '0%' against last month; null (no badge) when there was nothing to compare with. */
export function changeText(percent: number | null | undefined): string | null {
  if (percent === null || percent === undefined) return null;
  return `${percent > 0 ? '+' : ''}${percent}%`;
}

const PLAN_LABELS: Record<MemberPlan, string> = { basic: 'Basic Member', premium: 'Premium Member' };

/** The person's membership line (spec 000 §2's 'Premium Member', for a premium plan only); nothing when unknown. */
export function membershipLabel(plan: MemberPlan | undefined): string | null {
  return plan ? PLAN_LABELS[plan] : null;
}

/** Said instead of a rating before the first review. */
export const NO_REVIEWS_TEXT = 'No reviews yet';

/** '4.8' and '12 reviews'; before the first review no rating at all (a '0.0' reads as a bad one). */
export function reviewsText(rating: number, reviews: number): { rating: string | null; reviews: string } {
  if (reviews <= 0) return { rating: null, reviews: NO_REVIEWS_TEXT };
  return { rating: rating.toFixed(1), reviews: `${reviews} review${reviews === 1 ? '' : 's'}` };
}
