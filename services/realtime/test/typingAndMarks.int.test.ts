import { SOCKET_EVENTS as E, marketplaceRoutes, messagingRoutes } from '@commonwork/contracts';
import { buildGig, buildUser, eventually, startTestPlatform, type TestPlatform } from '@commonwork/kit/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TYPING_THROTTLE_MS } from '../src/handlers/typing.ts';
import { type Client, connect, settle } from './support.ts';

type User = Awaited<ReturnType<typeof buildUser>>;

// Issue 29 items 6 and 7: typing relayed to the room but never to the typist; marks to the person's own sockets.
describe('typing and channel marks over the socket', () => {
  let p: TestPlatform;
  let ada: User;
  let bob: User;
  let eve: User;
  let privateId: string;
  const clients: Client[] = [];
  const open = async (user: User) => {
    const client = await connect(p.services.realtime.url, user.token);
    clients.push(client);
    return client;
  };
  /** A socket of `user` in the channel's room. */
  const inRoom = async (user: User, channelId = privateId) => {
    const client = await open(user);
    expect(await client.call(E.joinChannel, { channelId })).toEqual({ success: true, channelId });
    return client;
  };

  beforeAll(async () => {
    p = await startTestPlatform();
    [ada, bob, eve] = [await buildUser(p, 'Ada Typist'), await buildUser(p, 'Bob Reader'), await buildUser(p, 'Eve Outsider')];
    privateId = (await p.api.call(messagingRoutes.createChannel, { token: ada.token, body: { name: 'typing-room', type: 'private' } })).data
      .id;
    const link = await p.api.call(messagingRoutes.joinLink, { params: { id: privateId }, token: ada.token });
    expect((await p.api.send(messagingRoutes.joinByLink, { params: { joinLink: link.data.joinLink }, token: bob.token })).status).toBe(200);
  });
  afterEach(() => {
    for (const client of clients.splice(0)) client.close();
  });
  afterAll(() => p?.stop());

  it('relays typing to the other members in the room with the typist’s name, never to the typist’s own sockets', async () => {
    const [adaLaptop, adaPhone, bobLaptop] = [await inRoom(ada), await inRoom(ada), await inRoom(bob)];
    expect(await adaLaptop.call(E.typing, { channelId: privateId })).toEqual({ success: true, relayed: true });
    expect(await bobLaptop.next(E.userTyping)).toEqual({ channelId: privateId, userId: ada.id, name: 'Ada Typist' });
    await settle();
    expect(adaLaptop.received(E.userTyping)).toEqual([]);
    expect(adaPhone.received(E.userTyping)).toEqual([]);
    expect(bobLaptop.received(E.userTyping)).toHaveLength(1);
  });

  it('relays at most one typing per person per channel in the throttle window, then again after it', async () => {
    const [adaLaptop, adaPhone, bobLaptop] = [await inRoom(ada), await inRoom(ada), await inRoom(bob)];
    // The previous test's relay may still hold the window: start a fresh one.
    await settle(TYPING_THROTTLE_MS);
    expect(await adaLaptop.call(E.typing, { channelId: privateId })).toEqual({ success: true, relayed: true });
    // From another tab of the same person too: one person, one window.
    for (const socket of [adaLaptop, adaPhone, adaLaptop])
      expect(await socket.call(E.typing, { channelId: privateId })).toEqual({ success: true, relayed: false });
    await settle();
    expect(bobLaptop.received(E.userTyping)).toHaveLength(1);
    // Someone else's typing has its own window.
    expect(await bobLaptop.call(E.typing, { channelId: privateId })).toEqual({ success: true, relayed: true });
    expect(await adaLaptop.next(E.userTyping)).toMatchObject({ userId: bob.id, name: 'Bob Reader' });

    await settle(TYPING_THROTTLE_MS);
    expect(await adaPhone.call(E.typing, { channelId: privateId })).toEqual({ success: true, relayed: true });
    await settle();
    expect(bobLaptop.received(E.userTyping)).toHaveLength(2);
  });

  it('refuses typing from a socket not in the channel’s room (a non-member cannot join it), and a bad payload', async () => {
    const bobLaptop = await inRoom(bob);
    const eveLaptop = await open(eve);
    expect(await eveLaptop.call(E.joinChannel, { channelId: privateId })).toEqual({ success: false, error: 'Channel not found' });
    expect(await eveLaptop.call(E.typing, { channelId: privateId })).toEqual({ success: false, error: 'Join the channel first' });
    // A member whose socket has not joined the room is refused the same way.
    const adaElsewhere = await open(ada);
    expect(await adaElsewhere.call(E.typing, { channelId: privateId })).toEqual({ success: false, error: 'Join the channel first' });
    expect(await adaElsewhere.call(E.typing, { channelId: 'nope' })).toMatchObject({ success: false });
    await settle();
    expect(bobLaptop.received(E.userTyping)).toEqual([]);
  });

  it('relays typing in a conversation to the other participant’s sockets only, and refuses anyone else', async () => {
    const gig = await p.api.send(marketplaceRoutes.createGig, { token: bob.token, body: buildGig({ title: 'Typing lessons' }) });
    const chat = await eventually(async () => {
      const res = await p.api.send(messagingRoutes.createChat, { token: ada.token, body: { recipientId: bob.id, gigId: gig.body.gig.id } });
      return res.status === 201 && res.body.data;
    });
    const [adaLaptop, adaPhone, bobLaptop, bobPhone, eveLaptop] = [
      await open(ada),
      await open(ada),
      await open(bob),
      await open(bob),
      await open(eve),
    ];
    expect(await adaLaptop.call(E.typing, { chatId: chat.id })).toEqual({ success: true, relayed: true });
    for (const device of [bobLaptop, bobPhone])
      expect(await device.next(E.userTyping)).toEqual({ chatId: chat.id, userId: ada.id, name: 'Ada Typist' });
    expect(await adaPhone.call(E.typing, { chatId: chat.id })).toEqual({ success: true, relayed: false });
    expect(await eveLaptop.call(E.typing, { chatId: chat.id })).toEqual({ success: false, error: 'Chat not found' });
    await settle();
    expect(adaLaptop.received(E.userTyping)).toEqual([]);
    expect(adaPhone.received(E.userTyping)).toEqual([]);
    expect(eveLaptop.received(E.userTyping)).toEqual([]);
    expect(bobLaptop.received(E.userTyping)).toHaveLength(1);
  });

  it('sends channel-marked to every socket of the person who pinned or starred, and to nobody else', async () => {
    const [adaLaptop, adaPhone, bobLaptop] = [await open(ada), await open(ada), await inRoom(bob)];
    expect((await p.api.send(messagingRoutes.pinChannel, { params: { id: privateId }, token: ada.token })).status).toBe(200);
    for (const device of [adaLaptop, adaPhone])
      expect(await device.next(E.channelMarked)).toEqual({ channelId: privateId, isPinned: true, isStarred: false });
    expect((await p.api.send(messagingRoutes.starChannel, { params: { id: privateId }, token: ada.token })).status).toBe(200);
    expect(await adaPhone.next(E.channelMarked, (m) => m.isStarred)).toEqual({ channelId: privateId, isPinned: true, isStarred: true });
    await settle();
    expect(bobLaptop.received(E.channelMarked)).toEqual([]);
  });
});

describe('typing spends the per-person budget', () => {
  let p: TestPlatform;
  afterAll(() => p?.stop());

  it('counts every typing event, relayed or not, and refuses once the budget is spent', async () => {
    p = await startTestPlatform({ RATE_LIMIT_MAX: '6' });
    const ada = await buildUser(p, 'Ada Budget');
    const channelId = (await p.api.call(messagingRoutes.createChannel, { token: ada.token, body: { name: 'budget', type: 'public' } })).data
      .id;
    const socket = await connect(p.services.realtime.url, ada.token);
    try {
      // The channel's creation and the join spend two calls: four typing events leave nothing.
      expect(await socket.call(E.joinChannel, { channelId })).toEqual({ success: true, channelId });
      const answers = [];
      for (let i = 0; i < 5; i++) answers.push(await socket.call(E.typing, { channelId }));
      expect(answers.slice(0, 4)).toEqual([
        { success: true, relayed: true },
        { success: true, relayed: false },
        { success: true, relayed: false },
        { success: true, relayed: false },
      ]);
      expect(answers[4]).toEqual({
        success: false,
        error: expect.stringMatching(/^Too many requests\. Please try again in \d+ seconds\.$/),
      });
    } finally {
      socket.close();
    }
  });
});
