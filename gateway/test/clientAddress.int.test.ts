import { randomUUID } from 'node:crypto';
import { identityRoutes } from '@commonwork/contracts';
import { startTestPlatform, type TestPlatform } from '@commonwork/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const signIn = (p: TestPlatform, forwardedFor?: string) =>
  p.api
    .send(identityRoutes.googleSignIn, {
      body: { token: 'not-a-google-token' },
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    })
    .then((res) => res.status);

const statuses = (count: number, send: (i: number) => Promise<number>) =>
  Array.from({ length: count }, (_, i) => i).reduce<Promise<number[]>>(
    async (done, i) => [...(await done), await send(i)],
    Promise.resolve([]),
  );

// Issue 13, finding 4: after 30 sign-ins from one address the 31st got 429, then 60 more with a new
// X-Forwarded-For each all got 200; requests with invalid tokens were never limited.
describe('the address a client is limited by', () => {
  describe('with no proxy trusted (the default)', () => {
    let p: TestPlatform;
    beforeAll(async () => {
      p = await startTestPlatform({ RATE_LIMIT_AUTH_MAX: '3', RATE_LIMIT_MAX: '4' });
    });
    afterAll(() => p?.stop());

    it('is the peer: X-Forwarded-For neither escapes the sign-in limit nor spends another address’s', async () => {
      expect(await statuses(3, () => signIn(p))).toEqual([401, 401, 401]);
      expect(await statuses(5, (i) => signIn(p, `203.0.113.${i + 1}`))).toEqual([429, 429, 429, 429, 429]);
    });

    it('limits a flood of invalid tokens like any other calls, with the error body', async () => {
      const forged = () => p.api.send(identityRoutes.userById, { params: { id: randomUUID() }, token: 'forged.token.here' });
      expect(await statuses(6, () => forged().then((res) => res.status))).toEqual([401, 401, 401, 401, 429, 429]);
      expect((await forged()).body).toMatchObject({ success: false, error: 'RATE_LIMITED' });
    });
  });

  describe('behind a trusted proxy (TRUSTED_PROXIES)', () => {
    let p: TestPlatform;
    beforeAll(async () => {
      p = await startTestPlatform({ RATE_LIMIT_AUTH_MAX: '2', TRUSTED_PROXIES: 'loopback' });
    });
    afterAll(() => p?.stop());

    it('is the address the proxy names, each with a bucket of its own', async () => {
      expect(await statuses(3, () => signIn(p, '198.51.100.7'))).toEqual([401, 401, 429]);
      expect(await signIn(p, '198.51.100.8')).toBe(401);
      // A client's own X-Forwarded-For is kept by the proxy in front of the one it names.
      expect(await signIn(p, '198.51.100.8, 198.51.100.7')).toBe(429);
    });
  });
});
