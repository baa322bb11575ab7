import { identityRoutes } from '@commonwork/contracts';
import { registerRoute, type ServiceContext } from '@commonwork/kit';
import type { KeyStore } from '../keys/keyStore.ts';
import type { Sessions } from '../sessions/sessions.ts';
import type { IdentityTables } from '../tables.ts';
import type { Users } from '../users/users.ts';
import { type DevLoginAccess, DevLoginLocalOnly, devLoginAllowed } from './devLoginAccess.ts';
import { SignInUnavailable, signDevIdToken, type VerifiedIdentity } from './idTokens.ts';

export interface AuthDeps {
  keys: KeyStore;
  users: Users;
  verifyIdToken: (credential: string) => Promise<VerifiedIdentity>;
  googleClientId: string | null;
  devLogin: DevLoginAccess;
  sessions: Sessions;
}

export function registerAuthRoutes(ctx: ServiceContext<IdentityTables>, deps: AuthDeps) {
  const { app, verifier } = ctx;

  // Internal: the public keys the gateway and services verify access tokens with.
  app.get('/.well-known/jwks.json', async () => deps.keys.jwks);

  // A caller the dev issuer would refuse is not offered it.
  registerRoute(app, verifier, identityRoutes.authConfig, async ({ request }) => ({
    googleClientId: deps.googleClientId,
    devLogin: devLoginAllowed(deps.devLogin, request),
  }));

  registerRoute(app, verifier, identityRoutes.devToken, async ({ body, request }) => {
    if (deps.devLogin === 'off') throw SignInUnavailable('Developer sign-in is not enabled');
    if (!devLoginAllowed(deps.devLogin, request)) throw DevLoginLocalOnly();
    return { token: await signDevIdToken(deps.keys.dev, body) };
  });

  registerRoute(app, verifier, identityRoutes.googleSignIn, async ({ body, request }) => {
    const who = await deps.verifyIdToken(body.token);
    const { row, isNew } = await deps.users.findOrRegister(who, ctx.metadataFor(request, null));
    return deps.sessions.start(row, isNew, isNew ? 'Account created successfully' : 'Signed in successfully');
  });
}
