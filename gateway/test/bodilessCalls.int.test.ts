import { buildGig, buildUser, eventually, startTestPlatform, type TestPlatform } from '@commonwork/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

type User = Awaited<ReturnType<typeof buildUser>>;

/**
 * The ways a client sends a call the spec gives no payload: the spec's own client sends no body
 * and no content type; others send the JSON content type with nothing, or with `{}`.
 */
const SENDINGS = [
  ['no body, no content type', {}],
  ['no body, JSON content type', { headers: { 'content-type': 'application/json' } }],
  ['an empty body, no content type', { body: new Uint8Array(0) }],
  ['an empty body, JSON content type', { body: '', headers: { 'content-type': 'application/json' } }],
  ['{} as JSON', { body: '{}', headers: { 'content-type': 'application/json' } }],
] as const satisfies readonly (readonly [string, { body?: RequestInit['body']; headers?: Record<string, string> }])[];

// Every call of the spec's call tables that has no payload and that the platform serves, sent
// through the gateway exactly as a client would, each way above: it succeeds and does what it says.
describe('calls without a payload, however the client sends nothing', () => {
  let p: TestPlatform;
  let ada: User;
  let bob: User;
  let chatId: string;

  /** Sends a bodiless call one way, with `token`, and reads the JSON answer. */
  const send = async (sending: (typeof SENDINGS)[number][1], method: string, path: string, token: string) => {
    const headers = 'headers' in sending ? sending.headers : {};
    const res = await fetch(`${p.url}${path}`, {
      method,
      headers: { ...headers, authorization: `Bearer ${token}` },
      ...('body' in sending && { body: sending.body }),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };
  const channelOf = async (token: string, id: string) =>
    (await p.call('GET', '/api/chat/channels', { token })).body.data.find((c: { id: string }) => c.id === id);
  const chatOf = async (token: string, id: string) =>
    (await p.call('GET', '/api/chat/user', { token })).body.chats.find((c: { _id: string }) => c._id === id);

  beforeAll(async () => {
    p = await startTestPlatform();
    ada = await buildUser(p, 'Ada Lovelace');
    bob = await buildUser(p, 'Bob Babbage');
    const gig = await p.call('POST', '/api/gigs', { token: ada.token, body: buildGig({ title: 'Analytical engine notes' }) });
    // The gig reaches messaging through marketplace's events.
    const chat = await eventually(async () => {
      const res = await p.call('POST', '/api/chat/create', { token: bob.token, body: { recipientId: ada.id, gigId: gig.body.gig.id } });
      return res.status === 201 && res;
    });
    chatId = chat.body.data._id;
  });
  afterAll(() => p?.stop());

  describe.each(SENDINGS)('sent with %s', (_way, sending) => {
    it('PATCH /api/chat/{chatId}/read clears the conversation’s unread count', async () => {
      await p.call('POST', `/api/chat/${chatId}/messages`, { token: bob.token, body: { content: 'Any news?' } });
      expect((await chatOf(ada.token, chatId)).unreadCount).toBeGreaterThan(0);
      const read = await send(sending, 'PATCH', `/api/chat/${chatId}/read`, ada.token);
      expect(read.status).toBe(200);
      expect((await chatOf(ada.token, chatId)).unreadCount).toBe(0);
    });

    it('PATCH /api/chat/channels/{id}/read clears the channel’s unread count', async () => {
      const channel = await p.call('POST', '/api/chat/channels', { token: ada.token, body: { name: 'reading room' } });
      const id = channel.body.data.id;
      await p.call('POST', `/api/chat/channels/${id}/messages`, { token: bob.token, body: { content: 'joining', type: 'text' } });
      await p.call('POST', `/api/chat/channels/${id}/messages`, { token: ada.token, body: { content: 'welcome', type: 'text' } });
      expect((await channelOf(bob.token, id)).unreadCount).toBe(1);
      const read = await send(sending, 'PATCH', `/api/chat/channels/${id}/read`, bob.token);
      expect(read).toMatchObject({ status: 200, body: { data: { readSequence: 2, unreadCount: 0 } } });
      expect((await channelOf(bob.token, id)).unreadCount).toBe(0);
    });

    it('POST /api/chat/channels/{id}/join-link makes a link, and POST /api/chat/join/channel/{joinLink} lets a person in', async () => {
      const channel = await p.call('POST', '/api/chat/channels', { token: ada.token, body: { name: 'back room', type: 'private' } });
      const id = channel.body.data.id;
      const link = await send(sending, 'POST', `/api/chat/channels/${id}/join-link`, ada.token);
      expect(link).toMatchObject({ status: 200, body: { data: { joinLink: expect.any(String) } } });
      const guest = await buildUser(p, 'Grace Hopper');
      expect(await channelOf(guest.token, id)).toBeUndefined();
      const joined = await send(sending, 'POST', `/api/chat/join/channel/${link.body.data.joinLink}`, guest.token);
      expect(joined).toMatchObject({ status: 200, body: { data: { name: 'back room', channelId: id } } });
      expect(await channelOf(guest.token, id)).toMatchObject({ isMember: true });
    });

    it('DELETE /api/gigs/{id} deletes the gig', async () => {
      const gig = await p.call('POST', '/api/gigs', { token: ada.token, body: buildGig() });
      const id = gig.body.gig.id;
      const deleted = await send(sending, 'DELETE', `/api/gigs/${id}`, ada.token);
      expect(deleted).toMatchObject({ status: 200, body: { success: true, message: 'Gig deleted successfully' } });
      expect((await p.call('GET', `/api/gigs/${id}`)).status).toBe(404);
    });
  });

  it('still refuses a call whose payload is required when it comes without one', async () => {
    const refused = await send(SENDINGS[1][1], 'POST', '/api/chat/channels', ada.token);
    expect(refused).toMatchObject({ status: 400, body: { success: false, error: 'VALIDATION_FAILED' } });
  });
});
