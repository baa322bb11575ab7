// The statistics' sentences, without zod.

/** Spec 000 §8, word for word. */
export const STATS_MESSAGES = {
  fetchFailed: 'Failed to fetch user stats',
  refreshFailed: 'Failed to refresh user stats',
} as const;
