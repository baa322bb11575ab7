import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { identityRoutes, marketplaceRoutes, ordersRoutes } from '@commonwork/contracts';
import { buildUser, startTestPlatform, type TestPlatform } from '@commonwork/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** The OpenAPI document: the gateway serves it, it is no call of the route table. */
const API_DOCS = '/api/docs/json';
/** A path under /api that no route has: the gateway answers it 404 with the error body. */
const NO_ROUTE = '/api/nothing-here';

describe('gateway', () => {
  let p: TestPlatform;
  let ada: Awaited<ReturnType<typeof buildUser>>;
  const webDist = mkdtempSync(join(tmpdir(), 'web-dist-'));

  beforeAll(async () => {
    // As the web build writes them: the landing page and every route pre-rendered (a parameter in
    // brackets), and the empty page for paths no route has.
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Commonwork</title><div id="root"><h1>Landing</h1></div>');
    writeFileSync(join(webDist, 'app.html'), '<!doctype html><title>Commonwork</title><div id="root"></div>');
    mkdirSync(join(webDist, 'pages', 'marketplace'), { recursive: true });
    writeFileSync(join(webDist, 'pages', 'marketplace.html'), '<div id="root" inert><h1>Marketplace</h1></div>');
    writeFileSync(join(webDist, 'pages', 'marketplace', 'create.html'), '<div id="root" inert><h1>Create Gig</h1></div>');
    writeFileSync(join(webDist, 'pages', 'marketplace', '[id].html'), '<div id="root" inert><p>Loading gig...</p></div>');
    mkdirSync(join(webDist, 'pages', 'events', 'edit'), { recursive: true });
    mkdirSync(join(webDist, 'pages', 'events', '[id]'), { recursive: true });
    writeFileSync(join(webDist, 'pages', 'events', 'edit', '[id].html'), '<div id="root" inert><h1>Edit event by path</h1></div>');
    writeFileSync(join(webDist, 'pages', 'events', '[id]', 'edit.html'), '<div id="root" inert><h1>Edit event by id</h1></div>');
    writeFileSync(join(webDist, 'app.js'), 'console.log("app")');
    // A built asset as the web build writes it: a hashed name, with its brotli and gzip copies beside it.
    const asset = 'export const answer = 42;\n'.repeat(50);
    mkdirSync(join(webDist, 'assets'));
    writeFileSync(join(webDist, 'assets', 'page-Ab12Cd34.js'), asset);
    writeFileSync(join(webDist, 'assets', 'page-Ab12Cd34.js.br'), brotliCompressSync(asset));
    writeFileSync(join(webDist, 'assets', 'page-Ab12Cd34.js.gz'), gzipSync(asset));
    // A low API limit, so that the web app's files being left out of it shows.
    p = await startTestPlatform({ WEB_DIST: webDist, RATE_LIMIT_MAX: '25', RATE_LIMIT_AUTH_MAX: '5' });
    ada = await buildUser(p);
  });
  afterAll(async () => {
    await p.stop();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('serves liveness and readiness', async () => {
    expect(await p.call('GET', '/healthz')).toEqual({ status: 200, body: { status: 'ok' } });
    expect(await p.call('GET', '/readyz')).toEqual({
      status: 200,
      body: {
        status: 'ready',
        checks: {
          identity: 'ok',
          marketplace: 'ok',
          messaging: 'ok',
          events: 'ok',
          media: 'ok',
          notifications: 'ok',
          drafts: 'ok',
          orders: 'ok',
          webhooks: 'ok',
        },
      },
    });
  });

  it('keeps a caller-supplied request id across the gateway and answers with it', async () => {
    const res = await p.api.send(identityRoutes.authConfig, { headers: { 'x-request-id': 'req-0123456789abcdef' } });
    expect(res.headers.get('x-request-id')).toBe('req-0123456789abcdef');
    const fresh = await p.api.send(identityRoutes.authConfig);
    expect(fresh.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('publishes the OpenAPI document generated from the contracts', async () => {
    const res = await p.call('GET', API_DOCS);
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining([
        '/api/auth/google',
        '/api/users',
        '/api/users/setup',
        '/api/users/{id}',
        '/api/users/by-username/{username}',
      ]),
    );
    expect(res.body.paths['/api/users/{id}'].put.requestBody.content['application/json'].schema.properties).toHaveProperty('preferences');
    // Events and media: the spec's bracketed query keys, the multipart upload and the answers that are not JSON.
    const params = res.body.paths['/api/events'].get.parameters.map((p: { name: string }) => p.name);
    expect(params).toEqual(
      expect.arrayContaining(['page', 'limit', 'search', 'category', 'location[type]', 'priceRange[min]', 'priceRange[max]']),
    );
    expect(res.body.paths['/api/upload/upload'].post.requestBody.content['multipart/form-data'].schema.required).toEqual(['file']);
    expect(Object.keys(res.body.paths['/api/events/{id}/ics'].get.responses['200'].content)).toEqual(['text/calendar']);
    expect(Object.keys(res.body.paths['/api/media/{file}'].get.responses['200'].content)).toEqual(['image/*']);
  });

  it("routes a gig's and a person's reviews to orders, the gig and the person themselves to marketplace and identity", async () => {
    const token = ada.token;
    const gigId = randomUUID();
    // Orders' prefixes carry a parameter (`/api/gigs/:id/reviews`); the router prefers them to marketplace's `/api/gigs/*`.
    const gigReviews = await p.api.send(ordersRoutes.gigReviews, { params: { id: gigId }, query: {}, token });
    expect(gigReviews.status).toBe(200);
    expect(gigReviews.body.summary).toEqual({ rating: 0, count: 0 });
    expect((await p.api.send(marketplaceRoutes.getGig, { params: { id: gigId }, token })).body).toMatchObject({ error: 'GIG_NOT_FOUND' });
    const userReviews = await p.api.send(ordersRoutes.userReviews, { params: { id: ada.id }, query: {}, token });
    expect(userReviews.body).toMatchObject({ success: true, reviews: [] });
    expect((await p.api.send(identityRoutes.userById, { params: { id: ada.id }, token })).body.user?.id).toBe(ada.id);
  });

  it('serves the SPA with history fallback, its files as themselves, and JSON 404s under /api', async () => {
    const page = await fetch(`${p.url}/no/such/route`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root"></div>');
    // The landing page comes pre-rendered; no other route shows it before the app has drawn its own.
    expect(await (await fetch(`${p.url}/`)).text()).toContain('<h1>Landing</h1>');
    expect(await (await fetch(`${p.url}/login`)).text()).not.toContain('Landing');
    // A route without parameters gets its own pre-rendered page, also below another's path and with a query.
    expect(await (await fetch(`${p.url}/marketplace`)).text()).toContain('<h1>Marketplace</h1>');
    expect(await (await fetch(`${p.url}/marketplace/create?from=draft`)).text()).toContain('<h1>Create Gig</h1>');
    expect(await (await fetch(`${p.url}/marketplace/create/`)).text()).toContain('<div id="root"></div>');
    // A route with a parameter has one page for every value; a static segment outranks a parameter.
    expect(await (await fetch(`${p.url}/marketplace/some-gig`)).text()).toContain('Loading gig...');
    expect(await (await fetch(`${p.url}/marketplace/some%20gig?x=1`)).text()).toContain('Loading gig...');
    expect(await (await fetch(`${p.url}/marketplace/some-gig/more`)).text()).toContain('<div id="root"></div>');
    expect(await (await fetch(`${p.url}/events/edit/e1`)).text()).toContain('Edit event by path');
    expect(await (await fetch(`${p.url}/events/e1/edit`)).text()).toContain('Edit event by id');
    expect(await (await fetch(`${p.url}/events/edit/edit`)).text()).toContain('Edit event by path');
    expect(await (await fetch(`${p.url}/app.js`)).text()).toContain('console.log');
    const api = await p.call('GET', NO_ROUTE, { token: ada.token });
    expect(api.status).toBe(404);
    expect(api.body.success).toBe(false);
  });

  it('sends built assets compressed as the browser accepts, cached for a year, and index.html revalidated', async () => {
    const url = `${p.url}/assets/page-Ab12Cd34.js`;
    const br = await fetch(url, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('content-type')).toMatch(/javascript/);
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(br.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(await br.text()).toContain('export const answer = 42;'); // fetch decodes it
    const gz = await fetch(url, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    const plain = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    for (const path of ['/', '/marketplace']) {
      const page = await fetch(`${p.url}${path}`);
      expect(page.headers.get('cache-control')).toBe('no-cache');
    }
    // An asset of an older build is gone: a 404, not the page (a script given HTML fails to run).
    expect((await fetch(`${p.url}/assets/page-OldHash1.js`)).status).toBe(404);
    // The web app's files do not count against the API's limit: a visit fetches dozens of them.
    const files = await Promise.all(Array.from({ length: 40 }, () => fetch(url).then((res) => res.status)));
    expect(new Set(files)).toEqual(new Set([200]));
  });

  it('limits sign-in calls per client with 429 and the error body, in a bucket of their own', async () => {
    const statuses: number[] = [];
    const signIn = () => p.api.send(identityRoutes.googleSignIn, { body: { token: 'x'.repeat(20) } });
    for (let i = 0; i < 6; i++) statuses.push((await signIn()).status);
    // buildUser spent 3 of the 5 sign-in calls (dev token, sign-in, setup).
    expect(statuses).toEqual([401, 401, 429, 429, 429, 429]);
    const limited = await signIn();
    expect(limited.body).toMatchObject({ success: false, error: 'RATE_LIMITED' });
    expect((await p.api.send(identityRoutes.authConfig)).status).toBe(200);
  });

  it('rejects a call without a valid token at the edge, before any service is reached', async () => {
    await p.services.identity.app.close();
    const anonymous = await p.api.send(identityRoutes.userById, { params: { id: ada.id } });
    expect(anonymous).toMatchObject({ status: 401, body: { success: false, error: 'UNAUTHORIZED' } });
    const forged = await p.api.send(identityRoutes.updateUser, { params: { id: ada.id }, token: `${ada.token.slice(0, -3)}abc`, body: {} });
    expect(forged.status).toBe(401);
    // A valid token does go through, and finds the service gone.
    expect((await p.api.send(identityRoutes.userById, { params: { id: ada.id }, token: ada.token })).status).toBeGreaterThanOrEqual(500);
  });
});
