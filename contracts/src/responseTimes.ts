import { z } from 'zod';

/**
 * How a freelancer answers the people who write to them about a gig (replacing spec 001 §1's fixed
 * '98% response rate'), counted by messaging from its conversations: of the latest
 * `RESPONSE_TIME_RULE.window` gig conversations in which someone else wrote first, how many the
 * freelancer answered, and the median time from that first message to their first reply.
 */
export const RESPONSE_TIME_RULE = {
  /** The latest conversations counted. */
  window: 100,
  /** Fewer than this, and a rate or a median says more about chance than about the person: not shown. */
  minConversations: 3,
} as const;

export const ResponseTimeParams = z.object({ userId: z.uuid('User id must be a UUID') });

export const ResponseTime = z.object({
  /** Gig conversations about this person's gigs in which the other person wrote first (at most `window`). */
  conversations: z.number().int().nonnegative(),
  /** How many of them this person answered. */
  answered: z.number().int().nonnegative(),
  /** Median minutes from the first message to their first reply, over the answered ones; null when none. */
  medianMinutes: z.number().nonnegative().nullable(),
});
export type ResponseTime = z.infer<typeof ResponseTime>;

export const ResponseTimeResponse = z.object({ success: z.literal(true), responseTime: ResponseTime });
