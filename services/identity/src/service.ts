import { join } from 'node:path';
import {
  createTokenVerifier,
  endedSessionsList,
  remoteEndedSessionsSource,
  remoteIntrospection,
  type ServiceDefinition,
  withEndedSessions,
  withPersonalTokens,
} from '@commonwork/kit';
import { devLoginNotice } from './auth/devLoginAccess.ts';
import { createIdTokenVerifier } from './auth/idTokens.ts';
import { registerAuthRoutes } from './auth/routes.ts';
import { devLoginAccessOf, type IdentityConfig } from './config.ts';
import type { IdentityEvent } from './events.ts';
import { subscriptions } from './handlers/index.ts';
import type { KeyStore } from './keys/keyStore.ts';
import { migrations } from './migrations.ts';
import { exportIdentityPerson } from './personalData/export.ts';
import { exportExpiryJob } from './personalData/exports/exportExpiry.ts';
import { registerExportRoutes } from './personalData/exports/exportRoutes.ts';
import { registerAccountDeletion } from './personalData/forget.ts';
import { publishUserEvent } from './publish.ts';
import { registerSessionRoutes } from './sessions/routes.ts';
import { sessionsOf } from './sessions/sessions.ts';
import { registerStatsRoutes } from './stats/routes.ts';
import type { IdentityTables } from './tables.ts';
import { registerTokenRoutes } from './tokens/routes.ts';
import { registerPlanRoutes } from './users/planRoutes.ts';
import { registerUserRoutes } from './users/routes.ts';
import { usersOf } from './users/users.ts';

/** Where identity keeps its keys unless a mounted secret says otherwise. */
export const keysFileOf = (config: IdentityConfig) => config.IDENTITY_KEYS_FILE ?? join(config.DATA_DIR, 'keys', 'identity.json');

/**
 * Identity verifies its JWTs with its own keys, without a network round trip; ended sessions and
 * personal access tokens as every other part does, through identity's internal routes on
 * `identityUrls` (whichever replica answers: a function, for a platform whose identity starts later).
 */
export const identityVerifier = (keys: KeyStore, identityUrls: readonly string[] | (() => readonly string[])) =>
  withPersonalTokens(
    withEndedSessions(createTokenVerifier(keys.accessKeys), endedSessionsList(remoteEndedSessionsSource(identityUrls))),
    remoteIntrospection(identityUrls),
  );

export interface IdentityOptions {
  /** The time tokens' expiries are set from and checked against (tests move it forward); default the real one. */
  now?: () => Date;
}

/** The identity service: sign-in and signing out, the dev issuer, users and profiles, their statistics, personal access tokens. */
export function identityService(
  config: IdentityConfig,
  keys: KeyStore,
  options: IdentityOptions = {},
): ServiceDefinition<IdentityTables, IdentityEvent> {
  const devLogin = devLoginAccessOf(config);
  const now = options.now ?? (() => new Date());
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
    jobs: [exportExpiryJob(now)],
    exportPerson: exportIdentityPerson,
    register: (ctx) => {
      const notice = devLoginNotice(devLogin);
      ctx.log[notice.level](notice.message);
      const users = usersOf(ctx);
      const sessions = sessionsOf(ctx.db, keys, config.ACCESS_TOKEN_TTL_SECONDS);
      registerAuthRoutes(ctx, { keys, users, verifyIdToken, googleClientId: config.GOOGLE_CLIENT_ID ?? null, devLogin, sessions });
      registerUserRoutes(ctx, { users, verifyIdToken, sessions });
      registerSessionRoutes(ctx, sessions);
      registerAccountDeletion(ctx, { users, sessions });
      registerPlanRoutes(ctx, users, config.ADMIN_EMAILS);
      registerStatsRoutes(ctx);
      registerTokenRoutes(ctx, { now });
      registerExportRoutes(ctx, { now });
    },
  };
}
