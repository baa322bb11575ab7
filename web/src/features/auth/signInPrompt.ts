import type { AuthConfigResponse } from '@commonwork/contracts';
import { t } from './locales/index.ts';

/**
 * The sign-in dialog's line under 'Welcome', naming the methods this server offers: 'Sign in with
 * Google' (spec 000 §2) only where Google is offered, so a server with only the developer sign-in
 * does not promise a Google button it never shows. Until the methods are known, no method is named.
 */
export function signInPrompt(config: AuthConfigResponse | undefined): string {
  if (!config) return t('auth.prompt.unknown');
  const { googleClientId, devLogin } = config;
  if (googleClientId && devLogin) return t('auth.prompt.both');
  if (googleClientId) return t('auth.prompt.google');
  if (devLogin) return t('auth.prompt.dev');
  return t('auth.prompt.none');
}
