import { identityRoutes } from '@commonwork/contracts';
import { remoteTokenVerifier, startService } from '@commonwork/kit';
import { startTestPlatform, type TestPlatform, testLogger } from '@commonwork/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IdentityConfig, identityService } from '../src/index.ts';

const REMOTE = '203.0.113.7';
/** A platform, or an identity service of its own beside one: what the calls go to. */
type WithIdentity = { services: { identity: Pick<TestPlatform['services']['identity'], 'app'> } };
const devToken = (p: WithIdentity, remoteAddress: string, headers: Record<string, string> = {}) =>
  p.services.identity.app.inject({
    method: identityRoutes.devToken.method,
    url: identityRoutes.devToken.url,
    remoteAddress,
    headers,
    payload: { email: 'mallory@example.com', name: 'Mallory' },
  });
const authConfig = (p: WithIdentity, remoteAddress: string) =>
  p.services.identity.app
    .inject({ method: identityRoutes.authConfig.method, url: identityRoutes.authConfig.url, remoteAddress })
    .then((res) => res.json());

let p: TestPlatform;
beforeAll(async () => {
  p = await startTestPlatform();
});
afterAll(() => p.stop());

describe('the developer sign-in, by default', () => {
  it('signs in a caller on this machine, over IPv4, IPv6 and IPv4-in-IPv6', async () => {
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const res = await devToken(p, address);
      expect(res.statusCode, address).toBe(200);
      expect(res.json().token).toEqual(expect.any(String));
    }
    expect((await authConfig(p, '127.0.0.1')).devLogin).toBe(true);
  });

  it('refuses a caller from the network, and does not offer it the developer sign-in', async () => {
    const res = await devToken(p, REMOTE);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ success: false, error: 'DEV_LOGIN_LOCAL_ONLY' });
    expect((await authConfig(p, REMOTE)).devLogin).toBe(false);
  });

  it('refuses a network client the gateway on this machine forwards, named in its X-Forwarded-For', async () => {
    expect((await devToken(p, '127.0.0.1', { 'x-forwarded-for': REMOTE })).statusCode).toBe(403);
    expect((await devToken(p, '127.0.0.1', { 'x-forwarded-for': '127.0.0.1' })).statusCode).toBe(200);
  });

  it('does not believe X-Forwarded-For from a peer that is not on this machine', async () => {
    expect((await devToken(p, REMOTE, { 'x-forwarded-for': '127.0.0.1' })).statusCode).toBe(403);
  });

  it('signs in through the gateway from this machine (the gateway forwards the client it saw)', async () => {
    const res = await p.api.send(identityRoutes.devToken, { body: { email: 'ada@example.com', name: 'Ada' } });
    expect(res.status).toBe(200);
  });
});

describe('the developer sign-in with AUTH_DEV_LOGIN_REMOTE=true', () => {
  // An identity service so configured beside the platform (its database, bus and keys), not a second
  // platform: the flag is identity's alone, and a platform's start was half this file's time.
  let remote: WithIdentity['services']['identity'] & { stop: () => Promise<void> };
  beforeAll(async () => {
    remote = await startService(identityService(IdentityConfig.parse({ AUTH_DEV_LOGIN_REMOTE: 'true' }), p.keys as never), {
      database: p.database,
      bus: p.bus,
      log: testLogger(),
      verifier: remoteTokenVerifier([p.services.identity.url]),
    });
  });
  afterAll(() => remote.stop());

  it('signs in a caller from the network', async () => {
    const q = { services: { identity: remote } };
    expect((await devToken(q, REMOTE)).statusCode).toBe(200);
    expect((await authConfig(q, REMOTE)).devLogin).toBe(true);
  });
});
