import { AccessClaims, INSUFFICIENT_SCOPE, insufficientScopeMessage, PERSONAL_TOKEN_PREFIX, type RouteScope } from '@commonwork/contracts';
import { createRemoteJWKSet, type JWTVerifyGetKey, errors as joseErrors, jwtVerify } from 'jose';
import { AppError, createError, Unauthorized } from '../errors.ts';
import { type EndedSessions, endedSessionsList, remoteEndedSessionsSource, SESSION_ENDED } from './sessions.ts';
import { withVerifiedTokens } from './verifiedTokens.ts';

/** Issuer and audience of the platform's access tokens; identity signs, everyone verifies. */
export const ACCESS_TOKEN_ISSUER = 'commonwork-identity';
export const ACCESS_TOKEN_AUDIENCE = 'commonwork';
/** What a person is told when their access token has expired, on a call or on a live connection. */
export const SESSION_EXPIRED = 'Session expired. Please sign in again.';

export type TokenVerifier = ((token: string) => Promise<AccessClaims>) & {
  /** The signed-out sessions it refuses, for a holder of live connections to close theirs (realtime). */
  endedSessions?: EndedSessions;
};

export const KeysUnavailable = createError('AUTH_UNAVAILABLE', 'Sign-in cannot be checked right now. Please try again.', 503);

/** Identity's key set could not be fetched from this replica: another may serve it. */
const unreachable = (error: unknown) => error instanceof TypeError || error instanceof joseErrors.JWKSTimeout;

/**
 * Verifies access tokens against identity's key set, fetched from the first of identity's replicas
 * that answers (each serves the same keys), and cached.
 */
export function remoteTokenVerifier(identityUrls: readonly string[]): TokenVerifier {
  const ended = endedSessionsList(remoteEndedSessionsSource(identityUrls));
  return withPersonalTokens(withEndedSessions(remoteJwtVerifier(identityUrls), ended), remoteIntrospection(identityUrls));
}

/**
 * A JWT verifier that also refuses a signed-out session (its `sid` on identity's list of ended
 * sessions, at most a second old), and carries the list for whoever holds connections open.
 */
export function withEndedSessions(jwt: TokenVerifier, ended: EndedSessions): TokenVerifier {
  const verify = async (token: string) => {
    const claims = await jwt(token);
    if (claims.sid && (await ended.current()).has(claims.sid)) throw Unauthorized(SESSION_ENDED);
    return claims;
  };
  return Object.assign(verify, { endedSessions: ended });
}

/** Identity's JWTs only, against its key set over HTTP. */
function remoteJwtVerifier(identityUrls: readonly string[]): TokenVerifier {
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
 * identity's own keys, or its key set over HTTP (`remoteTokenVerifier`). A token verified once is
 * not checked again until it expires, for at most a minute (`withVerifiedTokens`).
 */
export function createTokenVerifier(getKey: JWTVerifyGetKey): TokenVerifier {
  return withVerifiedTokens(async (token) => {
    try {
      const { payload } = await jwtVerify(token, getKey, {
        issuer: ACCESS_TOKEN_ISSUER,
        audience: ACCESS_TOKEN_AUDIENCE,
        algorithms: ['ES256'],
      });
      const claims = AccessClaims.safeParse(payload);
      if (!claims.success) throw Unauthorized('Invalid token');
      // Tokens signed before sessions had ids cannot be signed out, so they are ended once (docs/decisions/identity/signing-out.md).
      if (!claims.data.sid) throw Unauthorized(SESSION_EXPIRED);
      return claims.data;
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw Unauthorized(SESSION_EXPIRED);
      if (error instanceof joseErrors.JOSEError) throw Unauthorized('Invalid token');
      throw error;
    }
  });
}

/** The bearer token of an Authorization header, or null. */
export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const [scheme, value] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && value ? value : null;
}

/** Identity's internal route that answers what a personal access token may do; the gateway never proxies it (only /api is). */
export const INTROSPECT_PATH = '/internal/tokens/introspect';

/** How long an answer about a personal access token is kept: what a revocation or an expiry waits for, at most. */
export const PERSONAL_TOKEN_CACHE_MS = 1_000;

/** Asks identity what a personal access token may do: its claims, or a refusal (an AppError). */
export type TokenIntrospection = (secret: string) => Promise<AccessClaims>;

/**
 * Introspection over HTTP on identity's internal route, asking its replicas in turn until one
 * answers. `identityUrls` may be a function, for a platform whose identity starts after the verifier is made.
 */
export function remoteIntrospection(identityUrls: readonly string[] | (() => readonly string[])): TokenIntrospection {
  const urlsOf = typeof identityUrls === 'function' ? identityUrls : () => identityUrls;
  return async (secret) => {
    let cause: unknown;
    for (const url of urlsOf()) {
      let res: Response;
      try {
        res = await fetch(new URL(INTROSPECT_PATH, url), {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ token: secret }),
          signal: AbortSignal.timeout(2_000),
        });
      } catch (error) {
        cause = error;
        continue;
      }
      const body = (await res.json().catch(() => null)) as { claims?: unknown; message?: string } | null;
      if (res.status === 200) {
        const claims = AccessClaims.safeParse(body?.claims);
        if (claims.success) return claims.data;
        throw Unauthorized('Invalid token');
      }
      if (res.status === 401) throw Unauthorized(body?.message ?? 'Invalid token');
      cause = new Error(`identity answered ${res.status}`);
    }
    throw Object.assign(KeysUnavailable(), { cause });
  };
}

/**
 * A verifier that also takes personal access tokens (`cw_pat_…`): those are asked of identity and
 * the answer, a refusal included, is kept for at most `cacheMs` (1 s), so a revoked or expired token
 * is refused by every gateway, service and realtime replica within a second while a busy
 * integration costs identity at most one question a second per replica. An unreachable identity is
 * never cached. Anything else goes to `jwt`.
 */
const MAX_CACHED = 10_000;

export function withPersonalTokens(
  jwt: TokenVerifier,
  introspect: TokenIntrospection,
  options: { cacheMs?: number; now?: () => number } = {},
): TokenVerifier {
  const cacheMs = options.cacheMs ?? PERSONAL_TOKEN_CACHE_MS;
  const now = options.now ?? Date.now;
  const answers = new Map<string, { at: number; answer: Promise<AccessClaims> }>();
  let swept = now();
  const sweep = (t: number) => {
    if (t - swept < cacheMs) return;
    swept = t;
    for (const [key, entry] of answers) if (t - entry.at >= cacheMs) answers.delete(key);
  };
  const verify = async (token: string) => {
    if (!token.startsWith(PERSONAL_TOKEN_PREFIX)) return jwt(token);
    const t = now();
    sweep(t);
    const cached = answers.get(token);
    if (cached && t - cached.at < cacheMs) return cached.answer;
    // One question in flight per token: callers at the same moment share it.
    const answer = introspect(token);
    // A flood of distinct tokens within one second cannot grow the cache without bound.
    if (answers.size >= MAX_CACHED) answers.clear();
    answers.set(token, { at: t, answer });
    answer.catch((error: unknown) => {
      if (!(error instanceof AppError) || error.statusCode !== 401) answers.delete(token);
    });
    return answer;
  };
  return Object.assign(verify, { endedSessions: jwt.endedSessions });
}

export const InsufficientScope = createError(INSUFFICIENT_SCOPE, insufficientScopeMessage('session'), 403);

/**
 * Whether a caller may make a call that needs `scope`: a signed-in session (no `scopes`) always; a
 * personal access token when it holds the scope, never on `session` calls nor on a call that
 * declares none, and on any `by-event` call (which answers only what its scopes cover). Throws 403
 * INSUFFICIENT_SCOPE naming the scope.
 */
export function requireScope(claims: Pick<AccessClaims, 'scopes'>, scope: RouteScope | undefined) {
  if (!claims.scopes) return;
  if (scope === 'by-event') return;
  if (scope === undefined || scope === 'session') throw InsufficientScope(insufficientScopeMessage('session'));
  if (!claims.scopes.includes(scope)) throw InsufficientScope(insufficientScopeMessage(scope));
}
