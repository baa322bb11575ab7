import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ApiError, createApiClient, identityRoutes } from '@commonwork/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectionErrorCode, pooledFetch } from './pooledFetch.ts';

let server: http.Server;
let base: string;
const seen: { method?: string; url?: string; headers: http.IncomingHttpHeaders; body: string }[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      seen.push({ method: req.method, url: req.url, headers: req.headers, body });
      if (req.url?.startsWith('/missing')) {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ success: false, message: 'No such person', error: 'NOT_FOUND' }));
        return;
      }
      res.setHeader('Set-Cookie', ['a=1', 'b=2']);
      res.writeHead(200, { 'content-type': 'application/json', 'X-Answer': 'yes' });
      res.end(JSON.stringify({ echoed: body }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('pooledFetch', () => {
  it('sends the method, headers and body, and answers with the status, headers and text', async () => {
    const answer = await pooledFetch(`${base}/echo?x=1`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer t' },
      body: '{"a":1}',
      signal: undefined,
    });
    expect(answer.status).toBe(200);
    expect(JSON.parse(await answer.text())).toEqual({ echoed: '{"a":1}' });
    expect(answer.headers.get('x-answer')).toBe('yes');
    expect(answer.headers.get('X-Answer')).toBe('yes');
    expect(answer.headers.get('set-cookie')).toBe('a=1, b=2');
    expect(answer.headers.get('x-absent')).toBeNull();
    const request = seen.at(-1);
    expect(request).toMatchObject({ method: 'POST', url: '/echo?x=1', body: '{"a":1}' });
    expect(request?.headers.authorization).toBe('Bearer t');
  });

  it("is the typed client's way out: an error status is the server's error, as with fetch", async () => {
    const api = createApiClient({ baseUrl: `${base}/missing`, fetch: pooledFetch });
    const refusal = await api.call(identityRoutes.authConfig).catch((error: ApiError) => error);
    expect(refusal).toMatchObject({ status: 404, code: 'NOT_FOUND', message: 'No such person' });
  });

  it('throws with the code of a connection that was never made', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await pooledFetch(`http://127.0.0.1:${port}/`, { method: 'GET', headers: {}, body: undefined, signal: undefined }).catch(
      (e: unknown) => e,
    );
    expect(connectionErrorCode(error)).toBe('ECONNREFUSED');
    const fetched = await fetch(`http://127.0.0.1:${port}/`).catch((e: unknown) => e);
    expect(connectionErrorCode(fetched)).toBe('ECONNREFUSED');
  });

  it('gives up when its signal says so', async () => {
    const error = await pooledFetch(`${base}/echo`, { method: 'GET', headers: {}, body: undefined, signal: AbortSignal.abort() }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(Error);
  });
});
