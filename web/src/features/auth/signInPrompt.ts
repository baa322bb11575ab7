import type { AuthConfigResponse } from '@commonwork/contracts';

/**
 * The sign-in dialog's line under 'Welcome', naming the methods this server offers: 'Sign in with
 * Google' (spec 000 §2) only where Google is offered, so a server with only the developer sign-in
 * does not promise a Google button it never shows. Until the methods are known, no method is named.
 */
export function signInPrompt(config: AuthConfigResponse | undefined): string {
  if (!config) return 'Sign in to continue.';
  const { googleClientId, devLogin } = config;
  if (googleClientId && devLogin) return 'Sign in with Google or the developer sign-in to continue.';
  if (googleClientId) return 'Sign in with Google to continue.';
  if (devLogin) return 'Use the developer sign-in to continue.';
  return 'Sign-in is not available on this server.';
}
