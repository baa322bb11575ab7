import { createServer, type Server } from 'node:http';
import { identityRoutes } from '@commonwork/contracts';
import { buildUser, signUp, startTestPlatform, type TestPlatform } from '@commonwork/kit/testing';
import { type CryptoKey, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** A stand-in for Google's key endpoint, so the real Google verification path runs offline. */
async function fakeGoogle() {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'google-test', alg: 'RS256', use: 'sig' };
  const server: Server = createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const sign = (claims: Record<string, unknown>, opts: { aud?: string; exp?: string | number; key?: CryptoKey } = {}) =>
    new SignJWT({ email: 'grace@example.com', email_verified: true, name: 'Grace Hopper', ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: 'google-test' })
      .setIssuer('https://accounts.google.com')
      .setAudience(opts.aud ?? 'test-client.apps.googleusercontent.com')
      .setSubject('1234567890')
      .setIssuedAt()
      .setExpirationTime(opts.exp ?? '5m')
      .sign(opts.key ?? privateKey);
  return { url: `http://127.0.0.1:${port}/certs`, sign, close: () => new Promise((r) => server.close(r)) };
}

describe('sign-in and profile setup through the gateway', () => {
  let p: TestPlatform;
  let google: Awaited<ReturnType<typeof fakeGoogle>>;

  beforeAll(async () => {
    google = await fakeGoogle();
    p = await startTestPlatform({ GOOGLE_CLIENT_ID: 'test-client.apps.googleusercontent.com', GOOGLE_JWKS_URL: google.url });
  });
  afterAll(async () => {
    await p.stop();
    await google.close();
  });

  it('tells the web app which sign-in methods are on', async () => {
    const res = await p.api.send(identityRoutes.authConfig);
    expect({ status: res.status, body: res.body }).toEqual({
      status: 200,
      body: { googleClientId: 'test-client.apps.googleusercontent.com', devLogin: true },
    });
  });

  it('signs up a new person with a dev-issuer credential, then signs them in again as the same user', async () => {
    const first = await signUp(p, 'Ada Lovelace');
    expect(first.status).toBe(200);
    expect(first.user).toMatchObject({ name: 'Ada Lovelace', email: first.email, username: null, bio: '', authProvider: 'google' });
    expect(first.user.preferences?.privacy).toEqual({ profileVisibility: 'public', showEmail: false, showPhone: false, searchable: true });
    const again = await p.api.send(identityRoutes.googleSignIn, { body: { token: first.idToken } });
    expect(again.body).toMatchObject({ isNewUser: false, message: 'Signed in successfully', user: { id: first.user.id } });
  });

  it('accepts a genuine Google ID token and rejects forged, expired, wrong-audience and unverified ones', async () => {
    const ok = await p.api.send(identityRoutes.googleSignIn, { body: { token: await google.sign({}) } });
    expect(ok.status).toBe(200);
    expect(ok.body.user).toMatchObject({ email: 'grace@example.com', name: 'Grace Hopper' });

    const { privateKey: stranger } = await generateKeyPair('RS256');
    const forged = await google.sign({}, { key: stranger });
    const expired = await google.sign({}, { exp: Math.floor(Date.now() / 1000) - 60 });
    const wrongAudience = await google.sign({}, { aud: 'someone-else.apps.googleusercontent.com' });
    const unverified = await google.sign({ email_verified: false, email: 'nobody@example.com' });
    // Garbage of any length is an invalid credential, not a missing one.
    for (const token of [forged, expired, wrongAudience, unverified, 'not-a-jwt-at-all', 'garbage']) {
      const res = await p.api.send(identityRoutes.googleSignIn, { body: { token } });
      expect(res.status, token.slice(0, 20)).toBe(401);
      expect(res.body).toMatchObject({ success: false, error: 'INVALID_CREDENTIAL' });
      if (token !== expired && token !== unverified) expect(res.body.message).toBe('Invalid sign-in credential');
    }
    for (const body of [{}, { token: '' }, { token: '   ' }]) {
      // Missing or blank on purpose: the contract's type wants a token.
      const res = await p.api.sendUnchecked(identityRoutes.googleSignIn, { body });
      expect(res.status).toBe(400);
      expect(res.body.details).toContainEqual({ field: 'token', message: expect.stringMatching(/required|expected string/i) });
    }
  });

  it('rejects a dev-issuer token that is forged, expired or for another audience', async () => {
    const { privateKey } = await generateKeyPair('ES256');
    const base = (key: CryptoKey, aud = 'commonwork-dev', exp: string | number = '5m') =>
      new SignJWT({ email: 'eve@example.com', name: 'Eve' })
        .setProtectedHeader({ alg: 'ES256', kid: p.keys.dev.kid })
        .setIssuer('commonwork-dev-issuer')
        .setAudience(aud)
        .setSubject('eve')
        .setExpirationTime(exp)
        .sign(key);
    for (const token of [
      await base(privateKey),
      await base(p.keys.dev.privateKey, 'commonwork-dev', Math.floor(Date.now() / 1000) - 10),
      await base(p.keys.dev.privateKey, 'someone-else'),
    ]) {
      expect((await p.api.send(identityRoutes.googleSignIn, { body: { token } })).status).toBe(401);
    }
  });

  it(`registers through POST ${identityRoutes.createUser.url} only with a credential, never with bare claims`, async () => {
    // Bare claims on purpose: the contract's type wants a credential.
    const bare = await p.api.sendUnchecked(identityRoutes.createUser, {
      body: { email: 'mallory@example.com', name: 'Mallory', authProvider: 'google' },
    });
    expect(bare.status).toBe(400);
    expect(bare.body.details).toContainEqual({ field: 'credential', message: expect.any(String) });
    const dev = await p.api.call(identityRoutes.devToken, { body: { email: 'linus@example.com', name: 'Linus' } });
    const created = await p.api.send(identityRoutes.createUser, {
      body: { credential: dev.token, email: 'spoofed@example.com', name: 'Linus T', picture: '', authProvider: 'google' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ message: 'User created successfully', user: { email: 'linus@example.com', name: 'Linus T' } });
    const again = await p.api.send(identityRoutes.createUser, { body: { credential: dev.token, authProvider: 'google' } });
    expect(again.status).toBe(200);
    expect(again.body.user.id).toBe(created.body.user.id);
  });

  it('completes the profile, and a taken username gets 409 whatever its case', async () => {
    const taken = await buildUser(p, 'Alan Turing');
    expect(taken.user).toMatchObject({ name: 'Alan Turing', username: taken.username, bio: 'I build things.' });
    const other = await signUp(p, 'Joan Clarke');
    const clash = await p.api.send(identityRoutes.setupUser, {
      token: other.token,
      body: { email: other.email, name: 'Joan Clarke', username: taken.username.toUpperCase(), bio: 'Codebreaker' },
    });
    expect(clash).toMatchObject({ status: 409, body: { success: false, message: 'Username is already taken', error: 'CONFLICT' } });
    const me = await p.api.send(identityRoutes.userById, { params: { id: other.user.id }, token: other.token });
    expect(me.body.user.username).toBeNull();
  });

  it('answers bad setup input with 400 naming the field, and changes nothing', async () => {
    const { token, user, email } = await signUp(p, 'Barbara Liskov');
    for (const [body, field] of [
      [{ email, name: 'Barbara', username: 'ok_name', bio: '' }, 'bio'],
      [{ email, name: '', username: 'ok_name2', bio: 'x' }, 'name'],
      [{ email, name: 'Barbara', username: 'no spaces!', bio: 'x' }, 'username'],
    ] as const) {
      const res = await p.api.send(identityRoutes.setupUser, { token, body });
      expect(res.status).toBe(400);
      expect(res.body.details?.map((d) => d.field)).toContain(field);
    }
    const after = await p.api.send(identityRoutes.userById, { params: { id: user.id }, token });
    expect(after.body.user).toMatchObject({ username: null, bio: '', name: 'Barbara Liskov' });
  });

  it('refuses setup without a token, and a tampered access token anywhere', async () => {
    const { token, user } = await signUp(p, 'Ken Thompson');
    expect((await p.api.send(identityRoutes.setupUser, { body: { name: 'K', username: 'ken', bio: 'x' } })).status).toBe(401);
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
    const elevated = Buffer.from(JSON.stringify({ ...claims, role: 'admin' })).toString('base64url');
    for (const bad of [`${header}.${elevated}.${signature}`, `${token.slice(0, -4)}AAAA`]) {
      const res = await p.api.send(identityRoutes.userById, { params: { id: user.id }, token: bad });
      expect(res.status).toBe(401);
      expect(res.body.success).toBe(false);
    }
  });
});
