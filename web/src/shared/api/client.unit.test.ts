import { identityRoutes, marketplaceRoutes, messagingRoutes, STORAGE_KEYS } from '@commonwork/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { call, onUnauthorized } from './client.ts';
import { ApiError } from './errors.ts';

const SETUP = { name: 'Ada', username: 'ada', bio: '' };
const CHANNEL_ID = '6d1f3c1e-2b1a-4c1e-9f1e-1a2b3c4d5e6f';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

interface Sent {
  url: string;
  method: string | undefined;
  headers: Record<string, string>;
  body: string | undefined;
}

function stubFetch(status = 200, body: unknown = { success: true }) {
  const sent: Sent[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    sent.push({
      url,
      method: init.method,
      headers: { ...(init.headers as Record<string, string>) },
      body: typeof init.body === 'string' ? init.body : undefined,
    });
    return new Response(status === 204 ? null : JSON.stringify(body), { status });
  });
  return sent;
}

function stubStorage(entries: Record<string, string> = {}) {
  const store = new Map(Object.entries(entries));
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => store.set(key, value),
    removeItem: (key: string) => store.delete(key),
  });
}

beforeEach(() => stubStorage({ [STORAGE_KEYS.token]: 'tok-1' }));
afterEach(() => vi.unstubAllGlobals());

describe('call', () => {
  it('sends a GET from the contract, with the query and the session token, and no body', async () => {
    const sent = stubFetch(200, { success: true, gigs: [], pagination: {} });
    await call(marketplaceRoutes.listGigs, { query: { page: 2, limit: 12, priceRange: 'low', search: undefined } });
    expect(sent).toEqual([
      {
        url: '/api/gigs?page=2&limit=12&priceRange=low',
        method: 'GET',
        headers: { Accept: 'application/json', Authorization: 'Bearer tok-1' },
        body: undefined,
      },
    ]);
  });

  it('sends the body as JSON, with its content type, to the path with its params', async () => {
    const sent = stubFetch(201, { success: true, data: { id: 'm1' } });
    const answer = await call(messagingRoutes.postChannelMessage, {
      params: { id: CHANNEL_ID },
      body: { content: 'Hi', type: 'text', clientId: 'c1' },
    });
    expect(answer.data.id).toBe('m1');
    expect(sent[0]).toEqual({
      url: `/api/chat/channels/${CHANNEL_ID}/messages`,
      method: 'POST',
      headers: {
        Accept: 'application/json',
        Authorization: 'Bearer tok-1',
        'Content-Type': 'application/json',
        'Idempotency-Key': expect.stringMatching(UUID),
      },
      body: '{"content":"Hi","type":"text","clientId":"c1"}',
    });
  });

  it('sends a fresh Idempotency-Key with every write, the caller’s own when it repeats one, none when it asks for none, and none with a read', async () => {
    const sent = stubFetch(204);
    await call(marketplaceRoutes.deleteGig, { params: { id: CHANNEL_ID } });
    await call(marketplaceRoutes.deleteGig, { params: { id: CHANNEL_ID } });
    await call(marketplaceRoutes.deleteGig, { params: { id: CHANNEL_ID }, idempotencyKey: 'the-first-try' });
    await call(marketplaceRoutes.deleteGig, { params: { id: CHANNEL_ID }, idempotencyKey: null });
    const keys = sent.map((s) => s.headers['Idempotency-Key']);
    expect(keys[0]).toMatch(UUID);
    expect(keys[1]).toMatch(UUID);
    expect(keys[0]).not.toBe(keys[1]);
    expect(keys[2]).toBe('the-first-try');
    // A write idempotent by an id of its own (a message's clientId) may send none.
    expect(keys[3]).toBeUndefined();
  });

  it('sends no token to a public route, and the given one when asked', async () => {
    const sent = stubFetch(200, { googleClientId: null, devLogin: true });
    await call(identityRoutes.authConfig);
    await call(identityRoutes.setupUser, { body: SETUP, auth: { token: 'pending' } });
    expect(sent[0]?.headers.Authorization).toBeUndefined();
    expect(sent[1]?.headers.Authorization).toBe('Bearer pending');
  });

  it('resolves a 204 to undefined', async () => {
    stubFetch(204);
    await expect(call(marketplaceRoutes.deleteGig, { params: { id: CHANNEL_ID } })).resolves.toBeUndefined();
  });

  it('throws the server’s message, code and details for a failed call', async () => {
    const answer = {
      success: false,
      message: 'Username taken',
      error: 'USERNAME_TAKEN',
      details: [{ field: 'username', message: 'Taken' }],
    };
    stubFetch(409, answer);
    const failure = call(identityRoutes.setupUser, { body: SETUP });
    await expect(failure).rejects.toEqual(new ApiError('Username taken', 409, 'USERNAME_TAKEN', answer.details, answer));
  });

  it('ends the session on a 401 to a session call, not on one made with a given token', async () => {
    stubFetch(401, { message: 'Expired' });
    const expired = vi.fn();
    const stop = onUnauthorized(expired);
    await expect(call(messagingRoutes.listChannels)).rejects.toMatchObject({ status: 401, message: 'Expired' });
    await expect(call(identityRoutes.setupUser, { body: SETUP, auth: { token: 'pending' } })).rejects.toMatchObject({
      status: 401,
    });
    stop();
    expect(expired).toHaveBeenCalledTimes(1);
  });
});
