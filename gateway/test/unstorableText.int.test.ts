import { createApiClient, identityRoutes, marketplaceRoutes, messagingRoutes } from '@commonwork/contracts';
import { buildGig, buildUser, startTestPlatform, type TestPlatform } from '@commonwork/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Issue 13, finding 6: NUL or a lone surrogate in any text answered 500 (PostgreSQL cannot store it).
describe('text that cannot be stored, through the gateway', () => {
  let p: TestPlatform;
  let ada: Awaited<ReturnType<typeof buildUser>>;

  beforeAll(async () => {
    p = await startTestPlatform();
    ada = await buildUser(p, 'Ada Careful');
  });
  afterAll(() => p?.stop());

  const refused = (res: { status: number; body: { error?: string; details?: { field: string }[] } }, field: string) => {
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('INVALID_TEXT');
    expect(res.body.details?.[0]?.field).toBe(field);
  };

  it('is refused with 400 naming the field, in bodies, nested bodies, paths and queries, and nothing changes', async () => {
    // NUL and lone surrogates (finding 6), control characters and ANSI escapes (finding 8).
    for (const bad of ['Ada\u0000', 'Ada\ud800', '\udfffAda', 'Ada\u001b[2J', 'Ada\u0007']) {
      refused(await p.api.send(identityRoutes.updateUser, { params: { id: ada.id }, token: ada.token, body: { name: bad } }), 'name');
    }
    expect((await p.api.call(identityRoutes.userById, { params: { id: ada.id }, token: ada.token })).user.name).toBe('Ada Careful');

    refused(await p.api.send(marketplaceRoutes.createGig, { token: ada.token, body: buildGig({ title: 'Logo\ud800 design' }) }), 'title');
    refused(await p.api.send(marketplaceRoutes.createGig, { token: ada.token, body: buildGig({ tags: ['ok', 'b\u0000d'] }) }), 'tags.1');
    refused(await p.api.send(messagingRoutes.createChannel, { token: ada.token, body: { name: 'room\u0000' } }), 'name');
    // The NUL goes in the path as %00 and in the query as search=%00.
    expect((await p.api.send(identityRoutes.userByUsername, { params: { username: '\u0000' }, token: ada.token })).status).toBe(400);
    expect((await p.api.send(marketplaceRoutes.listGigs, { query: { search: '\u0000' }, token: ada.token })).status).toBe(400);
    const mine = await p.api.call(marketplaceRoutes.listGigs, { query: { mine: 'true' }, token: ada.token });
    expect(mine.pagination.totalGigs).toBe(0);
  });

  it('leaves well-formed text of every script alone, line breaks and tabs too', async () => {
    const res = await p.api.send(identityRoutes.updateUser, {
      params: { id: ada.id },
      token: ada.token,
      body: { name: 'Zoë 😀 日本語', bio: 'One\n\tTwo\r\nThree' },
    });
    expect(res.status).toBe(200);
    expect(res.body.user.name).toBe('Zoë 😀 日本語');
    expect(res.body.user.bio).toBe('One\n\tTwo\r\nThree');
  });

  // Finding 8: a 3,000-character path parameter was answered with Fastify's own body, echoing the path.
  it('answers an over-long path part 414 with our error body, at the gateway and at the service', async () => {
    for (const baseUrl of [p.url, p.services.identity.url]) {
      const api = createApiClient({ baseUrl, checkAnswers: true });
      const res = await api.send(identityRoutes.userByUsername, { params: { username: 'a'.repeat(3_000) }, token: ada.token });
      expect(res.status).toBe(414);
      expect(res.body).toEqual({ success: false, message: 'A part of the address is too long', error: 'URI_TOO_LONG' });
    }
  });

  // Found by the fuzz suite: an address longer than Node's 16 KiB header limit got Fastify's own 431 body.
  it('answers an address too long for the HTTP parser 431 with our error body', async () => {
    const res = await p.api.send(marketplaceRoutes.listGigs, { query: { search: 'x'.repeat(20_000) }, token: ada.token });
    expect(res.status).toBe(431);
    expect(res.body).toEqual({ success: false, message: 'The address or the headers are too long', error: 'HEADERS_TOO_LARGE' });
  });
});
