import type { AccessClaims } from '@commonwork/contracts';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER } from '@commonwork/kit';
import { SignJWT } from 'jose';
import type { SigningKey } from './keyStore.ts';

/** Signs the platform's access token for a user. */
export function issueAccessToken(key: SigningKey, claims: AccessClaims, ttlSeconds: number): Promise<string> {
  return new SignJWT({ email: claims.email, role: claims.role })
    .setProtectedHeader({ alg: 'ES256', kid: key.kid, typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuer(ACCESS_TOKEN_ISSUER)
    .setAudience(ACCESS_TOKEN_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(key.privateKey);
}
