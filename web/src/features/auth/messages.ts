import type { t } from './locales/index.ts';

/** Sign-in messages of spec 000 §8 and 002 §8 by id (features/auth/locales), translated when shown. */
export const AUTH_MESSAGES = {
  login: {
    failed: 'auth.login.failed',
    providerFailed: 'auth.login.providerFailed',
    success: 'auth.login.success',
  },
  signup: {
    failed: 'auth.signup.failed',
    providerFailed: 'auth.signup.providerFailed',
    success: 'auth.signup.success',
  },
  authenticateFallback: 'auth.authenticateFallback',
  processFailed: 'auth.processFailed',
  setupFallback: 'auth.setupFallback',
  unexpected: 'auth.unexpected',
  joinRequiresLogin: 'auth.joinRequiresLogin',
} as const satisfies Record<string, Parameters<typeof t>[0] | Record<string, Parameters<typeof t>[0]>>;

export type AuthMode = 'login' | 'signup';
