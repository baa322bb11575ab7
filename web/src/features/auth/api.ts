import type { AuthConfigResponse, DevTokenRequest, SessionResponse, SetupUserRequest } from '@commonwork/contracts';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../shared/api/index.ts';

/** GET /api/auth/config: whether Google sign-in (its client id) and the dev issuer are offered. */
export function useAuthConfig() {
  return useQuery({
    queryKey: ['auth', 'config'],
    queryFn: ({ signal }) => apiRequest<AuthConfigResponse>('/api/auth/config', { auth: 'none', signal }),
    staleTime: 5 * 60_000,
  });
}

/** POST /api/auth/dev/token: the dev issuer signs an ID token for any email. */
export function requestDevToken(body: z.input<typeof DevTokenRequest>): Promise<{ token: string }> {
  return apiRequest<{ token: string }>('/api/auth/dev/token', { method: 'POST', body, auth: 'none' });
}

/** POST /api/auth/google: exchanges a provider credential for the user and our access token. */
export function exchangeCredential(credential: string): Promise<SessionResponse> {
  return apiRequest<SessionResponse>('/api/auth/google', { method: 'POST', body: { token: credential }, auth: 'none' });
}

/** POST /api/users/setup with the not-yet-stored access token of a sign-in in progress. */
export function setupProfile(token: string, body: SetupUserRequest): Promise<SessionResponse> {
  return apiRequest<SessionResponse>('/api/users/setup', { method: 'POST', body, auth: { token } });
}
