import { createApiClient, identityRoutes } from '@commonwork/contracts';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER, remoteTokenVerifier, SESSION_ENDED, SESSION_EXPIRED } from '@commonwork/kit';
import { buildUser, startTestPlatform, type TestPlatform, testLogger } from '@commonwork/kit/testing';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway } from '../src/index.ts';

type Person = Awaited<ReturnType<typeof buildUser>>;

describe('signing out ends the session on the server', () => {
  let p: TestPlatform;

  /** A gateway of the test's own in front of the same services: a second replica of the edge. */
  const gatewayOf = async () => {
    const services = Object.fromEntries(Object.entries(p.services).map(([name, part]) => [name, part.url]));
    const gateway = await createGateway({
      log: testLogger(),
      verifier: remoteTokenVerifier([p.services.identity.url]),
      services,
      rateLimit: { max: 10_000, authMax: 10_000 },
    });
    const url = await gateway.listen({ host: '127.0.0.1', port: 0 });
    return { url, api: createApiClient({ baseUrl: url, checkAnswers: true }), close: () => gateway.close() };
  };
  type Gateway = Awaited<ReturnType<typeof gatewayOf>>;
  let one: Gateway;
  let two: Gateway;

  /** Another sign-in of the same person (another device): a session of its own. */
  const signInAgain = async (person: Person) => {
    const dev = await p.api.call(identityRoutes.devToken, { body: { email: person.email, name: 'Again' } });
    return (await p.api.call(identityRoutes.googleSignIn, { body: { token: dev.token } })).token;
  };
  const me = (api: Gateway['api'] | TestPlatform['api'], person: Person, token: string) =>
    api.send(identityRoutes.userById, { token, params: { id: person.id } });

  /** How long after `at` the token is refused (401) on `api`, asking every 50 ms; a 200 before that is fine. */
  const refusedAfter = async (api: Gateway['api'] | TestPlatform['api'], person: Person, token: string, at: number) => {
    for (;;) {
      const res = await me(api, person, token);
      if (res.status === 401) return { ms: Date.now() - at, message: (res.body as { message: string }).message };
      expect(res.status).toBe(200);
      if (Date.now() - at > 5_000) throw new Error('still accepted 5 s after signing out');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  beforeAll(async () => {
    p = await startTestPlatform();
    [one, two] = await Promise.all([gatewayOf(), gatewayOf()]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([one?.close(), two?.close()]);
    await p?.stop();
  });

  it('refuses the signed-out token on every gateway and at the services within a second, and leaves the person’s other sessions', async () => {
    const ada = await buildUser(p, 'Ada Leaving');
    const laptop = await signInAgain(ada);
    // Every replica has looked at the list (and holds it) before the sign-out: a refusal is not a first question.
    for (const api of [p.api, one.api, two.api]) expect((await me(api, ada, ada.token)).status).toBe(200);

    const out = await one.api.send(identityRoutes.signOut, { token: ada.token });
    expect(out).toMatchObject({ status: 200, body: { success: true, ended: 1 } });
    const at = Date.now();
    const refused = await Promise.all([
      refusedAfter(one.api, ada, ada.token, at),
      refusedAfter(two.api, ada, ada.token, at),
      refusedAfter(p.api, ada, ada.token, at),
    ]);
    for (const { ms, message } of refused) {
      // The list's second, and the last request's own time.
      expect(ms).toBeLessThanOrEqual(1_300);
      expect(message).toBe(SESSION_ENDED);
    }
    // A service behind the gateway refuses it too (services verify again).
    await expect(remoteTokenVerifier([p.services.identity.url])(ada.token)).rejects.toMatchObject({
      statusCode: 401,
      message: SESSION_ENDED,
    });
    // Her other sign-in is another session: it holds.
    expect((await me(two.api, ada, laptop)).status).toBe(200);
    // Signing out again with the ended token is refused like any other call.
    expect((await one.api.send(identityRoutes.signOut, { token: ada.token })).status).toBe(401);
  });

  it('signs out every session of the person, the calling one included, and none of anyone else’s', async () => {
    const bob = await buildUser(p, 'Bob Everywhere');
    const eve = await buildUser(p, 'Eve Elsewhere');
    const [phone, laptop] = await Promise.all([signInAgain(bob), signInAgain(bob)]);
    for (const token of [bob.token, phone, laptop]) expect((await me(two.api, bob, token)).status).toBe(200);

    const out = await one.api.send(identityRoutes.signOutEverywhere, { token: phone });
    // The sign-up's session (its token renewed at setup), the phone and the laptop.
    expect(out).toMatchObject({ status: 200, body: { success: true, ended: 3 } });
    const at = Date.now();
    const refused = await Promise.all([bob.token, phone, laptop].map((token) => refusedAfter(two.api, bob, token, at)));
    for (const { ms } of refused) expect(ms).toBeLessThanOrEqual(1_300);
    expect((await me(two.api, eve, eve.token)).status).toBe(200);

    // Signing in again starts a new session that works.
    const fresh = await signInAgain(bob);
    expect((await me(one.api, bob, fresh)).status).toBe(200);
  });

  it('is a signed-in session’s call: a personal access token cannot sign out or out everywhere', async () => {
    const cy = await buildUser(p, 'Cy Scripted');
    const made = await p.api.call(identityRoutes.createToken, { token: cy.token, body: { name: 'script', scopes: ['profile:read'] } });
    for (const route of [identityRoutes.signOut, identityRoutes.signOutEverywhere]) {
      expect((await p.api.send(route, { token: made.secret })).status).toBe(403);
      expect((await p.api.send(route, {})).status).toBe(401);
    }
    expect((await me(p.api, cy, cy.token)).status).toBe(200);
  });

  it('refuses a token signed before sessions had ids: it could not be signed out', async () => {
    const dee = await buildUser(p, 'Dee Early');
    const key = p.keys.active;
    const old = await new SignJWT({ email: dee.email, role: 'user' })
      .setProtectedHeader({ alg: 'ES256', kid: key.kid, typ: 'JWT' })
      .setSubject(dee.id)
      .setIssuer(ACCESS_TOKEN_ISSUER)
      .setAudience(ACCESS_TOKEN_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(key.privateKey);
    const res = await me(one.api, dee, old);
    expect(res).toMatchObject({ status: 401, body: { message: SESSION_EXPIRED } });
  });
});
