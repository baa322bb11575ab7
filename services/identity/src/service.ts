import { join } from 'node:path';
import { createTokenVerifier, type ServiceDefinition } from '@commonwork/kit';
import { devLoginNotice } from './auth/devLoginAccess.ts';
import { createIdTokenVerifier } from './auth/idTokens.ts';
import { registerAuthRoutes } from './auth/routes.ts';
import { devLoginAccessOf, type IdentityConfig } from './config.ts';
import { subscriptions } from './handlers/index.ts';
import type { KeyStore } from './keys/keyStore.ts';
import { migrations } from './migrations.ts';
import { publishUserEvent } from './publish.ts';
import { registerStatsRoutes } from './stats/routes.ts';
import type { IdentityTables } from './tables.ts';
import { registerPlanRoutes } from './users/planRoutes.ts';
import { registerUserRoutes } from './users/routes.ts';
import type { UserEvent } from './users/user.ts';
import { usersOf } from './users/users.ts';

/** Where identity keeps its keys unless a mounted secret says otherwise. */
export const keysFileOf = (config: IdentityConfig) => config.IDENTITY_KEYS_FILE ?? join(config.DATA_DIR, 'keys', 'identity.json');

/** Identity identifies itself with its own keys, without a network round trip. */
export const identityVerifier = (keys: KeyStore) => createTokenVerifier(keys.accessKeys);

/** The identity service: sign-in, the dev issuer, users and profiles, their statistics. */
export function identityService(config: IdentityConfig, keys: KeyStore): ServiceDefinition<IdentityTables, UserEvent> {
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
    },
  };
}
