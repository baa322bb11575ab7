import { once } from 'node:events';
import { type AddressInfo, createServer, type Socket as NetSocket, connect as tcpConnect } from 'node:net';
import { SOCKET_EVENTS as E, messagingRoutes } from '@commonwork/contracts';
import { buildUser, eventually, startTestPlatform, type TestPlatform } from '@commonwork/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, connect, type Replicas, redisUrl, startReplicas } from './support.ts';

/** A TCP proxy to Redis on loopback that a test can cut (every connection closed, new ones refused) and mend. */
async function redisProxy(target: string) {
  const { hostname, port } = new URL(target);
  const open = new Set<NetSocket>();
  let cut = false;
  const server = createServer((client) => {
    if (cut) return void client.destroy();
    const upstream = tcpConnect(Number(port), hostname);
    for (const [from, to] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      open.add(from);
      from.pipe(to);
      from.on('error', () => to.destroy());
      from.on('close', () => {
        open.delete(from);
        to.destroy();
      });
    }
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `redis://127.0.0.1:${(server.address() as AddressInfo).port}`,
    cut: () => {
      cut = true;
      for (const socket of open) socket.destroy();
    },
    mend: () => {
      cut = false;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// Issue 33, item 4: with one realtime replica cut from Redis, the fault suite saw none of ten posts
// arrive live within a second on the other replica's sockets: the cut replica kept taking its share of
// the shared consumer's events, which it could neither order nor fan out.
describe.skipIf(!redisUrl)('a realtime replica cut from Redis while the other is not', () => {
  let p: TestPlatform;
  let proxy: Awaited<ReturnType<typeof redisProxy>>;
  let replicas: Replicas;
  let channelId: string;
  let ada: Awaited<ReturnType<typeof buildUser>>;
  let bob: Client;

  beforeAll(async () => {
    proxy = await redisProxy(redisUrl as string);
    p = await startTestPlatform();
    replicas = await startReplicas(p, { redisUrlOfA: proxy.url });
    ada = await buildUser(p, 'Ada Lovelace');
    const bobUser = await buildUser(p, 'Bob Babbage');
    const created = await p.api.send(messagingRoutes.createChannel, { token: ada.token, body: { name: 'partition', type: 'private' } });
    channelId = created.body.data.id;
    const link = await p.api.send(messagingRoutes.joinLink, { params: { id: channelId }, token: ada.token });
    expect(
      (await p.api.send(messagingRoutes.joinByLink, { params: { joinLink: link.body.data.joinLink }, token: bobUser.token })).status,
    ).toBe(200);
    bob = await connect(replicas.b.url, bobUser.token);
    await bob.call(E.joinChannels);
  }, 60_000);
  afterAll(async () => {
    bob?.close();
    await replicas?.stop();
    await p?.stop();
    await proxy?.close();
  });

  it("leaves every broadcast to the replica that has Redis: each post reaches the other replica's sockets live", async () => {
    proxy.cut();
    await eventually(async () => (await fetch(`${replicas.a.url}/readyz`)).status === 503, 10_000);
    const posted: string[] = [];
    for (let i = 1; i <= 10; i++) {
      const res = await p.api.send(messagingRoutes.postChannelMessage, {
        params: { id: channelId },
        token: ada.token,
        body: { content: `during the cut ${i}`, type: 'text', clientId: `cut-${i}` },
      });
      expect(res.status).toBe(201);
      posted.push(res.body.data.id);
    }
    // Live, in order, within a couple of seconds: none waits out the ordering gate behind a post the cut replica took.
    await eventually(async () => posted.every((id) => bob.received(E.newMessage).some((m) => m.id === id)), 3_000);
    const seen = bob.received(E.newMessage).map((m) => m.id);
    expect(seen.filter((id) => posted.includes(id))).toEqual(posted);

    proxy.mend();
    await eventually(async () => (await fetch(`${replicas.a.url}/readyz`)).status === 200, 20_000);
  }, 60_000);
});
