import { identityRoutes } from '@commonwork/contracts';
import { ENDED_SESSIONS_PATH, EndedSessionsQuery, registerRoute, type ServiceContext } from '@commonwork/kit';
import type { IdentityTables } from '../tables.ts';
import type { Sessions } from './sessions.ts';

/**
 * Signing out (the caller's session, or every one of theirs), and the internal question every
 * verifier asks about ended sessions (`ENDED_SESSIONS_PATH`, which the gateway never proxies).
 * Both calls are the contracts' scope `session`: a personal access token is refused there by the kit.
 */
export function registerSessionRoutes(ctx: ServiceContext<IdentityTables>, sessions: Sessions) {
  const { app, verifier } = ctx;

  registerRoute(app, verifier, identityRoutes.signOut, async ({ caller }) => ({
    success: true as const,
    message: 'Signed out',
    // Every session token carries a sid (the verifier refuses one without).
    ended: caller.sid ? await sessions.end(caller.sid, caller.sub) : 0,
  }));

  registerRoute(app, verifier, identityRoutes.signOutEverywhere, async ({ caller }) => ({
    success: true as const,
    message: 'Signed out everywhere',
    ended: await sessions.endAll(caller.sub),
  }));

  app.get(ENDED_SESSIONS_PATH, { schema: { querystring: EndedSessionsQuery } }, async (request) => {
    const { after } = request.query as { after?: number };
    return sessions.endedAfter(after);
  });
}
