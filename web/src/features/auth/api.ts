import { type DevTokenRequest, identityRoutes, type SessionResponse, type SetupUserRequest } from '@commonwork/contracts';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../../shared/api/index.ts';

/** GET /api/auth/config: whether Google sign-in (its client id) and the dev issuer are offered. */
export function useAuthConfig() {
  return useQuery({
    queryKey: ['auth', 'config'],
    queryFn: ({ signal }) => call(identityRoutes.authConfig, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** POST /api/auth/dev/token: the dev issuer signs an ID token for any email. */
export function requestDevToken(body: z.input<typeof DevTokenRequest>): Promise<{ token: string }> {
  return call(identityRoutes.devToken, { body });
}

/** POST /api/auth/google: exchanges a provider credential for the user and our access token. */
export function exchangeCredential(credential: string): Promise<SessionResponse> {
  return call(identityRoutes.googleSignIn, { body: { token: credential } });
}

/** POST /api/users/setup with the not-yet-stored access token of a sign-in in progress. */
export function setupProfile(token: string, body: SetupUserRequest): Promise<SessionResponse> {
  return call(identityRoutes.setupUser, { body, auth: { token } });
}
