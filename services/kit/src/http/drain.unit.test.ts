import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { testLogger } from '../testing/index.ts';
import { type App, createApp } from './app.ts';
import { drainAndClose } from './drain.ts';

const agent = new http.Agent({ keepAlive: true });
let app: App;
afterEach(() => app?.close());
/** Resolves when the server has received a request for /slow (its connection then owes an answer). */
let slowArrived: Promise<void>;

async function start() {
  app = createApp({ logger: testLogger() });
  app.addHook('onRequest', async (request, reply) => {
    if (Number(request.headers['content-length']) > 1_000_000) return reply.status(413).send({ error: 'BODY_TOO_LARGE' });
  });
  let arrived: () => void = () => {};
  slowArrived = new Promise((resolve) => {
    arrived = resolve;
  });
  app.get('/slow', async () => {
    arrived();
    await sleep(300);
    return { answered: true };
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return (app.server.address() as AddressInfo).port;
}

/** A PUT whose body trickles in for far longer than the test; resolves with the early answer. */
function trickle(port: number) {
  const request = http.request({ port, host: '127.0.0.1', method: 'PUT', path: '/', agent, headers: { 'content-length': 50_000_000 } });
  request.on('error', () => {});
  const timer = setInterval(() => request.write(Buffer.alloc(64 * 1024)), 10);
  request.on('close', () => clearInterval(timer));
  return new Promise<number>((resolve) => request.on('response', (res) => resolve(res.statusCode ?? 0)));
}

const get = (port: number, path: string) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    http
      .get({ port, host: '127.0.0.1', path, agent }, (res) => {
        let body = '';
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });

describe('closing the server', () => {
  it('does not wait on a client still sending a body it was already refused', async () => {
    const port = await start();
    expect(await trickle(port)).toBe(413);
    const closed = app.close().then(() => 'closed');
    expect(await Promise.race([closed, sleep(5_000, 'still open')])).toBe('closed');
  });

  it('still answers a request that was in flight, then closes its connection', async () => {
    const port = await start();
    const answer = get(port, '/slow');
    // Closed once the request is in: a connection that has sent none yet owes nothing and is ended.
    await slowArrived;
    await app.close();
    expect(await answer).toEqual({ status: 200, body: JSON.stringify({ answered: true }) });
  });

  it('drains: not ready at once, still serving for the delay, then closed', async () => {
    const port = await start();
    const closed = drainAndClose(app, 400);
    expect(await get(port, '/readyz')).toEqual({ status: 503, body: JSON.stringify({ status: 'draining', checks: {} }) });
    expect((await get(port, '/slow')).status).toBe(200);
    await closed;
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
  });
});
