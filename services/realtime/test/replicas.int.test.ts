import { SOCKET_EVENTS as E, marketplaceRoutes, messagingRoutes } from '@commonwork/contracts';
import { buildGig, buildUser, eventually, startTestPlatform, type TestPlatform } from '@commonwork/kit/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Client, connect, type Replicas, refusal, settle, startReplicas } from './support.ts';

type User = Awaited<ReturnType<typeof buildUser>>;

// Ada's sockets are on replica A, Bob's on B: everything Bob sees from Ada crossed replicas.
describe('two realtime replicas sharing one consumer and one adapter', () => {
  let p: TestPlatform;
  let replicas: Replicas;
  let ada: User;
  let bob: User;
  let eve: User;
  let channelId: string;
  const clients: Client[] = [];
  const postTo = (id: string, token: string, content: string) =>
    p.api.send(messagingRoutes.postChannelMessage, { params: { id }, token, body: { content } });
  const open = async (url: string, user: User) => {
    const client = await connect(url, user.token);
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    p = await startTestPlatform();
    replicas = await startReplicas(p);
    [ada, bob, eve] = [await buildUser(p, 'Ada Lovelace'), await buildUser(p, 'Bob Babbage'), await buildUser(p, 'Eve Outsider')];
    const created = await p.api.send(messagingRoutes.createChannel, { token: ada.token, body: { name: 'engines', type: 'private' } });
    channelId = created.body.data.id;
    const link = await p.api.send(messagingRoutes.joinLink, { params: { id: channelId }, token: ada.token });
    expect((await p.api.send(messagingRoutes.joinByLink, { params: { joinLink: link.body.data.joinLink }, token: bob.token })).status).toBe(
      200,
    );
  });
  // A failed test leaves no socket behind to skew the next one's presence.
  afterEach(() => {
    for (const client of clients.splice(0)) client.close();
  });
  afterAll(async () => {
    await replicas?.stop();
    await p?.stop();
  });

  it('serves liveness and readiness on each replica', async () => {
    for (const replica of [replicas.a, replicas.b]) {
      expect(await (await fetch(`${replica.url}/healthz`)).json()).toEqual({ status: 'ok' });
      const ready = (await (await fetch(`${replica.url}/readyz`)).json()) as { status: string; checks: Record<string, string> };
      expect(ready.status).toBe('ready');
      expect(Object.keys(ready.checks)).toEqual(process.env.REDIS_URL ? ['bus', 'redis'] : ['bus']);
    }
  });

  it('refuses a handshake without a token or with a tampered one', async () => {
    const missing = await refusal(replicas.a.url, undefined);
    expect(missing?.message).toBe('Authentication required');
    const tampered = await refusal(replicas.b.url, `${ada.token.slice(0, -4)}AAAA`);
    expect(tampered?.message).toBe('Authentication required');
    expect(tampered?.data).toEqual({ code: 'UNAUTHORIZED', reason: 'Invalid token' });
  });

  it('joins a member to the rooms of their channels and tells them who is online', async () => {
    const adaA = await open(replicas.a.url, ada);
    const bobB = await open(replicas.b.url, bob);
    expect(await bobB.call(E.joinChannels)).toEqual({ success: true, channelIds: [channelId] });
    expect((await bobB.next(E.channelsJoined)).channelIds).toEqual([channelId]);
    await adaA.call(E.joinChannels);
    // Ada connected before Bob joined the channel's room; the join tells him she is online.
    expect(await bobB.next(E.userStatusUpdated, (s) => s.userId === ada.id)).toEqual({ userId: ada.id, status: 'online' });
    adaA.close();
    bobB.close();
  });

  it('delivers a burst sent on A to a member on B once each, in sequence order, with throttled channel-updated', async () => {
    const adaA = await open(replicas.a.url, ada);
    const bobB = await open(replicas.b.url, bob);
    await Promise.all([adaA.call(E.joinChannels), bobB.call(E.joinChannels)]);
    const started = Date.now();

    // All twenty in flight at once: posters of one channel queue on its row lock.
    // biome-ignore lint/suspicious/noExplicitAny: acks are arbitrary JSON
    const acks: any[] = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        adaA.call(E.sendMessage, { channelId, content: `burst ${n}`, type: 'text', clientId: `c-${n}` }),
      ),
    );
    expect(acks.filter((a) => a.success !== true)).toEqual([]);
    const sent = acks.map((a) => a.message).sort((x, y) => x.sequence - y.sequence);
    expect(sent.map((m) => m.sequence)).toEqual(Array.from({ length: 20 }, (_, i) => sent[0].sequence + i));
    // The ack and the message-sent event both answer each send.
    expect(adaA.received(E.messageSent)).toHaveLength(20);

    await eventually(async () => bobB.received(E.newMessage).length >= 20);
    await settle();
    const got = bobB.received(E.newMessage);
    expect(got.map((m) => m.id)).toEqual(sent.map((m) => m.id));
    expect(got.map((m) => m.sender._id)).toEqual(sent.map(() => ada.id));
    // channel-updated: the latest values reach the member (the replica that handled the last
    // message sends them, at once or when its one-second window ends) ...
    const last = sent.at(-1);
    const updated = await bobB.next(E.channelUpdated, (u) => u.lastSequence === last.sequence);
    const listed = await p.api.send(messagingRoutes.listChannels, { token: bob.token });
    const channel = listed.body.data.find((c) => c.id === channelId);
    expect(updated).toEqual({
      channelId,
      lastSequence: last.sequence,
      messageCount: channel?.messageCount,
      lastActivity: got.at(-1).createdAt,
    });
    // ... at most once a second per channel on each of the two replicas, each sequence once; the
    // two replicas' windows are independent, so arrival order is not sequence order (clients keep
    // the highest) but counts grow with sequences.
    await settle(1_100);
    const updates = bobB.received(E.channelUpdated);
    expect(updates.length).toBeLessThanOrEqual(2 * (Math.floor((Date.now() - started) / 1_000) + 1));
    expect(new Set(updates.map((u) => u.lastSequence)).size).toBe(updates.length);
    expect(Math.max(...updates.map((u) => u.lastSequence))).toBe(last.sequence);
    const bySequence = [...updates].sort((x, y) => x.lastSequence - y.lastSequence).map((u) => u.messageCount);
    expect(bySequence).toEqual([...bySequence].sort((x, y) => x - y));
    adaA.close();
    bobB.close();
  });

  it('answers a refused send with success false and the server message, and bad input with error', async () => {
    const eveA = await open(replicas.a.url, eve);
    const refused = await eveA.call(E.sendMessage, { channelId, content: 'let me in', type: 'text' });
    expect(refused.success).toBe(false);
    expect(refused.error).toEqual(expect.any(String));
    expect(await eveA.next(E.messageSent, (m) => m.success === false)).toEqual(refused);
    const empty = await eveA.call(E.sendMessage, { channelId, content: '   ', type: 'text' });
    expect(empty).toEqual({ success: false, error: 'Message cannot be empty' });
    eveA.socket.emit(E.joinChannel, { id: 'not-a-uuid' });
    expect(await eveA.next(E.error)).toEqual({ message: expect.any(String) });
    eveA.close();
  });

  it('shows presence across replicas: online on first connection, offline after the last', async () => {
    await settle(500); // the earlier tests' disconnects are counted
    const bobB = await open(replicas.b.url, bob);
    await bobB.call(E.joinChannels);
    const adaA = await open(replicas.a.url, ada);
    expect(await bobB.next(E.userStatusUpdated, (s) => s.userId === ada.id)).toEqual({ userId: ada.id, status: 'online' });
    // A second device is not a second "online"; closing one of two is not "offline".
    const adaB = await open(replicas.b.url, ada);
    adaA.close();
    await settle(500);
    expect(bobB.received(E.userStatusUpdated).filter((s) => s.userId === ada.id)).toEqual([{ userId: ada.id, status: 'online' }]);
    adaB.close();
    expect(await bobB.next(E.userStatusUpdated, (s) => s.status === 'offline')).toEqual({ userId: ada.id, status: 'offline' });
    bobB.close();
  });

  it('keeps a non-member out of a private channel’s room', async () => {
    const eveB = await open(replicas.b.url, eve);
    const answer = await eveB.call(E.joinChannel, { id: channelId });
    expect(answer.success).toBe(false);
    expect(await eveB.next(E.error)).toEqual({ message: answer.error });
    expect(eveB.received(E.channelJoined)).toEqual([]);
    expect((await eveB.call(E.joinChannels)).channelIds).not.toContain(channelId);
    await postTo(channelId, ada.token, 'members only');
    await settle(500);
    expect(eveB.received(E.newMessage)).toEqual([]);
    eveB.close();
  });

  it('lets a member join one channel’s room, and leave it', async () => {
    const bobA = await open(replicas.a.url, bob);
    expect(await bobA.call(E.joinChannel, { id: channelId })).toEqual({ success: true, channelId });
    expect(await bobA.next(E.channelJoined)).toEqual({ channelId });
    await postTo(channelId, ada.token, 'while joined');
    await bobA.next(E.newMessage, (m) => m.content === 'while joined');
    expect(await bobA.call(E.leaveChannel, { id: channelId })).toEqual({ success: true, channelId });
    await postTo(channelId, ada.token, 'after leaving');
    await settle(500);
    expect(bobA.received(E.newMessage).map((m) => m.content)).toEqual(['while joined']);
    bobA.close();
  });

  it('puts a new channel’s creator in its room on every replica, and asks a new member’s clients to join', async () => {
    const adaA = await open(replicas.a.url, ada);
    const adaB = await open(replicas.b.url, ada);
    const eveB = await open(replicas.b.url, eve);
    const created = await p.api.send(messagingRoutes.createChannel, { token: ada.token, body: { name: 'analytical', type: 'public' } });
    const id = created.body.data.id;
    for (const socket of [adaA, adaB]) expect(await socket.next(E.channelJoined, (j) => j.channelId === id)).toEqual({ channelId: id });
    await postTo(id, eve.token, 'first post joins me');
    expect(await eveB.next(E.requestChannelJoin, (r) => r.channelId === id)).toEqual({ channelId: id });
    for (const socket of [adaA, adaB]) await socket.next(E.newMessage, (m) => m.content === 'first post joins me');
    for (const socket of [adaA, adaB, eveB]) socket.close();
  });

  it('brings chat messages to both participants, whichever replica they are on, and keeps third parties out', async () => {
    const gig = await p.api.send(marketplaceRoutes.createGig, { token: bob.token, body: buildGig({ title: 'Difference engine repairs' }) });
    const adaA = await open(replicas.a.url, ada);
    const bobB = await open(replicas.b.url, bob);
    const eveA = await open(replicas.a.url, eve);
    const chat = await eventually(async () => {
      const res = await p.api.send(messagingRoutes.createChat, { token: ada.token, body: { recipientId: bob.id, gigId: gig.body.gig.id } });
      return res.status === 201 && res.body.data;
    });
    expect(await bobB.next(E.chatCreated)).toMatchObject({ chatId: chat._id, participantIds: expect.arrayContaining([ada.id, bob.id]) });

    for (const [token, content] of [
      [ada.token, 'Can you fix a carry mechanism?'],
      [bob.token, 'Yes, by Friday.'],
      [ada.token, 'Deal.'],
    ] as const) {
      expect((await p.api.send(messagingRoutes.postChatMessage, { params: { chatId: chat._id }, token, body: { content } })).status).toBe(
        201,
      );
    }
    for (const client of [adaA, bobB]) {
      await eventually(async () => client.received(E.newChatMessage).length >= 3);
    }
    await settle();
    for (const client of [adaA, bobB]) {
      expect(client.received(E.newChatMessage).map((m) => m.content)).toEqual([
        'Can you fix a carry mechanism?',
        'Yes, by Friday.',
        'Deal.',
      ]);
    }
    expect(eveA.received(E.newChatMessage)).toEqual([]);
    for (const client of [adaA, bobB, eveA]) client.close();
  });

  it('updates the unread count on every device of the reader, on both replicas', async () => {
    const bobA = await open(replicas.a.url, bob);
    const bobB = await open(replicas.b.url, bob);
    const posted = await postTo(channelId, ada.token, 'read me');
    const sequence = posted.body.data.sequence;
    const read = await p.api.send(messagingRoutes.readChannel, { params: { id: channelId }, token: bob.token, body: {} });
    expect(read.status).toBe(200);
    for (const device of [bobA, bobB]) {
      expect(await device.next(E.unreadCount, (u) => u.readSequence === sequence)).toEqual({
        kind: 'channel',
        conversationId: channelId,
        unreadCount: 0,
        readSequence: sequence,
      });
    }
    bobA.close();
    bobB.close();
  });
});
