import { SOCKET_EVENTS as E } from '@commonwork/contracts';
import { createGateway } from '@commonwork/gateway';
import { type App, remoteTokenVerifier } from '@commonwork/kit';
import { buildUser, eventually, startTestPlatform, type TestPlatform, testLogger } from '@commonwork/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressFor, type Client, connect, type Replicas, serviceUrls, startReplicas } from './support.ts';

type User = Awaited<ReturnType<typeof buildUser>>;

// In Kubernetes the gateway finds the realtime replicas as the addresses of the headless Service
// `realtime` (REALTIME_DNS), looked up again every few seconds, so scaling the StatefulSet is all it
// takes. Here two real replicas listen on one port at 127.0.0.1 and 127.0.0.2, as two pods would, and
// the test answers the lookups itself: the name resolves to what `records` holds at that moment.
describe('the gateway finding the realtime replicas by DNS', () => {
  let p: TestPlatform;
  let replicas: Replicas;
  let gateway: App;
  let gatewayUrl: string;
  let ada: User;
  let records: string[] | 'NXDOMAIN' | 'SERVFAIL' = ['127.0.0.1'];
  const lookups: string[] = [];
  const clients: Client[] = [];
  const open = async (address: string) => {
    const client = await connect(gatewayUrl, ada.token, { websocketOnly: false, extraHeaders: { 'x-forwarded-for': address } });
    clients.push(client);
    await eventually(async () => client.socket.io.engine.transport.name === 'websocket');
    return client;
  };
  const socketsOn = async (replica: 'a' | 'b') => (await replicas[replica].io.local.fetchSockets()).length;
  /** Waits for two more lookups, so the next connection sees `records`. */
  const looked = async () => {
    const seen = lookups.length;
    await eventually(async () => lookups.length >= seen + 2);
  };

  beforeAll(async () => {
    p = await startTestPlatform();
    replicas = await startReplicas(p, { hosts: ['127.0.0.1', '127.0.0.2'] });
    const port = new URL(replicas.a.url).port;
    expect(new URL(replicas.b.url).port).toBe(port);
    gateway = await createGateway({
      log: testLogger(),
      verifier: remoteTokenVerifier([p.services.identity.url]),
      services: serviceUrls(p),
      realtimeDns: {
        url: `http://realtime.commonwork.test:${port}`,
        refreshMs: 50,
        lookup: async (name) => {
          lookups.push(name);
          if (records === 'NXDOMAIN') throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
          if (records === 'SERVFAIL') throw Object.assign(new Error(`getaddrinfo EAI_AGAIN ${name}`), { code: 'EAI_AGAIN' });
          return records;
        },
      },
      trustedProxies: ['loopback'],
      rateLimit: { max: 1000, authMax: 1000 },
    });
    gatewayUrl = await gateway.listen({ host: '127.0.0.1', port: 0 });
    ada = await buildUser(p);
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await gateway?.close();
    await replicas?.stop();
    await p?.stop();
  });

  it('sends every client to the one replica the name resolves to, end to end', async () => {
    expect(lookups[0]).toBe('realtime.commonwork.test');
    const [first, second] = [await open(addressFor(0, 2)), await open(addressFor(1, 2))];
    expect([await socketsOn('a'), await socketsOn('b')]).toEqual([2, 0]);
    const ack = await first.call(E.joinChannels);
    expect(Array.isArray(ack.channelIds)).toBe(true);
    first.close();
    second.close();
    await eventually(async () => (await socketsOn('a')) === 0);
  });

  it('spreads clients over a replica that appears in DNS (kubectl scale), sticky by address', async () => {
    records = ['127.0.0.2', '127.0.0.1'];
    await looked();
    // Sorted: 127.0.0.1 is replica 0 and 127.0.0.2 replica 1, whatever order the answer had.
    const many = [await open(addressFor(0, 2)), await open(addressFor(1, 2)), await open(addressFor(1, 2))];
    expect([await socketsOn('a'), await socketsOn('b')]).toEqual([1, 2]);
    for (const client of many) client.close();
    await eventually(async () => (await socketsOn('a')) === 0 && (await socketsOn('b')) === 0);
  });

  it('keeps the last replicas when a lookup fails, and moves clients off a replica gone from DNS', async () => {
    records = 'SERVFAIL';
    await looked();
    const kept = await open(addressFor(0, 2));
    expect(await socketsOn('a')).toBe(1);
    kept.close();
    records = ['127.0.0.2'];
    await looked();
    const moved = await open(addressFor(0, 2));
    expect([await socketsOn('a'), await socketsOn('b')]).toEqual([0, 1]);
    moved.close();
    await eventually(async () => (await socketsOn('b')) === 0);
  });

  it('answers 502 while the name has no records (no replica ready), and recovers when one is back', async () => {
    records = 'NXDOMAIN';
    await looked();
    const polling = await fetch(`${gatewayUrl}/socket.io/?EIO=4&transport=polling`);
    expect(polling.status).toBe(502);
    expect(await polling.json()).toMatchObject({ error: 'BAD_GATEWAY' });
    records = ['127.0.0.1'];
    await looked();
    const back = await open(addressFor(1, 2));
    expect(await socketsOn('a')).toBe(1);
    back.close();
  });
});
