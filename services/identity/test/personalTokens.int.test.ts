import { INSUFFICIENT_SCOPE, identityRoutes, insufficientScopeMessage, PERSONAL_TOKEN_PATTERN, TOKEN_LIMITS } from '@commonwork/contracts';
import { remoteTokenVerifier, startService } from '@commonwork/kit';
import { buildUser, startTestPlatform, type TestPlatform, testLogger } from '@commonwork/kit/testing';
import { addDays } from 'date-fns';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IdentityConfig, identityService } from '../src/index.ts';

type Person = Awaited<ReturnType<typeof buildUser>>;

describe('personal access tokens', () => {
  let p: TestPlatform;
  let ada: Person;
  let bob: Person;

  beforeAll(async () => {
    p = await startTestPlatform();
    [ada, bob] = await Promise.all([buildUser(p, 'Ada Tokens'), buildUser(p, 'Bob Tokens')]);
  }, 120_000);
  afterAll(() => p?.stop());

  const create = (person: Person, body: { name: string; scopes: string[]; expiresInDays?: number | null }) =>
    // biome-ignore lint/suspicious/noExplicitAny: scopes as a caller may send them, a wrong one included
    p.api.send(identityRoutes.createToken, { token: person.token, body: body as any });

  it('answers the secret once, lists the token without it, newest first, and never stores the secret', async () => {
    const first = await create(ada, { name: 'CI', scopes: ['profile:read'] });
    expect(first.status).toBe(201);
    const { token, secret } = first.body as { token: { id: string; hint: string; expiresAt: string | null }; secret: string };
    expect(secret).toMatch(PERSONAL_TOKEN_PATTERN);
    expect(token.hint).toBe(secret.slice(0, 11));
    expect(token.expiresAt).toBeNull();
    const second = await create(ada, { name: 'Deploys', scopes: ['gigs:read', 'gigs:write'], expiresInDays: 30 });
    expect(second.status).toBe(201);
    const listed = await p.api.call(identityRoutes.listTokens, { token: ada.token });
    const mine = listed.tokens.filter((t) => [token.id, second.body.token?.id].includes(t.id));
    expect(mine.map((t) => t.name)).toEqual(['Deploys', 'CI']);
    expect(JSON.stringify(listed)).not.toContain(secret.slice(7));
    // Bob sees none of Ada's.
    expect((await p.api.call(identityRoutes.listTokens, { token: bob.token })).tokens.map((t) => t.id)).not.toContain(token.id);
    // Neither the read table nor the event store holds the secret.
    const { rows } = await sql<{ found: number }>`
      select (select count(*) from identity.event_store where data::text like ${`%${secret.slice(7)}%`})
           + (select count(*) from identity.personal_tokens where secret_hash like ${`%${secret.slice(7)}%`} or hint = ${secret}) as found`.execute(
      p.database.root,
    );
    expect(Number(rows[0]?.found)).toBe(0);
  });

  it('refuses bad input with the field named, and stores nothing', async () => {
    const before = (await p.api.call(identityRoutes.listTokens, { token: bob.token })).tokens.length;
    for (const body of [
      { name: ' ', scopes: ['gigs:read'] },
      { name: 'x', scopes: [] },
      { name: 'x', scopes: ['gigs:admin'] },
      { name: 'x', scopes: ['gigs:read', 'gigs:read'] },
      { name: 'x', scopes: ['gigs:read'], expiresInDays: 0 },
      { name: 'x', scopes: ['gigs:read'], expiresInDays: 366 },
    ]) {
      const res = await create(bob, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await p.api.call(identityRoutes.listTokens, { token: bob.token })).tokens.length).toBe(before);
  });

  it('works as a bearer through the gateway within its scope, and is refused without it, naming the scope', async () => {
    const { secret } = (await create(ada, { name: 'Profile reader', scopes: ['profile:read'] })).body as { secret: string };
    const me = await p.api.send(identityRoutes.userById, { params: { id: ada.id }, token: secret });
    expect(me.status).toBe(200);
    const edit = await p.api.send(identityRoutes.updateUser, { params: { id: ada.id }, token: secret, body: { bio: 'From a script' } });
    expect(edit.status).toBe(403);
    expect(edit.body).toMatchObject({ error: INSUFFICIENT_SCOPE, message: insufficientScopeMessage('profile:write') });
  });

  it('cannot create, list or revoke tokens: only a signed-in session can', async () => {
    const made = (await create(ada, { name: 'All scopes', scopes: ['profile:read', 'profile:write', 'gigs:read'] })).body as {
      token: { id: string };
      secret: string;
    };
    const answers = [
      await p.api.send(identityRoutes.createToken, { token: made.secret, body: { name: 'Another', scopes: ['gigs:read'] } }),
      await p.api.send(identityRoutes.listTokens, { token: made.secret }),
      await p.api.send(identityRoutes.revokeToken, { params: { id: made.token.id }, token: made.secret }),
    ];
    for (const res of answers) {
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ error: INSUFFICIENT_SCOPE, message: insufficientScopeMessage('session') });
    }
    // Straight to identity too, past the gateway: the kit refuses it there as well.
    const direct = await fetch(`${p.services.identity.url}/api/tokens`, { headers: { authorization: `Bearer ${made.secret}` } });
    expect(direct.status).toBe(403);
    expect(await direct.json()).toMatchObject({ error: INSUFFICIENT_SCOPE });
  });

  it("revokes one's own token (refused at once after the cache's second), and answers 404 for another's", async () => {
    const made = (await create(ada, { name: 'Short lived', scopes: ['profile:read'] })).body as { token: { id: string }; secret: string };
    const read = () => p.api.send(identityRoutes.userById, { params: { id: ada.id }, token: made.secret });
    expect((await read()).status).toBe(200);
    expect((await p.api.send(identityRoutes.revokeToken, { params: { id: made.token.id }, token: bob.token })).status).toBe(404);
    expect((await read()).status).toBe(200);
    const revoked = await p.api.send(identityRoutes.revokeToken, { params: { id: made.token.id }, token: ada.token });
    expect(revoked.status).toBe(200);
    expect((await p.api.send(identityRoutes.revokeToken, { params: { id: made.token.id }, token: ada.token })).status).toBe(404);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const after = await read();
    expect(after.status).toBe(401);
    expect((await p.api.call(identityRoutes.listTokens, { token: ada.token })).tokens.map((t) => t.id)).not.toContain(made.token.id);
  });

  it('keeps when a token was last used, to the minute', async () => {
    const made = (await create(ada, { name: 'Used', scopes: ['profile:read'] })).body as { token: { id: string }; secret: string };
    const listed = async () =>
      (await p.api.call(identityRoutes.listTokens, { token: ada.token })).tokens.find((t) => t.id === made.token.id);
    expect((await listed())?.lastUsedAt).toBeNull();
    const before = Date.now();
    expect((await p.api.send(identityRoutes.userById, { params: { id: ada.id }, token: made.secret })).status).toBe(200);
    const lastUsedAt = (await listed())?.lastUsedAt;
    expect(lastUsedAt).not.toBeNull();
    const at = new Date(lastUsedAt as string);
    expect(at.getUTCSeconds()).toBe(0);
    expect(at.getUTCMilliseconds()).toBe(0);
    expect(before - at.getTime()).toBeLessThan(60_000);
    expect(at.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('refuses an expired token, on the clock of an identity replica moved past its expiry (not a mock: a replica with its own clock)', async () => {
    const made = (await create(ada, { name: 'Expiring', scopes: ['profile:read'], expiresInDays: 30 })).body as {
      token: { id: string; expiresAt: string };
      secret: string;
    };
    const expiresAt = new Date(made.token.expiresAt).getTime();
    expect(Math.abs(expiresAt - addDays(new Date(), 30).getTime())).toBeLessThan(60_000);
    // Today the token works; the same token asked of a replica whose clock reads day 31 is refused.
    expect(await remoteTokenVerifier([p.services.identity.url])(made.secret)).toMatchObject({
      sub: ada.id,
      tid: made.token.id,
      scopes: ['profile:read'],
      exp: Math.floor(expiresAt / 1000),
    });
    const later = await startService(identityService(IdentityConfig.parse({}), p.keys as never, { now: () => addDays(new Date(), 31) }), {
      database: p.database,
      bus: p.bus,
      log: testLogger(),
      verifier: remoteTokenVerifier([p.services.identity.url]),
    });
    try {
      await expect(remoteTokenVerifier([later.url])(made.secret)).rejects.toMatchObject({
        statusCode: 401,
        message: 'This personal access token has expired.',
      });
    } finally {
      await later.stop();
    }
  });

  it(`holds at most ${TOKEN_LIMITS.perPerson} live tokens a person, saying so`, async () => {
    const carol = await buildUser(p, 'Carol Many');
    for (let i = 0; i < TOKEN_LIMITS.perPerson; i++)
      expect((await create(carol, { name: `T${i}`, scopes: ['gigs:read'] })).status).toBe(201);
    const over = await create(carol, { name: 'One more', scopes: ['gigs:read'] });
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({
      message: `You can hold at most ${TOKEN_LIMITS.perPerson} personal access tokens. Revoke one you no longer use first.`,
    });
  }, 60_000);

  it('answers the internal introspection only on identity: the gateway never proxies it', async () => {
    const res = await fetch(`${p.url}/internal/tokens/introspect`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: `cw_pat_${'a'.repeat(40)}` }),
    });
    expect(res.status).toBe(404);
  });
});
