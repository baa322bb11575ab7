import { z } from 'zod';

/**
 * A person's membership (spec 000 §1: "basic membership is free", "premium plans exist"). Everyone
 * starts on `basic`; until plans are sold, only a platform admin grants `premium` (docs/decisions/identity/membership-plans.md).
 */
export const MemberPlan = z.enum(['basic', 'premium']);
export type MemberPlan = z.infer<typeof MemberPlan>;

/** The plan everyone starts on, free. */
export const DEFAULT_PLAN: MemberPlan = 'basic';

/** PUT /api/users/{id}/plan: a platform admin sets a person's plan. */
export const ChangePlanRequest = z.object({ plan: MemberPlan }).strict();
export type ChangePlanRequest = z.infer<typeof ChangePlanRequest>;
