import { AccessClaims } from '@commonwork/contracts';
import { createRemoteJWKSet, type JWTVerifyGetKey, errors as joseErrors, jwtVerify } from 'jose';
import { Unauthorized } from '../errors.ts';

/** Issuer and audience of the platform's access tokens; identity signs, everyone verifies. */
export const ACCESS_TOKEN_ISSUER = 'commonwork-identity';
export const ACCESS_TOKEN_AUDIENCE = 'commonwork';
/** What a person is told when their access token has expired, on a call or on a live connection. */
export const SESSION_EXPIRED = 'Session expired. Please sign in again.';

export type TokenVerifier = (token: string) => Promise<AccessClaims>;

/**
 * Verifies the platform's access tokens against identity's key set (signature, issuer, audience,
 * expiry). Pass identity's JWKS URL, or a key getter when the keys are local (identity itself).
 */
export function createTokenVerifier(keys: URL | JWTVerifyGetKey): TokenVerifier {
  const getKey = keys instanceof URL ? createRemoteJWKSet(keys, { cooldownDuration: 5_000 }) : keys;
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
