import { SOCKET_EVENTS as E, messagingRoutes } from '@commonwork/contracts';
import type { App } from '@commonwork/kit';
import { buildUser, eventually, startTestPlatform, type TestPlatform } from '@commonwork/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressFor, type Client, connect, gatewayInFront, type Replicas, startReplicas } from './support.ts';

type User = Awaited<ReturnType<typeof buildUser>>;

// The browser reaches the realtime tier only through the gateway: long-polling first, then the
// WebSocket upgrade, both of which must reach the replica that holds the Engine.IO session.
describe('the gateway in front of two realtime replicas', () => {
  let p: TestPlatform;
  let replicas: Replicas;
  let gateway: App;
  let gatewayUrl: string;
  let ada: User;
  const clients: Client[] = [];
  const open = async (address: string, user: User = ada) => {
    // Long-polling first, then the upgrade, as a browser does.
    const client = await connect(gatewayUrl, user.token, { websocketOnly: false, extraHeaders: { 'x-forwarded-for': address } });
    clients.push(client);
    return client;
  };
  const socketsOn = async (url: string) => {
    const replica = url === replicas.a.url ? replicas.a : replicas.b;
    return (await replica.io.local.fetchSockets()).length;
  };

  beforeAll(async () => {
    p = await startTestPlatform();
    replicas = await startReplicas(p);
    ({ gateway, url: gatewayUrl } = await gatewayInFront(p, [replicas.a.url, replicas.b.url], { rateLimit: 3 }));
    ada = await buildUser(p);
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await gateway?.close();
    await replicas?.stop();
    await p?.stop();
  });

  it('upgrades from long-polling to WebSocket on the replica its address hashes to, and works end to end', async () => {
    const client = await open(addressFor(1, 2));
    await eventually(async () => client.socket.io.engine.transport.name === 'websocket');
    expect(await socketsOn(replicas.b.url)).toBe(1);
    expect(await socketsOn(replicas.a.url)).toBe(0);
    const channel = await p.api.send(messagingRoutes.createChannel, { token: ada.token, body: { name: 'through the gateway' } });
    expect((await client.call(E.joinChannels)).channelIds).toContain(channel.body.data.id);
    const ack = await client.call(E.sendMessage, { channelId: channel.body.data.id, content: 'via the edge', type: 'text' });
    expect(ack.success).toBe(true);
    expect((await client.next(E.newMessage)).id).toBe(ack.message.id);
    client.close();
  });

  it('spreads clients by address and never rate-limits socket traffic', async () => {
    // The limit is 3 requests a minute; each client below makes several polling requests.
    const many = await Promise.all(Array.from({ length: 6 }, (_, i) => open(addressFor(i % 2, 2))));
    await eventually(async () => (await socketsOn(replicas.a.url)) === 3 && (await socketsOn(replicas.b.url)) === 3);
    for (const client of many) client.close();
    // The replicas see the disconnects a moment later; the next tests count sockets from zero.
    await eventually(async () => (await socketsOn(replicas.a.url)) === 0 && (await socketsOn(replicas.b.url)) === 0);
  });

  it('refuses the handshake at the replica, not at the edge, when the token is bad', async () => {
    const refused = await connect(gatewayUrl, 'not-a-token', { websocketOnly: false }).catch((error: Error) => error);
    expect(refused).toBeInstanceOf(Error);
    expect((refused as Error).message).toBe('Authentication required');
  });

  it.each([
    ['refuses connections', 'http://127.0.0.1:1'],
    ['has a name that does not resolve (a pod being replaced)', 'http://realtime-gone.invalid:4010'],
  ])('moves a client on to the next replica when its own %s', async (_case, gone) => {
    const { gateway: dead, url } = await gatewayInFront(p, [gone, replicas.a.url], { rateLimit: 100 });
    try {
      const client = await connect(url, ada.token, { websocketOnly: false, extraHeaders: { 'x-forwarded-for': addressFor(0, 2) } });
      await eventually(async () => client.socket.io.engine.transport.name === 'websocket');
      expect(await socketsOn(replicas.a.url)).toBe(1);
      client.close();
      await eventually(async () => (await socketsOn(replicas.a.url)) === 0);
    } finally {
      await dead.close();
    }
  });
});
