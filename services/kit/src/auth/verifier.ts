import { AccessClaims } from '@commonwork/contracts';
import { createRemoteJWKSet, type JWTVerifyGetKey, errors as joseErrors, jwtVerify } from 'jose';
import { createError, Unauthorized } from '../errors.ts';

/** Issuer and audience of the platform's access tokens; identity signs, everyone verifies. */
export const ACCESS_TOKEN_ISSUER = 'commonwork-identity';
export const ACCESS_TOKEN_AUDIENCE = 'commonwork';
/** What a person is told when their access token has expired, on a call or on a live connection. */
export const SESSION_EXPIRED = 'Session expired. Please sign in again.';

export type TokenVerifier = (token: string) => Promise<AccessClaims>;

export const KeysUnavailable = createError('AUTH_UNAVAILABLE', 'Sign-in cannot be checked right now. Please try again.', 503);

/** Identity's key set could not be fetched from this replica: another may serve it. */
const unreachable = (error: unknown) => error instanceof TypeError || error instanceof joseErrors.JWKSTimeout;

/**
 * Verifies access tokens against identity's key set, fetched from the first of identity's replicas
 * that answers (each serves the same keys), and cached.
 */
export function remoteTokenVerifier(identityUrls: readonly string[]): TokenVerifier {
  const sets = identityUrls.map((url) => createRemoteJWKSet(new URL('/.well-known/jwks.json', url), { cooldownDuration: 5_000 }));
  return createTokenVerifier(async (header, token) => {
    let cause: unknown;
    for (const getKey of sets) {
      try {
        return await getKey(header, token);
      } catch (error) {
        if (!unreachable(error)) throw error;
        cause = error;
      }
    }
    throw Object.assign(KeysUnavailable(), { cause });
  });
}

/**
 * Verifies the platform's access tokens (signature, issuer, audience, expiry) with a key getter:
 * identity's own keys, or its key set over HTTP (`remoteTokenVerifier`).
 */
export function createTokenVerifier(getKey: JWTVerifyGetKey): TokenVerifier {
  return async (token) => {
    try {
      const { payload } = await jwtVerify(token, getKey, {
        issuer: ACCESS_TOKEN_ISSUER,
        audience: ACCESS_TOKEN_AUDIENCE,
        algorithms: ['ES256'],
      });
      const claims = AccessClaims.safeParse(payload);
      if (!claims.success) throw Unauthorized('Invalid token');
      return claims.data;
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw Unauthorized(SESSION_EXPIRED);
      if (error instanceof joseErrors.JOSEError) throw Unauthorized('Invalid token');
      throw error;
    }
  };
}

/** The bearer token of an Authorization header, or null. */
export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const [scheme, value] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && value ? value : null;
}
