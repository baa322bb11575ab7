import { type App, drainAndClose } from '@commonwork/kit';
import { buildUser, eventually, startTestPlatform, type TestPlatform } from '@commonwork/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressFor, connect, gatewayInFront, type Replicas, startReplicas } from './support.ts';

// Issue 33, item 4: in cluster mode the gateway sent a new socket to its client's replica even while
// that replica said it was not ready (cut from Redis in the fault suite), as it never asked.
describe('the gateway and a realtime replica that is not ready', () => {
  let p: TestPlatform;
  let replicas: Replicas;
  let gateway: App;
  let url: string;

  beforeAll(async () => {
    p = await startTestPlatform();
    replicas = await startReplicas(p);
    ({ gateway, url } = await gatewayInFront(p, [replicas.a.url, replicas.b.url]));
  });
  afterAll(async () => {
    await gateway?.close();
    await replicas?.stop();
    await p?.stop();
  });

  it('sends a new client to the next ready replica while its own says it is not ready', async () => {
    const ada = await buildUser(p);
    const sockets = async (replica: Replicas['a']) => (await replica.io.local.fetchSockets()).length;
    // A stopping replica: not ready at once, serving for the drain's time (the kit's drain).
    const stopped = drainAndClose(replicas.a.app, 4_000);
    await eventually(async () => (await fetch(`${replicas.a.url}/readyz`)).status === 503);
    // The gateway's next probe (every second) sees it.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const client = await connect(url, ada.token, { websocketOnly: false, extraHeaders: { 'x-forwarded-for': addressFor(0, 2) } });
    try {
      expect(await sockets(replicas.b)).toBe(1);
      expect(await sockets(replicas.a)).toBe(0);
    } finally {
      client.close();
      await stopped;
    }
  });
});
