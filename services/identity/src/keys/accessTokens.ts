import { randomUUID } from 'node:crypto';
import type { AccessClaims } from '@commonwork/contracts';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER } from '@commonwork/kit';
import { SignJWT } from 'jose';
import type { SigningKey } from './keyStore.ts';

/**
 * Signs the platform's access token for a user, in the session `claims.sid` (sign-in records it, so
 * signing out can end it); without one, in a session of its own that nothing records (benchmarks, tests).
 */
export function issueAccessToken(key: SigningKey, claims: AccessClaims, ttlSeconds: number): Promise<string> {
  return new SignJWT({ email: claims.email, role: claims.role, sid: claims.sid ?? randomUUID() })
    .setProtectedHeader({ alg: 'ES256', kid: key.kid, typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuer(ACCESS_TOKEN_ISSUER)
    .setAudience(ACCESS_TOKEN_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(key.privateKey);
}
