import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { type AnswerHeaders, identityRoutes, marketplaceRoutes } from '@commonwork/contracts';
import { remoteTokenVerifier } from '@commonwork/kit';
import { buildGig, buildUser, startTestPlatform, type TestPlatform, testLogger } from '@commonwork/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway } from '../src/index.ts';

// Issue 33, item 1: every answer carries the browser's security headers, the web app's pages a
// policy that runs their own scripts and nothing injected.

/** The theme script every page has, and each pre-rendered page's own loader (web/build/prerender.ts). */
const THEME = "try { if (localStorage.getItem('theme') === 'dark') document.documentElement.classList.add('dark'); } catch (_) {}";
const LOADER = (page: string) => `import('/assets/${page}.js');`;
const hashOf = (code: string) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`;
const html = (...scripts: string[]) =>
  `<!doctype html><html><head>${scripts.map((code) => `<script>${code}</script>`).join('')}<script type="module" src="/assets/entry.js"></script></head><body><div id="root"></div></body></html>`;

/** A directive's sources, from a policy's text. */
function directive(policy: string | null, name: string): string[] | undefined {
  const found = (policy ?? '')
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([directiveName]) => directiveName === name);
  return found?.slice(1);
}

/** What every answer carries, whatever it is. */
function expectBaseline(res: { headers: AnswerHeaders }) {
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(res.headers.get('permissions-policy')).toContain('camera=()');
  expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
  expect(res.headers.get('x-frame-options')).toBe('DENY');
  expect(res.headers.get('strict-transport-security')).toBeNull();
  const policy = res.headers.get('content-security-policy');
  expect(directive(policy, 'frame-ancestors')).toEqual(["'none'"]);
  expect(directive(policy, 'base-uri')).toEqual(["'none'"]);
  return policy;
}

/** An answer that is data, not a page: nothing in it may run, and no cache keeps it. */
function expectApiAnswer(res: { headers: AnswerHeaders }) {
  const policy = expectBaseline(res);
  expect(directive(policy, 'default-src')).toEqual(["'none'"]);
  expect(res.headers.get('cache-control')).toBe('no-store');
}

describe('security headers on every kind of answer', () => {
  let p: TestPlatform;
  let ada: Awaited<ReturnType<typeof buildUser>>;
  const webDist = mkdtempSync(join(tmpdir(), 'web-dist-'));

  beforeAll(async () => {
    writeFileSync(join(webDist, 'index.html'), html(THEME, LOADER('landing')));
    writeFileSync(join(webDist, 'app.html'), html(THEME));
    mkdirSync(join(webDist, 'pages', 'marketplace'), { recursive: true });
    const gigPage = html(THEME, LOADER('gig'));
    writeFileSync(join(webDist, 'pages', 'marketplace', '[id].html'), gigPage);
    writeFileSync(join(webDist, 'pages', 'marketplace', '[id].html.br'), brotliCompressSync(gigPage));
    mkdirSync(join(webDist, 'assets'));
    writeFileSync(join(webDist, 'assets', 'entry-Ab12Cd34.js'), 'export {};');
    // The proxy in front says how the client came: over TLS here (X-Forwarded-Proto).
    p = await startTestPlatform({ WEB_DIST: webDist, TRUSTED_PROXIES: 'loopback' });
    ada = await buildUser(p);
  });
  afterAll(async () => {
    await p?.stop();
    rmSync(webDist, { recursive: true, force: true });
  });

  it("gives each page a policy that runs the site's files and that page's own inline scripts, by hash", async () => {
    const gig = await fetch(`${p.url}/marketplace/some-gig`);
    const policy = expectBaseline(gig);
    expect(directive(policy, 'script-src')).toEqual(["'self'", hashOf(THEME), hashOf(LOADER('gig'))]);
    expect(directive(policy, 'script-src-attr')).toEqual(["'none'"]);
    expect(directive(policy, 'object-src')).toEqual(["'none'"]);
    expect(directive(policy, 'connect-src')).toEqual(["'self'"]);
    expect(directive(policy, 'frame-src')).toEqual(["'none'"]);
    expect(directive(policy, 'style-src-attr')).toEqual(["'none'"]);
    expect(policy).not.toContain('accounts.google.com');
    // The compressed copy is the same page: the same policy.
    const compressed = await fetch(`${p.url}/marketplace/other-gig`, { headers: { 'accept-encoding': 'br' } });
    expect(compressed.headers.get('content-encoding')).toBe('br');
    expect(compressed.headers.get('content-security-policy')).toBe(policy);

    const landing = await fetch(`${p.url}/`);
    expect(directive(expectBaseline(landing), 'script-src')).toEqual(["'self'", hashOf(THEME), hashOf(LOADER('landing'))]);
    // A path no route has: the empty page, with only the theme script allowed inline.
    const shell = await fetch(`${p.url}/no/such/route`);
    expect(directive(expectBaseline(shell), 'script-src')).toEqual(["'self'", hashOf(THEME)]);
    expect(shell.headers.get('cache-control')).toBe('no-cache');
  });

  it('sends a built file inert and cached, and an API answer inert and never stored', async () => {
    const asset = await fetch(`${p.url}/assets/entry-Ab12Cd34.js`);
    expect(directive(expectBaseline(asset), 'default-src')).toEqual(["'none'"]);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');

    // A public read, a person's own read, a write, an error: all the same.
    expectApiAnswer(await p.api.send(marketplaceRoutes.listGigs));
    const tokens = await p.api.send(identityRoutes.listTokens, { token: ada.token });
    expect(tokens.status).toBe(200);
    expectApiAnswer(tokens);
    const created = await p.api.send(marketplaceRoutes.createGig, { body: buildGig(), token: ada.token });
    expect(created.status).toBe(201);
    expectApiAnswer(created);
    const refused = await fetch(`${p.url}/api/tokens`, { headers: { authorization: 'Bearer not-a-token' } });
    expect(refused.status).toBe(401);
    expectApiAnswer(refused);
    const missing = await fetch(`${p.url}/api/nothing-here`, { headers: { authorization: `Bearer ${ada.token}` } });
    expect(missing.status).toBe(404);
    expectApiAnswer(missing);
    const invalid = await p.api.send(marketplaceRoutes.createGig, { body: { ...buildGig(), title: '' }, token: ada.token });
    expect(invalid.status).toBe(400);
    expectApiAnswer(invalid);
  });

  it("serves the API documents under a policy of their own, and the socket's handshake like the API", async () => {
    const docs = await fetch(`${p.url}/api/docs/`);
    expect(docs.status).toBe(200);
    const policy = expectBaseline(docs);
    expect(directive(policy, 'script-src')).toEqual(["'self'"]);
    expect(directive(policy, 'object-src')).toEqual(["'none'"]);
    // The document itself comes from Swagger UI's routes too.
    expect(directive(expectBaseline(await fetch(`${p.url}/api/docs/json`)), 'script-src')).toEqual(["'self'"]);

    // Engine.IO's first request, answered by the realtime replica through the gateway's own pipe.
    const handshake = await fetch(`${p.url}/socket.io/?EIO=4&transport=polling`);
    expect(handshake.status).toBe(200);
    expect(await handshake.text()).toContain('"sid"');
    expectApiAnswer(handshake);
  });

  it('keeps browsers on HTTPS once they came over TLS, and never over plain HTTP', async () => {
    const overTls = await fetch(`${p.url}/`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(overTls.headers.get('strict-transport-security')).toBe('max-age=31536000');
    const api = await fetch(`${p.url}/api/gigs`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(api.headers.get('strict-transport-security')).toBe('max-age=31536000');
    expect((await fetch(`${p.url}/`)).headers.get('strict-transport-security')).toBeNull();
  });

  it("lets Google's sign-in script, frame and popup in only where a client id is configured", async () => {
    const gateway = await createGateway({
      log: testLogger(),
      verifier: remoteTokenVerifier([p.services.identity.url]),
      services: Object.fromEntries(Object.entries(p.services).map(([name, part]) => [name, part.url])),
      rateLimit: { max: 10_000, authMax: 10_000 },
      webDist,
      googleSignIn: true,
    });
    try {
      const url = await gateway.listen({ host: '127.0.0.1', port: 0 });
      const page = await fetch(`${url}/login`);
      const policy = page.headers.get('content-security-policy');
      expect(directive(policy, 'script-src')).toEqual(["'self'", hashOf(THEME), 'https://accounts.google.com/gsi/client']);
      expect(directive(policy, 'frame-src')).toEqual(['https://accounts.google.com/gsi/']);
      expect(directive(policy, 'connect-src')).toEqual(["'self'", 'https://accounts.google.com/gsi/']);
      expect(directive(policy, 'style-src')).toEqual(["'self'", 'https://accounts.google.com/gsi/style']);
      // The button's popup answers the page by postMessage, which `same-origin` would cut.
      expect(page.headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
      // API answers stay inert with Google configured.
      expect(directive((await fetch(`${url}/api/gigs`)).headers.get('content-security-policy'), 'default-src')).toEqual(["'none'"]);
    } finally {
      await gateway.close();
    }
  });
});
