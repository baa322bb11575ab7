import { existsSync } from 'node:fs';
import { mkdtemp, rename, rm } from 'node:fs/promises';
import { get } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, MemoryBus, openDatabase, type ServiceDefinition, startService, type TokenVerifier } from '../src/index.ts';
import { testLogger } from '../src/testing/index.ts';

const definition: ServiceDefinition = { name: 'sockets', migrations: [], register: () => {} };
const verifier: TokenVerifier = async () => {
  throw new Error('no calls are signed in here');
};

/** GET over a Unix socket; the answer's status and JSON body. */
function getOverSocket(socketPath: string, path: string) {
  return new Promise<{ status: number | undefined; body: unknown }>((resolve, reject) => {
    get({ socketPath, path }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode, body: JSON.parse(text) }));
    }).on('error', reject);
  });
}

describe('a service given a socket path', () => {
  let dir: string;
  let database: Database;
  const bus = new MemoryBus(testLogger());
  const start = (socketPath: string) => startService(definition, { database, bus, log: testLogger(), verifier, socketPath });

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'cw-'));
    database = await openDatabase({});
  });
  afterAll(async () => {
    await bus.close();
    await database.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('answers on its TCP URL and on the socket, and removes the socket file when it stops', async () => {
    const socketPath = join(dir, 'both.sock');
    const service = await start(socketPath);
    expect(service.socketPath).toBe(socketPath);
    expect(await (await fetch(`${service.url}/healthz`)).json()).toEqual({ status: 'ok' });
    expect(await getOverSocket(socketPath, '/healthz')).toEqual({ status: 200, body: { status: 'ok' } });
    await service.stop();
    expect(existsSync(socketPath)).toBe(false);
  });

  it('replaces the socket file a crashed run left behind', async () => {
    const socketPath = join(dir, 'stale.sock');
    // A socket file nobody listens on: bound elsewhere, moved, then closed (closing removes only the old name).
    const crashed = createServer();
    await new Promise<void>((resolve) => crashed.listen(join(dir, 'crashed.sock'), resolve));
    await rename(join(dir, 'crashed.sock'), socketPath);
    await new Promise((resolve) => crashed.close(resolve));
    expect(existsSync(socketPath)).toBe(true);

    const service = await start(socketPath);
    expect(await getOverSocket(socketPath, '/healthz')).toMatchObject({ status: 200 });
    await service.stop();
  });

  it('refuses a socket path too long for every platform instead of binding a truncated one', async () => {
    await expect(start(join(dir, `${'x'.repeat(120)}.sock`))).rejects.toThrow(/more than 103/);
  });
});
