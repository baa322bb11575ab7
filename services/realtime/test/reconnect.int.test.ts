import { SOCKET_EVENTS as E, messagingRoutes } from '@commonwork/contracts';
import { buildUser, eventually, startTestPlatform, type TestPlatform } from '@commonwork/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, connect, type Replicas, settle, startReplicas } from './support.ts';

type User = Awaited<ReturnType<typeof buildUser>>;
type Message = { id: string; sequence: number; content: string };

// Socket.IO delivers at most once, and the Redis pub/sub adapter cannot replay: what a client
// misses while away comes back from messaging's `after` cursor, however long the gap.
describe('a client that drops and comes back gets exactly what it missed', () => {
  let p: TestPlatform;
  let replicas: Replicas;
  let ada: User;
  let bob: User;
  let channelId: string;
  let watcher: Client;
  const clients: Client[] = [];

  beforeAll(async () => {
    p = await startTestPlatform();
    replicas = await startReplicas(p);
    [ada, bob] = [await buildUser(p, 'Ada Lovelace'), await buildUser(p, 'Bob Babbage')];
    channelId = (await p.api.call(messagingRoutes.createChannel, { token: ada.token, body: { name: 'reconnects', type: 'public' } })).data
      .id;
    // Bob joins the public channel by posting in it.
    expect(
      (await p.api.send(messagingRoutes.postChannelMessage, { params: { id: channelId }, token: bob.token, body: { content: 'hello' } }))
        .status,
    ).toBe(201);
    watcher = await connect(replicas.a.url, ada.token);
    clients.push(watcher);
    await watcher.call(E.joinChannels);
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await replicas?.stop();
    await p?.stop();
  });

  const post = async (content: string) => {
    const res = await p.api.send(messagingRoutes.postChannelMessage, { params: { id: channelId }, token: ada.token, body: { content } });
    expect(res.status).toBe(201);
    return res.body.data;
  };
  const online = async () => {
    const client = await connect(replicas.b.url, bob.token);
    clients.push(client);
    await client.call(E.joinChannels);
    return client;
  };
  /** What the web client does on reconnect: page with `after` until a page comes back empty. */
  const catchUp = async (after: number, limit: number) => {
    const pages: Message[][] = [];
    for (let cursor = after; ; ) {
      const res = await p.api.send(messagingRoutes.channelMessages, {
        params: { id: channelId },
        query: { after: cursor, limit },
        token: bob.token,
      });
      expect(res.status).toBe(200);
      const page: Message[] = res.body.data.messages;
      if (page.length === 0) return pages;
      pages.push(page);
      cursor = page.at(-1)?.sequence ?? cursor;
    }
  };
  /** Waits until the live broadcast of the gap is over (Ada watches from replica A), so no late push blurs the test. */
  const broadcastOver = (last: Message) => watcher.next(E.newMessage, (m) => m.id === last.id);
  const lastSeen = (client: Client) => Math.max(...client.received(E.newMessage).map((m: Message) => m.sequence));

  it('after a few seconds away: the 10 messages sent meanwhile, in order, and live ones again after', async () => {
    const before = await online();
    const seen = await post('before the drop');
    await before.next(E.newMessage, (m) => m.id === seen.id);
    before.close();

    const missed: Message[] = [];
    for (let i = 0; i < 10; i++) {
      missed.push(await post(`while away ${i}`));
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await broadcastOver(missed[9] as Message);
    const again = await online();
    await settle();
    expect(again.received(E.newMessage)).toEqual([]);

    const pages = await catchUp(lastSeen(before), 50);
    expect(pages.flat().map((m) => m.id)).toEqual(missed.map((m) => m.id));
    expect(pages.flat().map((m) => m.sequence)).toEqual(missed.map((_, i) => seen.sequence + 1 + i));

    const live = await post('back live');
    expect((await again.next(E.newMessage)).id).toBe(live.id);
  });

  it('after "minutes" away (500 messages): pages of 100 with the cursor bring every one, in order, once', async () => {
    const before = await online();
    const seen = await post('last one before a long absence');
    await before.next(E.newMessage, (m) => m.id === seen.id);
    before.close();

    // The gap's length is what matters to the cursor, not the clock: 500 messages stand for minutes.
    const missed: Message[] = [];
    for (let i = 0; i < 500; i++) missed.push(await post(`long gap ${i}`));
    await broadcastOver(missed[499] as Message);

    const again = await online();
    const pages = await catchUp(lastSeen(before), 100);
    expect(pages.map((page) => page.length)).toEqual([100, 100, 100, 100, 100]);
    const caughtUp = pages.flat();
    expect(caughtUp.map((m) => m.id)).toEqual(missed.map((m) => m.id));
    expect(new Set(caughtUp.map((m) => m.id)).size).toBe(500);
    expect(caughtUp.map((m) => m.sequence)).toEqual(missed.map((_, i) => seen.sequence + 1 + i));

    const live = await post('still here');
    await eventually(async () => again.received(E.newMessage).some((m: Message) => m.id === live.id));
    expect(again.received(E.newMessage).map((m: Message) => m.id)).toEqual([live.id]);
  }, 120_000);
});
