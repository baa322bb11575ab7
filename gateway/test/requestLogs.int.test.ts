import { createServer, type Server } from 'node:http';
import { connect } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { createApiClient, marketplaceRoutes, messagingRoutes, pathOf, SERVICE_PREFIXES } from '@commonwork/contracts';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway } from '../src/index.ts';

/** A gig the stub upstream answers after 2 s, and one whose connection it drops without an answer. */
const SLOW = pathOf(marketplaceRoutes.getGig.url, { id: 'slow' });
const BROKEN = pathOf(marketplaceRoutes.getGig.url, { id: 'broken' });

interface Line {
  level: number;
  msg: string;
  [key: string]: unknown;
}

// Issue 27, item 9: two info lines per request, and a browser closing mid-request logged as a
// failed upstream with its stack at error level.
describe("the gateway's request log", () => {
  let upstream: Server;
  let upstreamUrl: string;
  let gateway: Awaited<ReturnType<typeof createGateway>>;
  let url: string;
  let upstreamClosed: Promise<void> = Promise.resolve();
  const lines: Line[] = [];

  beforeAll(async () => {
    // Every service at one address: answers at once, except SLOW (2 s) and BROKEN.
    upstream = createServer((request, response) => {
      const answer = () => response.writeHead(200, { 'content-type': 'application/json' }).end('{"success":true}');
      // A real failure, not the client's doing: the connection dropped without an answer.
      if (request.url?.startsWith(BROKEN)) return request.socket.destroy();
      if (!request.url?.startsWith(SLOW)) return answer();
      upstreamClosed = new Promise((resolve) => response.on('close', () => resolve()));
      setTimeout(answer, 2_000).unref();
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    upstreamUrl = `http://127.0.0.1:${(upstream.address() as { port: number }).port}`;
    const log = pino({ level: 'debug' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    gateway = await createGateway({
      log,
      verifier: async () => ({ sub: 'someone' }) as never,
      services: Object.fromEntries(Object.keys(SERVICE_PREFIXES).map((name) => [name, upstreamUrl])),
      rateLimit: { max: 10_000, authMax: 10_000 },
    });
    url = await gateway.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await gateway?.close();
    upstream?.closeAllConnections();
    await new Promise((resolve) => upstream?.close(resolve));
  });

  const since = (from: number) => lines.slice(from);
  const api = () => createApiClient({ baseUrl: url });

  it('writes one info line per request: method, path, status, time and request id, never a query string', async () => {
    const from = lines.length;
    // A query key the route does not read, which the log must not show either.
    const res = await api().sendUnchecked(marketplaceRoutes.listGigs, {
      query: { token: 'secret-in-query' },
      headers: { 'x-request-id': 'req-log-test-1' },
    });
    expect(res.status).toBe(200);
    await sleep(50);
    const info = since(from).filter((l) => l.level >= 30);
    expect(info).toHaveLength(1);
    expect(info[0]).toMatchObject({
      level: 30,
      reqId: 'req-log-test-1',
      method: 'GET',
      url: marketplaceRoutes.listGigs.url,
      statusCode: 200,
    });
    expect(typeof info[0]?.ms).toBe('number');
    expect(JSON.stringify(since(from))).not.toContain('secret-in-query');
  });

  it('names a join link by its route, never the link (the key to a channel)', async () => {
    const from = lines.length;
    await api().send(messagingRoutes.joinByLink, { params: { joinLink: 'the-channel-key' }, token: 'any' });
    await sleep(50);
    expect(since(from).filter((l) => l.level >= 30)).toMatchObject([{ url: messagingRoutes.joinByLink.url }]);
    expect(JSON.stringify(since(from))).not.toContain('the-channel-key');
  });

  it('logs a browser that closed mid-request as that, below warn and without a stack', async () => {
    const from = lines.length;
    // Headers and half the body, then the tab closes (a POST the stub holds like the slow read).
    const { port } = new URL(url);
    const socket = connect(Number(port), '127.0.0.1');
    socket.on('error', () => {});
    socket.write(
      `POST ${SLOW} HTTP/1.1\r\nhost: x\r\nauthorization: Bearer any\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{"title":`,
    );
    await sleep(300);
    socket.destroy();
    await upstreamClosed;
    await sleep(100);
    const logged = since(from);
    expect(logged.filter((l) => l.level >= 40)).toEqual([]);
    expect(JSON.stringify(logged)).not.toContain('no replica answered');
    const closed = logged.filter((l) => /closed/.test(l.msg));
    expect(closed).toHaveLength(1);
    expect(closed[0]).toMatchObject({ url: SLOW });
    expect(closed[0]?.level).toBeLessThan(40);
    expect(JSON.stringify(closed[0])).not.toContain('stack');
  });

  it('logs a read the browser gave up on once, as closed', async () => {
    const from = lines.length;
    await expect(api().send(marketplaceRoutes.getGig, { params: { id: 'slow' }, signal: AbortSignal.timeout(200) })).rejects.toThrow();
    await upstreamClosed;
    await sleep(100);
    const logged = since(from).filter((l) => l.level >= 30);
    expect(logged).toMatchObject([{ level: 30, method: 'GET', url: SLOW }]);
    expect(logged[0]?.msg).toMatch(/closed/);
  });

  it('still logs an upstream that failed as an error', async () => {
    const from = lines.length;
    const res = await api().send(marketplaceRoutes.getGig, { params: { id: 'broken' } });
    expect(res.status).toBe(502);
    await sleep(50);
    expect(since(from).some((l) => l.level >= 40 && l.msg === 'no replica answered')).toBe(true);
  });
});
