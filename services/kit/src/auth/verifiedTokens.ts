import type { AccessClaims } from '@commonwork/contracts';
import type { TokenVerifier } from './verifier.ts';

/** How long a verified signature is trusted without checking it again: what retiring a signing key waits for, at most. */
export const VERIFIED_TOKEN_CACHE_MS = 60_000;
const MAX_CACHED = 20_000;

/**
 * Remembers which access tokens were verified, so a person's next calls with the same token skip
 * the signature check until the token expires (and at most `cacheMs`).
 *
 * Why: every call is verified at the gateway and again by the service it reaches, and a socket's
 * writes by messaging; the ES256 check was the largest single cost of a reaction on the main thread
 * of bench:realtime (more than the database work). The same bytes verify the same way, so caching
 * by the token itself changes no answer: the expiry is still checked on every call, and a refusal is
 * never cached (a bad token is checked each time, as before). Session revocation is checked apart
 * from this, on every call.
 */
export function withVerifiedTokens(jwt: TokenVerifier, options: { cacheMs?: number; now?: () => number } = {}): TokenVerifier {
  const cacheMs = options.cacheMs ?? VERIFIED_TOKEN_CACHE_MS;
  const now = options.now ?? Date.now;
  const verified = new Map<string, { until: number; claims: Promise<AccessClaims> }>();
  return (token) => {
    const t = now();
    const hit = verified.get(token);
    if (hit && t < hit.until) return hit.claims;
    if (hit) verified.delete(token);
    const claims = jwt(token).then((c) => Object.freeze(c));
    // A flood of distinct tokens cannot grow the cache without bound.
    if (verified.size >= MAX_CACHED) verified.clear();
    // Callers at the same moment share one check; its refusal is dropped, its claims kept until expiry.
    verified.set(token, { until: t + cacheMs, claims });
    claims.then(
      (c) => {
        const entry = verified.get(token);
        if (entry?.claims === claims && c.exp !== undefined) entry.until = Math.min(entry.until, c.exp * 1000);
      },
      () => {
        if (verified.get(token)?.claims === claims) verified.delete(token);
      },
    );
    return claims;
  };
}
