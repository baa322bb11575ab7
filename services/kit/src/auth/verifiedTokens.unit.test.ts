import { randomUUID } from 'node:crypto';
import { generateKeyPair, type JWTVerifyGetKey, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { VERIFIED_TOKEN_CACHE_MS, withVerifiedTokens } from './verifiedTokens.ts';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER, createTokenVerifier, SESSION_EXPIRED } from './verifier.ts';

const { privateKey, publicKey } = await generateKeyPair('ES256');

/** The platform's verifier (cached) on a real ES256 key whose lookups are counted: one lookup is one signature check. */
function countingVerifier() {
  const checks = { count: 0 };
  const getKey: JWTVerifyGetKey = async () => {
    checks.count++;
    return publicKey;
  };
  return { verify: createTokenVerifier(getKey), checks };
}

const sign = (expiresInSeconds: number, nowSeconds = Math.floor(Date.now() / 1000)) =>
  new SignJWT({ email: 'ada@example.com', role: 'user', sid: randomUUID() })
    .setProtectedHeader({ alg: 'ES256' })
    .setSubject(randomUUID())
    .setIssuer(ACCESS_TOKEN_ISSUER)
    .setAudience(ACCESS_TOKEN_AUDIENCE)
    .setIssuedAt(nowSeconds)
    .setExpirationTime(nowSeconds + expiresInSeconds)
    .sign(privateKey);

describe('verified access tokens, remembered until they expire', () => {
  it('checks a token signature once, and answers the same claims for its next calls', async () => {
    const { verify: cached, checks } = countingVerifier();
    const token = await sign(3600);
    const answers = await Promise.all([cached(token), cached(token)]);
    const again = await cached(token);
    expect(checks.count).toBe(1);
    expect(again).toEqual(answers[0]);
    expect(again.email).toBe('ada@example.com');
  });

  it('checks again after the cache time, so a retired signing key stops verifying within it', async () => {
    const checks = { count: 0 };
    const claims = { sub: randomUUID(), sid: randomUUID(), email: 'ada@example.com', role: 'user' as const };
    let clock = Date.now();
    const cached = withVerifiedTokens(
      async () => {
        checks.count++;
        return claims;
      },
      { now: () => clock },
    );
    await cached('a token');
    clock += VERIFIED_TOKEN_CACHE_MS - 1;
    await cached('a token');
    expect(checks.count).toBe(1);
    clock += 1;
    await cached('a token');
    expect(checks.count).toBe(2);
  });

  it('refuses an expired token even when its earlier check was cached', async () => {
    const { verify: cached, checks } = countingVerifier();
    // Expires in two seconds: the next call after that is checked again, and refused.
    const token = await sign(2);
    await cached(token);
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    await expect(cached(token)).rejects.toMatchObject({ statusCode: 401, message: SESSION_EXPIRED });
    expect(checks.count).toBe(2);
  });

  it('never caches a refusal: a bad token is checked each time', async () => {
    const { verify: cached, checks } = countingVerifier();
    const token = await sign(3600);
    const forged = `${token.slice(0, -4)}AAAA`;
    await expect(cached(forged)).rejects.toMatchObject({ statusCode: 401 });
    await expect(cached(forged)).rejects.toMatchObject({ statusCode: 401 });
    expect(checks.count).toBe(2);
  });
});
