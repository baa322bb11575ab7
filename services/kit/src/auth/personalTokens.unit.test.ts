import { PassThrough } from 'node:stream';
import type { AccessClaims } from '@commonwork/contracts';
import { describe, expect, it } from 'vitest';
import { AppError, Unauthorized } from '../errors.ts';
import { loggedPath } from '../http/app.ts';
import { createLogger } from '../logger.ts';
import { KeysUnavailable, requireScope, withPersonalTokens } from './verifier.ts';

const SECRET = `cw_pat_${'A1b2C3d4E5'.repeat(4)}`;
const claims: AccessClaims = {
  sub: '6d1f3c1e-2b1a-4c1e-9f1e-1a2b3c4d5e6f',
  email: 'ada@example.com',
  role: 'user',
  scopes: ['gigs:read'],
  tid: '0b7c9d2e-1f3a-4b5c-8d6e-7f8a9b0c1d2e',
};

/** Identity as the verifier sees it: answers in turn, counting the questions. */
function identityAnswering(...answers: (AccessClaims | Error)[]) {
  const asked = { count: 0 };
  const introspect = async () => {
    const answer = answers[Math.min(asked.count++, answers.length - 1)];
    if (answer instanceof Error) throw answer;
    return answer as AccessClaims;
  };
  return { asked, introspect };
}

describe('personal access tokens in the verifier', () => {
  const jwt = async () => ({ sub: claims.sub, email: claims.email, role: 'user' as const });

  it('asks identity about a cw_pat_ secret once a second, sharing the question, and sends anything else to the JWT verifier', async () => {
    let now = 0;
    const identity = identityAnswering(claims, Unauthorized('Invalid token'));
    const verify = withPersonalTokens(jwt, identity.introspect, { now: () => now });
    const [a, b] = await Promise.all([verify(SECRET), verify(SECRET)]);
    expect([a, b]).toEqual([claims, claims]);
    now = 999;
    expect(await verify(SECRET)).toEqual(claims);
    expect(identity.asked.count).toBe(1);
    // A second on, identity is asked again: now it says revoked.
    now = 1_000;
    await expect(verify(SECRET)).rejects.toMatchObject({ statusCode: 401 });
    expect(identity.asked.count).toBe(2);
    expect(await verify('eyJ.a.jwt')).toMatchObject({ sub: claims.sub });
    expect(identity.asked.count).toBe(2);
  });

  it('never keeps an unreachable identity: the next call asks again', async () => {
    const identity = identityAnswering(KeysUnavailable(), claims);
    const verify = withPersonalTokens(jwt, identity.introspect, { now: () => 0 });
    await expect(verify(SECRET)).rejects.toMatchObject({ statusCode: 503 });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await verify(SECRET)).toEqual(claims);
  });
});

describe('requireScope', () => {
  const refusal = (scopes: AccessClaims['scopes'], scope: Parameters<typeof requireScope>[1]) => {
    try {
      requireScope({ scopes }, scope);
      return null;
    } catch (error) {
      return error instanceof AppError ? `${error.statusCode} ${error.code}: ${error.message}` : String(error);
    }
  };

  it('lets a session do anything, a token only what its scopes name', () => {
    expect(refusal(undefined, 'gigs:write')).toBeNull();
    expect(refusal(undefined, 'session')).toBeNull();
    expect(refusal(['gigs:read'], 'gigs:read')).toBeNull();
    expect(refusal(['gigs:read'], 'gigs:write')).toBe('403 INSUFFICIENT_SCOPE: This token lacks the gigs:write scope.');
    expect(refusal(['gigs:read'], 'by-event')).toBeNull();
  });

  it('refuses a token on session routes and on routes that declare no scope', () => {
    const sessionOnly = '403 INSUFFICIENT_SCOPE: A personal access token cannot do this; sign in to the platform instead.';
    expect(refusal(['gigs:read', 'profile:write'], 'session')).toBe(sessionOnly);
    expect(refusal(['gigs:read'], undefined)).toBe(sessionOnly);
  });
});

describe('secrets in logs', () => {
  it('prints neither the Authorization header nor a secret field, and request lines drop the query', () => {
    const out = new PassThrough();
    let text = '';
    out.on('data', (chunk: Buffer) => {
      text += chunk.toString();
    });
    const log = createLogger('commonwork', 'info', { pretty: true, destination: out });
    log.info({ req: { headers: { authorization: `Bearer ${SECRET}` } }, headers: { authorization: `Bearer ${SECRET}` } }, 'a call');
    log.info({ secret: SECRET, token: SECRET, body: { secret: SECRET, token: SECRET } }, 'an answer');
    expect(text).toContain('a call');
    expect(text).toContain('[redacted]');
    expect(text).not.toContain(SECRET);
    expect(loggedPath(`/socket.io/?EIO=4&transport=polling&token=${SECRET}`)).toBe('/socket.io/');
  });
});
