import { join } from 'node:path';
import { createTokenVerifier, type ServiceDefinition, type TokenIntrospection, withPersonalTokens } from '@commonwork/kit';
import { devLoginNotice } from './auth/devLoginAccess.ts';
import { createIdTokenVerifier } from './auth/idTokens.ts';
import { registerAuthRoutes } from './auth/routes.ts';
import { devLoginAccessOf, type IdentityConfig } from './config.ts';
import type { IdentityEvent } from './events.ts';
import { subscriptions } from './handlers/index.ts';
import type { KeyStore } from './keys/keyStore.ts';
import { migrations } from './migrations.ts';
import { publishUserEvent } from './publish.ts';
import { registerStatsRoutes } from './stats/routes.ts';
import type { IdentityTables } from './tables.ts';
import { registerTokenRoutes } from './tokens/routes.ts';
import { registerPlanRoutes } from './users/planRoutes.ts';
import { registerUserRoutes } from './users/routes.ts';
import { usersOf } from './users/users.ts';

/** Where identity keeps its keys unless a mounted secret says otherwise. */
export const keysFileOf = (config: IdentityConfig) => config.IDENTITY_KEYS_FILE ?? join(config.DATA_DIR, 'keys', 'identity.json');

/**
 * Identity verifies its JWTs with its own keys, without a network round trip; personal access tokens
 * through `introspect` (identity's internal route, on whichever replica answers), kept a second.
 */
export const identityVerifier = (keys: KeyStore, introspect?: TokenIntrospection) =>
  introspect ? withPersonalTokens(createTokenVerifier(keys.accessKeys), introspect) : createTokenVerifier(keys.accessKeys);

export interface IdentityOptions {
  /** The time tokens' expiries are set from and checked against (tests move it forward); default the real one. */
  now?: () => Date;
}

/** The identity service: sign-in, the dev issuer, users and profiles, their statistics, personal access tokens. */
export function identityService(
  config: IdentityConfig,
  keys: KeyStore,
  options: IdentityOptions = {},
): ServiceDefinition<IdentityTables, IdentityEvent> {
  const devLogin = devLoginAccessOf(config);
  const verifyIdToken = createIdTokenVerifier({
    googleClientId: config.GOOGLE_CLIENT_ID,
    googleJwksUrl: config.GOOGLE_JWKS_URL,
    devKeys: devLogin !== 'off' ? keys.devKeys : undefined,
  });
  return {
    name: 'identity',
    migrations,
    publish: publishUserEvent,
    subscriptions,
    register: (ctx) => {
      const notice = devLoginNotice(devLogin);
      ctx.log[notice.level](notice.message);
      const users = usersOf(ctx);
      const ttlSeconds = config.ACCESS_TOKEN_TTL_SECONDS;
      registerAuthRoutes(ctx, { keys, users, verifyIdToken, googleClientId: config.GOOGLE_CLIENT_ID ?? null, devLogin, ttlSeconds });
      registerUserRoutes(ctx, { keys, users, verifyIdToken, ttlSeconds });
      registerPlanRoutes(ctx, users, config.ADMIN_EMAILS);
      registerStatsRoutes(ctx);
      registerTokenRoutes(ctx, { now: options.now ?? (() => new Date()) });
    },
  };
}
