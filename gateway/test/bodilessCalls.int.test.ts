import { marketplaceRoutes, messagingRoutes, pathOf, type RouteContract } from '@commonwork/contracts';
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

  /**
   * Sends a bodiless call one way, with `token`, and reads the JSON answer. By hand, not through the
   * typed client: the way nothing is sent is what the test varies.
   */
  const send = async (sending: (typeof SENDINGS)[number][1], route: RouteContract, params: Record<string, string>, token: string) => {
    const headers = 'headers' in sending ? sending.headers : {};
    const res = await fetch(`${p.url}${pathOf(route.url, params)}`, {
      method: route.method,
      headers: { ...headers, authorization: `Bearer ${token}` },
      ...('body' in sending && { body: sending.body }),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };
  const channelOf = async (token: string, id: string) =>
    (await p.api.call(messagingRoutes.listChannels, { token })).data.find((c) => c.id === id);
  const chatOf = async (token: string, id: string) =>
    (await p.api.call(messagingRoutes.listChats, { token })).chats.find((c) => c._id === id);

  beforeAll(async () => {
    p = await startTestPlatform();
    ada = await buildUser(p, 'Ada Lovelace');
    bob = await buildUser(p, 'Bob Babbage');
    const gig = await p.api.call(marketplaceRoutes.createGig, { token: ada.token, body: buildGig({ title: 'Analytical engine notes' }) });
    // The gig reaches messaging through marketplace's events.
    const chat = await eventually(async () => {
      const res = await p.api.send(messagingRoutes.createChat, { token: bob.token, body: { recipientId: ada.id, gigId: gig.gig.id } });
      return res.status === 201 && res;
    });
    chatId = chat.at(201).data._id;
  });
  afterAll(() => p?.stop());

  describe.each(SENDINGS)('sent with %s', (_way, sending) => {
    it('readChat clears the conversation’s unread count', async () => {
      await p.api.send(messagingRoutes.postChatMessage, { params: { chatId }, token: bob.token, body: { content: 'Any news?' } });
      expect((await chatOf(ada.token, chatId))?.unreadCount).toBeGreaterThan(0);
      const read = await send(sending, messagingRoutes.readChat, { chatId }, ada.token);
      expect(read.status).toBe(200);
      expect((await chatOf(ada.token, chatId))?.unreadCount).toBe(0);
    });

    it('readChannel clears the channel’s unread count', async () => {
      const channel = await p.api.call(messagingRoutes.createChannel, { token: ada.token, body: { name: 'reading room' } });
      const id = channel.data.id;
      await p.api.send(messagingRoutes.postChannelMessage, {
        params: { id },
        token: bob.token,
        body: { content: 'joining', type: 'text' },
      });
      await p.api.send(messagingRoutes.postChannelMessage, {
        params: { id },
        token: ada.token,
        body: { content: 'welcome', type: 'text' },
      });
      expect((await channelOf(bob.token, id))?.unreadCount).toBe(1);
      const read = await send(sending, messagingRoutes.readChannel, { id }, bob.token);
      expect(read).toMatchObject({ status: 200, body: { data: { readSequence: 2, unreadCount: 0 } } });
      expect((await channelOf(bob.token, id))?.unreadCount).toBe(0);
    });

    it('joinLink makes a link, and joinByLink lets a person in', async () => {
      const channel = await p.api.call(messagingRoutes.createChannel, { token: ada.token, body: { name: 'back room', type: 'private' } });
      const id = channel.data.id;
      const link = await send(sending, messagingRoutes.joinLink, { id }, ada.token);
      expect(link).toMatchObject({ status: 200, body: { data: { joinLink: expect.any(String) } } });
      const guest = await buildUser(p, 'Grace Hopper');
      expect(await channelOf(guest.token, id)).toBeUndefined();
      const joined = await send(sending, messagingRoutes.joinByLink, { joinLink: link.body.data.joinLink }, guest.token);
      expect(joined).toMatchObject({ status: 200, body: { data: { name: 'back room', channelId: id } } });
      expect(await channelOf(guest.token, id)).toMatchObject({ isMember: true });
    });

    it('deleteGig deletes the gig', async () => {
      const gig = await p.api.call(marketplaceRoutes.createGig, { token: ada.token, body: buildGig() });
      const id = gig.gig.id;
      const deleted = await send(sending, marketplaceRoutes.deleteGig, { id }, ada.token);
      expect(deleted).toMatchObject({ status: 200, body: { success: true, message: 'Gig deleted successfully' } });
      expect((await p.api.send(marketplaceRoutes.getGig, { params: { id } })).status).toBe(404);
    });
  });

  it('still refuses a call whose payload is required when it comes without one', async () => {
    const refused = await send(SENDINGS[1][1], messagingRoutes.createChannel, {}, ada.token);
    expect(refused).toMatchObject({ status: 400, body: { success: false, error: 'VALIDATION_FAILED' } });
  });
});
