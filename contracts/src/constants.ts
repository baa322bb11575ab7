/** Constants of the spec (000 §9, 002 §9) shared by the server and the web app. */

export const STORAGE_KEYS = { user: 'user', token: 'token', theme: 'theme' } as const;

export const LANGUAGES = ['en', 'es', 'fr', 'de'] as const;
export const PROFILE_VISIBILITY = ['public', 'private'] as const;

export const TIMINGS = {
  statsAutoRefreshMs: 300_000,
  dashboardClockMs: 60_000,
  signInFollowUpDelayMs: 100,
  successBannerMs: 3_000,
  uploadTimeoutMs: 30_000,
  deleteTimeoutMs: 10_000,
  suggestionDebounceMs: 300,
  notificationRefreshMs: 5_000,
  joinRedirectMs: 2_000,
  socketSendTimeoutMs: 10_000,
} as const;

export const TOASTER = {
  limit: 20,
  position: 'top-center',
  gutter: 8,
  removeDelayMs: 1_000,
  durations: { blank: 4_000, error: 4_000, custom: 4_000, success: 2_000, loading: Number.POSITIVE_INFINITY },
} as const;

export const LIMITS = {
  /** Hard ceiling on any list's `limit` query (ARCHITECTURE §5). */
  maxPageSize: 100,
  /** A Google ID token is about 1 KB; anything far larger is not one. */
  credentialMax: 8_192,
  notificationBadgeCap: 99,
  suggestionMinChars: 3,
  nameMax: 100,
  usernameMin: 3,
  usernameMax: 30,
  bioMax: 1_000,
  skillMax: 50,
  skillsMax: 50,
} as const;

export const DASHBOARD_LIST_SIZES = { trending: 3, freelancers: 3, events: 2 } as const;
