import { SOCKET_EVENTS as E, marketplaceRoutes, messagingRoutes } from '@commonwork/contracts';
import { buildGig, buildUser, eventually, startTestPlatform, type TestPlatform } from '@commonwork/kit/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Client, connect, settle } from './support.ts';

type User = Awaited<ReturnType<typeof buildUser>>;

// Where messages go: a channel's to its room, a chat's to its participants' user rooms.
describe('what a socket receives, and in which room', () => {
  let p: TestPlatform;
  let ada: User;
  let bob: User;
  let eve: User;
  const clients: Client[] = [];
  const open = async (user: User) => {
    const client = await connect(p.services.realtime.url, user.token);
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    p = await startTestPlatform();
    [ada, bob, eve] = [await buildUser(p, 'Ada Lovelace'), await buildUser(p, 'Bob Babbage'), await buildUser(p, 'Eve Outsider')];
  });
  afterEach(() => {
    for (const client of clients.splice(0)) client.close();
  });
  afterAll(() => p?.stop());

  it('brings chat messages to every device of both participants without any join, and to nobody else', async () => {
    const gig = await p.api.send(marketplaceRoutes.createGig, { token: bob.token, body: buildGig({ title: 'Punched card design' }) });
    const adaPhone = await open(ada);
    const chat = await eventually(async () => {
      const res = await p.api.send(messagingRoutes.createChat, { token: ada.token, body: { recipientId: bob.id, gigId: gig.body.gig.id } });
      return res.status === 201 && res.body.data;
    });
    // Both connect after the chat began and join nothing: their user rooms are enough.
    const adaLaptop = await open(ada);
    const bobLaptop = await open(bob);
    const eveLaptop = await open(eve);

    const posted = await p.api.send(messagingRoutes.postChatMessage, {
      params: { chatId: chat._id },
      token: ada.token,
      body: { content: 'Cards by Monday?' },
    });
    expect(posted.status).toBe(201);
    for (const device of [adaPhone, adaLaptop, bobLaptop]) {
      // The socket's copy is the REST answer's: one builder for both.
      expect(await device.next(E.newChatMessage, (m) => m.content === 'Cards by Monday?')).toEqual(posted.body.data);
    }
    await settle();
    expect(eveLaptop.received(E.newChatMessage)).toEqual([]);
  });

  it('no longer answers join-chat: chats have no room to join', async () => {
    const adaLaptop = await open(ada);
    adaLaptop.socket.emit('join-chat', { chatId: '00000000-0000-4000-8000-000000000001' });
    await settle();
    expect(adaLaptop.received(E.error)).toEqual([]);
  });

  it('sends new-message to a channel’s room as the very message the REST call answered', async () => {
    const created = await p.api.send(messagingRoutes.createChannel, { token: ada.token, body: { name: 'difference', type: 'public' } });
    const channelId = created.body.data.id;
    const adaLaptop = await open(ada);
    const eveLaptop = await open(eve);
    expect(await adaLaptop.call(E.joinChannels)).toEqual({ success: true, channelIds: [channelId] });
    // Eve may read a public channel she is not in: messaging's access route lets her into its room.
    expect(await eveLaptop.call(E.joinChannel, { id: channelId })).toEqual({ success: true, channelId });

    const posted = await p.api.send(messagingRoutes.postChannelMessage, {
      params: { id: channelId },
      token: ada.token,
      body: { content: 'Engines at rest', clientId: 'tmp-rest-1' },
    });
    expect(posted.status).toBe(201);
    for (const device of [adaLaptop, eveLaptop]) {
      expect(await device.next(E.newMessage, (m) => m.clientId === 'tmp-rest-1')).toEqual(posted.body.data);
    }
    const page = await p.api.send(messagingRoutes.channelMessages, { params: { id: channelId }, query: { limit: 1 }, token: eve.token });
    expect(page.body.data.messages).toEqual([posted.body.data]);
  });
});
