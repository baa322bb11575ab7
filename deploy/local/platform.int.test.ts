import { createServer, type Server } from 'node:net';
import { loadKeyStore } from '@commonwork/identity';
import { createTestBus, createTestDatabase, eventually, testLogger } from '@commonwork/kit/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { startPlatform } from './platform.ts';

const listeners = () => process.getActiveResourcesInfo().filter((r) => r === 'TCPServerWrap').length;

describe('the embedded platform', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('stops the services it started when the gateway cannot listen', async () => {
    const { database, drop } = await createTestDatabase();
    const { bus, close } = await createTestBus();
    cleanups.push(drop, close);
    const taken: Server = await new Promise((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => resolve(server));
    });
    cleanups.push(() => new Promise((resolve) => taken.close(resolve)));
    const port = (taken.address() as { port: number }).port;
    const before = listeners();
    await expect(
      startPlatform({
        env: { NODE_ENV: 'test', HOST: '127.0.0.1', PORT: String(port) },
        database,
        bus,
        log: testLogger(),
        keys: await loadKeyStore(),
      }),
    ).rejects.toThrow(/EADDRINUSE/);
    // A closed server's handle goes a tick after its close resolves.
    await eventually(async () => listeners() === before);
  });
});
