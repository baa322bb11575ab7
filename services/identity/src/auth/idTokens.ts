import { createHash } from 'node:crypto';
import { createError } from '@commonwork/kit';
import { createRemoteJWKSet, decodeJwt, type JWTVerifyGetKey, errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import type { SigningKey } from '../keys/keyStore.ts';

export const InvalidCredential = createError('INVALID_CREDENTIAL', 'Invalid sign-in credential', 401);
export const SignInUnavailable = createError('SIGN_IN_UNAVAILABLE', 'This sign-in method is not enabled', 401);

const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];
export const DEV_ISSUER = 'commonwork-dev-issuer';
const DEV_AUDIENCE = 'commonwork-dev';
const DEV_TOKEN_TTL = '10m';

const IdClaims = z.object({
  sub: z.string().min(1),
  email: z.email(),
  email_verified: z.boolean().optional(),
  name: z.string().optional(),
  picture: z.string().optional(),
});

/** Who a verified provider credential names. Identity never trusts these fields from a client body. */
export interface VerifiedIdentity {
  subject: string;
  email: string;
  name: string;
  picture: string;
}

export interface IdTokenVerifierOptions {
  googleClientId?: string | undefined;
  googleKeys?: JWTVerifyGetKey;
  googleJwksUrl: string;
  /** The dev issuer's public key set, when the dev issuer is on. */
  devKeys?: JWTVerifyGetKey | undefined;
}

/**
 * Verifies a Google ID token (signature against Google's keys, issuer, audience = our client id,
 * expiry, verified email), or, when enabled, a dev-issuer token exactly the same way.
 */
export function createIdTokenVerifier(options: IdTokenVerifierOptions) {
  let googleKeys = options.googleKeys;
  return async (credential: string): Promise<VerifiedIdentity> => {
    let issuer: unknown;
    try {
      issuer = decodeJwt(credential).iss;
    } catch {
      throw InvalidCredential();
    }
    let verify: { keys: JWTVerifyGetKey; issuer: string | string[]; audience: string };
    if (issuer === DEV_ISSUER) {
      if (!options.devKeys) throw SignInUnavailable('Developer sign-in is not enabled');
      verify = { keys: options.devKeys, issuer: DEV_ISSUER, audience: DEV_AUDIENCE };
    } else {
      if (!options.googleClientId) throw SignInUnavailable('Google sign-in is not configured');
      googleKeys ??= createRemoteJWKSet(new URL(options.googleJwksUrl));
      verify = { keys: googleKeys, issuer: GOOGLE_ISSUERS, audience: options.googleClientId };
    }
    try {
      const { payload } = await jwtVerify(credential, verify.keys, {
        issuer: verify.issuer,
        audience: verify.audience,
        algorithms: ['RS256', 'ES256'],
      });
      const claims = IdClaims.parse(payload);
      if (claims.email_verified === false) throw InvalidCredential('Your Google email address is not verified');
      return {
        subject: `${issuer === DEV_ISSUER ? 'dev' : 'google'}:${claims.sub}`,
        email: claims.email.toLowerCase(),
        name: claims.name ?? claims.email.split('@')[0] ?? '',
        picture: claims.picture ?? '',
      };
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw InvalidCredential('Your sign-in expired. Please try again.');
      if (error instanceof joseErrors.JOSEError || error instanceof z.ZodError) throw InvalidCredential();
      throw error;
    }
  };
}

/** The dev issuer: signs an ID token for any email, shaped like Google's. */
export function signDevIdToken(key: SigningKey, who: { email: string; name: string; picture?: string | undefined }) {
  const email = who.email.toLowerCase();
  return new SignJWT({ email, email_verified: true, name: who.name, picture: who.picture ?? '' })
    .setProtectedHeader({ alg: 'ES256', kid: key.kid, typ: 'JWT' })
    .setIssuer(DEV_ISSUER)
    .setAudience(DEV_AUDIENCE)
    .setSubject(createHash('sha256').update(email).digest('hex').slice(0, 32))
    .setIssuedAt()
    .setExpirationTime(DEV_TOKEN_TTL)
    .sign(key.privateKey);
}
