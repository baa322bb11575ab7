import { CommonConfig, envFlag } from '@commonwork/kit';
import { z } from 'zod';
import type { DevLoginAccess } from './auth/devLoginAccess.ts';

export const IdentityConfig = CommonConfig.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(4001),
  HOST: z.string().default('127.0.0.1'),
  /** Google OAuth client id; unset means Google sign-in is off. */
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  /** Where Google publishes its signing keys (overridable for tests of the Google path). */
  GOOGLE_JWKS_URL: z.string().url().default('https://www.googleapis.com/oauth2/v3/certs'),
  /** The dev issuer: on by default outside production, off in production unless set true. */
  AUTH_DEV_LOGIN: z.enum(['true', 'false', '1', '0', '']).optional(),
  /**
   * The dev issuer for callers anywhere, not only on this machine; default false. Behind a gateway on
   * another host (compose, Kubernetes) no caller is on loopback, so such a test cluster needs it.
   */
  AUTH_DEV_LOGIN_REMOTE: envFlag(false),
  /** Access token lifetime in seconds; default 12 h. */
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().positive().default(43_200),
  /** Signing keys (a mounted secret in cluster mode); default DATA_DIR/keys/identity.json. */
  IDENTITY_KEYS_FILE: z.string().optional(),
  /**
   * The platform's admins, by the email their sign-in proves (comma-separated, any case): they may
   * set people's plans. Default none.
   */
  ADMIN_EMAILS: z
    .string()
    .default('')
    .transform((list) =>
      list
        .split(',')
        .map((email) => email.trim().toLowerCase())
        .filter((email) => email.length > 0),
    ),
});
export type IdentityConfig = z.infer<typeof IdentityConfig>;

/** Whether the dev issuer is on: explicit setting wins; otherwise on except in production. */
export function devLoginEnabled(config: IdentityConfig): boolean {
  return envFlag(config.NODE_ENV !== 'production').parse(config.AUTH_DEV_LOGIN);
}

/** Who may use the dev issuer: off, this machine's callers only (the default when on), or anyone. */
export function devLoginAccessOf(config: IdentityConfig): DevLoginAccess {
  if (!devLoginEnabled(config)) return 'off';
  return config.AUTH_DEV_LOGIN_REMOTE ? 'open' : 'loopback';
}
