import { existsSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { API_OPERATIONS, buildOpenApiDocument, identityRoutes, SERVICE_PREFIXES } from '@commonwork/contracts';
import {
  type App,
  callerLimitKey,
  createApp,
  createError,
  type Logger,
  MemoryRateCounter,
  metric,
  type RateCounter,
  type TokenVerifier,
  tooManyRequestsMessage,
  USER_LIMIT_WINDOW_MS,
} from '@commonwork/kit';
import proxy from '@fastify/http-proxy';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyRequest } from 'fastify';
import { DEFAULT_SECTION_TIMEOUT_MS, registerDashboard } from './bff/dashboard.ts';
import { createBodyLimit } from './bodyLimit.ts';
import { createEdgeAuth } from './edgeAuth.ts';
import { keepWriteForReplay, proxyLogger, replicaReplyOptions } from './forward.ts';
import { prerenderedPages } from './prerenderedPages.ts';
import { counterStore } from './rateLimitStore.ts';
import { type RealtimeDns, registerRealtimeProxy } from './realtimeProxy.ts';
import { contractRoutes } from './routePatterns.ts';
import { DOCS_POLICY, pagePolicies, registerSecurityHeaders } from './securityHeaders.ts';
import { Upstreams } from './upstreams.ts';

/** Cache-Control of a built asset whose name carries its content's hash. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

export interface GatewayOptions {
  log: Logger;
  verifier: TokenVerifier;
  /**
   * Each service's replicas by its manifest name (every name of contracts' SERVICE_PREFIXES needs one), e.g. `{ identity: ['http://127.0.0.1:4001', 'http://127.0.0.1:4101'] }`;
   * one URL is a service with a load balancer of its own in front (a Kubernetes Service).
   */
  services: Readonly<Record<string, string | readonly string[]>>;
  /** Base URLs of the realtime replicas that `/socket.io/` is proxied to (sticky by client address); none: no proxy. */
  realtime?: readonly string[];
  /** Or the realtime replicas found by DNS, every address of a headless Service's name (in place of `realtime`). */
  realtimeDns?: RealtimeDns;
  /** Proxies in front whose X-Forwarded-For names the client (TRUSTED_PROXIES); none by default. */
  trustedProxies?: readonly string[];
  webDist?: string | undefined;
  /**
   * Per minute: `max` per person (REST calls and, through `counter`, their socket events) or per
   * address; `authMax` sign-in calls per address. `counter` defaults to one in memory.
   */
  rateLimit: { max: number; authMax: number; counter?: RateCounter };
  /** How long each dashboard section may take (BFF_SECTION_TIMEOUT_MS); default 1,000 ms. */
  sectionTimeoutMs?: number;
  /** Google sign-in is configured (GOOGLE_CLIENT_ID): the web app's policy lets its script, frame and popup in. */
  googleSignIn?: boolean;
}

const TooManyRequests = createError('RATE_LIMITED', 'Too many requests', 429);

/** The calls that sign a person in, limited per address in a bucket of their own. */
const SIGN_IN_PATHS = new Set(
  [identityRoutes.googleSignIn, identityRoutes.devToken, identityRoutes.createUser, identityRoutes.setupUser].map((route) => route.url),
);

/**
 * The edge: rate limits, token verification, request ids, OpenAPI docs, the dashboard composed from
 * several services, the proxy to each service by path prefix, and the SPA with history fallback.
 */
export async function createGateway(options: GatewayOptions): Promise<App> {
  const trustedProxies = options.trustedProxies ?? [];
  const upstreams = new Map(
    Object.entries(options.services).map(([name, urls]) => [name, new Upstreams(name, [urls].flat(), options.log)]),
  );
  const replicasOf = (service: string) => {
    const found = upstreams.get(service);
    if (!found) throw new Error(`No URL for service ${service}`);
    return found;
  };
  const app = createApp({
    logger: options.log,
    trustedProxies,
    routeOf: contractRoutes(),
    // Ready when some replica of every service is.
    readiness: [...upstreams.values()].map((replicas) => ({
      name: replicas.service,
      check: () =>
        Promise.any(
          replicas.urls.map(async (url) => {
            const res = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2_000) });
            if (!res.ok) throw new Error(`${replicas.service} not ready`);
          }),
        ),
    })),
  });
  const googleSignIn = options.googleSignIn ?? false;
  registerSecurityHeaders(app, { googleSignIn });
  for (const replicas of upstreams.values()) replicas.start();
  app.addHook('onClose', async () => {
    for (const replicas of upstreams.values()) replicas.stop();
  });

  // The caller is named first, so a signed-in user is limited as a user; the limiter (each route's
  // own onRequest hook, after these) counts refused tokens too, before they are refused on preParsing.
  const edgeAuth = createEdgeAuth(options.verifier);
  app.addHook('onRequest', edgeAuth.identify);
  app.addHook('preParsing', edgeAuth.enforce);
  app.addHook('onRequest', createBodyLimit());
  const isSignIn = (request: FastifyRequest) => request.method === 'POST' && SIGN_IN_PATHS.has(request.url.split('?')[0] ?? '');
  await app.register(rateLimit, {
    global: true,
    hook: 'onRequest',
    max: (request) => (isSignIn(request) ? options.rateLimit.authMax : options.rateLimit.max),
    timeWindow: USER_LIMIT_WINDOW_MS,
    store: counterStore(options.rateLimit.counter ?? new MemoryRateCounter()),
    // Limits cannot be counted while Redis is down: requests go on uncounted rather than fail.
    skipOnError: true,
    // Sign-in calls have a bucket of their own, so browsing does not use up a person's sign-in attempts.
    keyGenerator: (request) => {
      if (isSignIn(request)) return `sign-in:${request.ip}`;
      // A personal access token has a budget of its own (`token:<tid>`): an integration does not use up its person's.
      return request.caller ? callerLimitKey(request.caller) : `ip:${request.ip}`;
    },
    // The API is what is limited: the web app's files are read from disk, named by their content and
    // cached by browsers, and a first visit fetches dozens of them (one per screen and shared part).
    allowList: (request) => !request.url.startsWith('/api/'),
    // Thrown, then shaped into the error body by the kit's error handler like any other error.
    errorResponseBuilder: (_request, context) => TooManyRequests(tooManyRequestsMessage(context.ttl)),
    onExceeded: (_request, key) => metric.rateLimited.add(1, { bucket: key.slice(0, key.indexOf(':')) || 'other' }),
  });

  const document = buildOpenApiDocument(API_OPERATIONS, '1.0.0');
  await app.register(swagger, { mode: 'static', specification: { document: document as never } });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: DOCS_POLICY });

  registerDashboard(app, {
    log: options.log,
    verifier: options.verifier,
    baseUrl: (service) => replicasOf(service).order()[0] as string,
    sectionTimeoutMs: options.sectionTimeoutMs ?? DEFAULT_SECTION_TIMEOUT_MS,
  });

  // The proxy forwards a body as it came (an empty one too) with parsers of its own, which it cannot
  // add beside the kit's JSON parser; services parse and validate what arrives.
  await app.register(async (proxies) => {
    proxies.removeContentTypeParser('application/json');
    proxies.addHook('onRequest', async (request, reply) => {
      request.log = proxyLogger(request, reply);
    });
    proxies.addHook('preHandler', keepWriteForReplay);
    for (const [service, prefixes] of Object.entries(SERVICE_PREFIXES)) {
      const replyOptions = replicaReplyOptions(replicasOf(service), (request, headers) => ({
        ...headers,
        'x-request-id': request.id,
        'x-forwarded-for': request.ip,
      }));
      for (const prefix of prefixes) {
        // No fixed upstream: each request's replica comes from `getUpstream`.
        // The kit writes each request's one log line; the proxy's own two per request are off.
        await proxies.register(proxy, { upstream: '', prefix, rewritePrefix: prefix, replyOptions, disableRequestLogging: true });
      }
    }
  });

  await registerRealtimeProxy(app, {
    upstreams: options.realtime ?? [],
    ...(options.realtimeDns && { dns: options.realtimeDns }),
    trustedProxies,
    log: options.log,
  });

  const webDist = options.webDist && resolve(options.webDist);
  if (webDist && existsSync(join(webDist, 'index.html'))) {
    // The build writes a brotli and a gzip copy beside each file (web/vite.config.ts); the one the
    // browser accepts is sent. Names under assets/ carry their content's hash, so they never change:
    // a year and `immutable`. index.html names the current ones, so it is checked on every visit.
    // The cache headers are ours alone (`cacheControl: false`), and shared caches must key on the encoding.
    // Each HTML file carries its own policy (its inline scripts' hashes), whichever route sends it.
    const policies = pagePolicies(webDist, googleSignIn);
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, path) => {
        res.setHeader('cache-control', path.startsWith(join(webDist, 'assets', sep)) ? IMMUTABLE : 'no-cache');
        res.setHeader('vary', 'accept-encoding');
        const policy = policies.get(path.replace(/\.(br|gz)$/, ''));
        if (policy) res.setHeader('content-security-policy', policy);
      },
    });
    // index.html holds the landing page pre-rendered, pages/ every other route (web/build/prerender.ts);
    // a path no route has gets the build's empty page (app.html), or index.html from a build that has neither.
    const pageFor = prerenderedPages(webDist);
    const appShell = existsSync(join(webDist, 'app.html')) ? 'app.html' : 'index.html';
    app.get('/', (_request, reply) => reply.sendFile('index.html'));
    app.get('/*', (request, reply) => {
      const path = request.url.split('?')[0] ?? '';
      if (path.startsWith('/api/')) return reply.callNotFound();
      const page = pageFor(path);
      if (page) return reply.sendFile(page);
      // A file that exists is served as itself; any other path is a client route (history fallback),
      // except under assets/: an old build's file is gone, and a page in its place breaks the script.
      if (existsSync(join(webDist, path)) && path !== '/') return reply.sendFile(path.slice(1));
      return path.startsWith('/assets/') ? reply.callNotFound() : reply.sendFile(appShell);
    });
  }
  return app;
}
