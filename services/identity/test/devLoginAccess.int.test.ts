import { identityRoutes } from '@commonwork/contracts';
import { startTestPlatform, type TestPlatform } from '@commonwork/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const REMOTE = '203.0.113.7';
const devToken = (p: TestPlatform, remoteAddress: string, headers: Record<string, string> = {}) =>
  p.services.identity.app.inject({
    method: identityRoutes.devToken.method,
    url: identityRoutes.devToken.url,
    remoteAddress,
    headers,
    payload: { email: 'mallory@example.com', name: 'Mallory' },
  });
const authConfig = (p: TestPlatform, remoteAddress: string) =>
  p.services.identity.app
    .inject({ method: identityRoutes.authConfig.method, url: identityRoutes.authConfig.url, remoteAddress })
    .then((res) => res.json());

describe('the developer sign-in, by default', () => {
  let p: TestPlatform;
  beforeAll(async () => {
    p = await startTestPlatform();
  });
  afterAll(() => p.stop());

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
  let p: TestPlatform;
  beforeAll(async () => {
    p = await startTestPlatform({ AUTH_DEV_LOGIN_REMOTE: 'true' });
  });
  afterAll(() => p.stop());

  it('signs in a caller from the network', async () => {
    expect((await devToken(p, REMOTE)).statusCode).toBe(200);
    expect((await authConfig(p, REMOTE)).devLogin).toBe(true);
  });
});
