import { connect, createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { eventually, freePort, missing, type OwnServer, portFree, startOwnServer } from '../src/testing/index.ts';

/** What the Redis at `url` answers to PING, in its own protocol. */
const ping = (url: string) =>
  new Promise<string>((resolve, reject) => {
    const socket = connect(Number(new URL(url).port), '127.0.0.1', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().trim());
    });
    socket.once('error', reject);
  });

/** The port `Math.random() === value` makes freePort try first (its range is 20000-32767). */
const portFor = (value: number) => 20_000 + Math.floor(value * 12_768);

describe('free ports for servers a test runs itself', () => {
  const held: Server[] = [];
  afterEach(async () => {
    vi.restoreAllMocks();
    await Promise.all(held.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
  });

  it('are below the ephemeral range, free, and never handed out twice', async () => {
    const ports = await Promise.all(Array.from({ length: 40 }, () => freePort()));
    expect(new Set(ports).size).toBe(40);
    for (const port of ports) {
      expect(port).toBeGreaterThanOrEqual(20_000);
      expect(port).toBeLessThan(32_768);
      expect(await portFree(port)).toBe(true);
    }
  });

  it('skip a port something already listens on', async () => {
    const taken = portFor(0.5);
    const server = createServer();
    held.push(server);
    await new Promise<void>((resolve) => server.listen(taken, '127.0.0.1', resolve));
    expect(await portFree(taken)).toBe(false);
    // The first pick is the taken port.
    vi.spyOn(Math, 'random').mockReturnValueOnce(0.5);
    const port = await freePort();
    expect(port).not.toBe(taken);
    expect(await portFree(port)).toBe(true);
  });
});

describe.skipIf(missing('redis-server binary'))('a Redis of the test’s own', () => {
  let server: OwnServer | undefined;
  afterEach(() => server?.kill());

  it('starts on a free port, and after a kill -9 starts again on the same one', async () => {
    server = await startOwnServer('redis');
    const { url } = server;
    expect(await ping(url)).toBe('+PONG');
    await server.kill();
    expect(await portFree(Number(new URL(url).port))).toBe(true);
    server.start();
    expect(await eventually(() => ping(url).catch(() => null))).toBe('+PONG');
  });
});
