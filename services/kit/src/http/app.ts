import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
  type RawReplyDefaultExpression,
  type RawRequestDefaultExpression,
  type RawServerDefault,
} from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Logger } from '../logger.ts';
import { measureRequests, observe } from '../metrics.ts';
import { traceRequests } from '../tracing.ts';
import { closeConnectionsWhenAnswered, isDraining, onDraining } from './drain.ts';
import { clientErrorHandler, errorHandler, frameworkErrorHandler } from './errorHandler.ts';
import { assertStorable } from './storableText.ts';

export type App = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, Logger, ZodTypeProvider>;

/** A readiness probe: resolves when a dependency answers, throws otherwise. */
export type ReadinessCheck = { name: string; check: () => Promise<unknown> };

export interface AppOptions {
  logger: Logger;
  readiness?: ReadinessCheck[];
  /** Body size cap in bytes; default 1 MiB (uploads set their own). */
  bodyLimit?: number;
  /**
   * Addresses or CIDR ranges of the proxies in front whose X-Forwarded-For is believed; none by
   * default, so `request.ip` is the peer and no client picks the address it is limited by.
   */
  trustedProxies?: readonly string[];
  /** The level of the one line each request writes on its response; default info. */
  requestLogLevel?: RequestLogLevel;
  /**
   * The route pattern a request is counted under in metrics when Fastify's own is not the contract's
   * (the gateway's proxied prefixes); default the matched route's pattern.
   */
  routeOf?: (request: FastifyRequest) => string | undefined;
}

export type RequestLogLevel = 'info' | 'debug';

const REQUEST_ID = /^[A-Za-z0-9-]{8,64}$/;

/** A join link is the key to a channel: a log names the route, never the key. */
const SECRET_SEGMENTS = /(\/join\/channel\/)[^/]+/;

/** A request's path as logs show it: no query string (a socket's token travels in one), no secret segment. */
export const loggedPath = (url: string) => (url.split('?')[0] ?? '').replace(SECRET_SEGMENTS, '$1:joinLink');

/** How long `/readyz` waits for each dependency (a Kubernetes probe gives up after 1 s by default). */
const READINESS_TIMEOUT_MS = 800;
/** The longest a `/readyz?ready=…&wait=…` is held before it answers unchanged. */
export const READINESS_WAIT_MAX_MS = 30_000;
/** While a caller waits for readiness to change, how often the dependencies are checked again. */
const READINESS_RECHECK_MS = 5_000;

/** The largest JSON body a service reads (uploads set their own). */
export const DEFAULT_BODY_LIMIT = 1_048_576;

/**
 * The Fastify app every process starts from: zod validation, the shared error body, request ids
 * that follow a request across the gateway, `/healthz` (alive) and `/readyz` (dependencies answer).
 */
export function createApp(options: AppOptions): App {
  const app = Fastify({
    loggerInstance: options.logger,
    bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT,
    trustProxy: options.trustedProxies?.length ? [...options.trustedProxies] : false,
    requestIdHeader: false,
    // Fastify's two lines per request (received, completed) are one here, written on response.
    logController: new LogController({ disableRequestLogging: true }),
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
  }).withTypeProvider<ZodTypeProvider>() as unknown as App;

  closeConnectionsWhenAnswered(app);
  traceRequests(app);
  app.decorateRequest('caller', null);
  app.decorateRequest('idempotencyClaim', null);
  // Fastify refuses an empty body sent as application/json (FST_ERR_CTP_EMPTY_JSON_BODY), but clients
  // send that header on calls with no payload: an empty body is no body, and validation decides.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === '') return done(null, undefined);
    parseJson(request, text, done);
  });
  // Text PostgreSQL cannot store is refused with the field's name before validation, wherever it comes from.
  app.addHook('preValidation', async (request) => {
    assertStorable(request.body, 'body');
    // The router's and the query parser's own objects, copied to plain ones to be looked into.
    assertStorable({ ...(request.query as object) }, 'query');
    assertStorable({ ...(request.params as object) }, 'params');
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send({ success: false, message: `Route ${request.method} ${request.url} not found`, error: 'ROUTE_NOT_FOUND' }),
  );
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  const level = options.requestLogLevel ?? 'info';
  const bindings = options.logger.bindings() as { service?: string; name?: string };
  const service = bindings.service ?? bindings.name ?? 'unknown';
  measureRequests(app, service, options.routeOf);
  app.addHook('onResponse', async (request, reply) => {
    const line = { method: request.method, url: loggedPath(request.url), statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime) };
    request.log[level](line, `${line.method} ${line.url} ${line.statusCode} ${line.ms} ms`);
  });
  // A browser that leaves (a tab closed, a page left) before its answer: that request's one line.
  app.addHook('onRequestAbort', async (request) => {
    const line = { method: request.method, url: loggedPath(request.url) };
    request.log[level](line, `client closed ${line.method} ${line.url} before the answer`);
  });

  app.get('/healthz', async () => ({ status: 'ok' }));
  const runChecks = () =>
    Promise.all(
      (options.readiness ?? []).map(async ({ name, check }) => {
        try {
          // A dependency that does not answer in time is down: a probe never waits on a reconnecting client.
          await Promise.race([
            check(),
            sleep(READINESS_TIMEOUT_MS, undefined, { ref: false }).then(() => {
              throw new Error(`${name} did not answer in ${READINESS_TIMEOUT_MS} ms`);
            }),
          ]);
          return [name, 'ok'] as const;
        } catch {
          return [name, 'down'] as const;
        }
      }),
    );
  // The last answer, and the callers waiting for it to change (the gateway's watch of each replica).
  let last: { ready: boolean; checks: Record<string, string> } | null = null;
  const waiting = new Set<() => void>();
  let recheck: NodeJS.Timeout | undefined;
  const check = async () => {
    const results = await runChecks();
    const now = { ready: !isDraining(app) && results.every(([, state]) => state === 'ok'), checks: Object.fromEntries(results) };
    const changed = last?.ready !== now.ready;
    last = now;
    if (changed) for (const wake of waiting) wake();
    return now;
  };
  const release = () => {
    for (const wake of waiting) wake();
  };
  onDraining(app, release);
  app.addHook('preClose', async () => release());
  const answer = (reply: FastifyReply, state: { ready: boolean; checks: Record<string, string> }) =>
    isDraining(app)
      ? reply.status(503).send({ status: 'draining', checks: {} })
      : reply.status(state.ready ? 200 : 503).send({ status: state.ready ? 'ready' : 'not ready', checks: state.checks });
  /**
   * `/readyz` checks every dependency now. `/readyz?ready=1&wait=20000` (the gateway's watch) answers
   * at once when readiness is not what the caller last saw, else when it changes (a drain, a check
   * that fails: checked again every few seconds while someone waits) or after `wait` ms: one request
   * per replica every 20 s instead of one a second.
   */
  app.get('/readyz', async (request, reply) => {
    if (isDraining(app)) return answer(reply, { ready: false, checks: {} });
    const query = request.query as { ready?: string; wait?: string };
    const waitMs = Math.min(Number(query.wait) || 0, READINESS_WAIT_MAX_MS);
    if (waitMs <= 0 || (query.ready !== '1' && query.ready !== '0')) return answer(reply, await check());
    const seen = query.ready === '1';
    const now = last ?? (await check());
    if (now.ready !== seen) return answer(reply, now);
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        waiting.delete(done);
        request.raw.off('close', done);
        resolve();
      };
      const timer = setTimeout(done, waitMs).unref();
      waiting.add(done);
      // A caller that gives up (a gateway stopping) is not waited for.
      request.raw.once('close', done);
      recheck ??= setInterval(() => {
        if (waiting.size > 0) return void check();
        clearInterval(recheck);
        recheck = undefined;
      }, READINESS_RECHECK_MS).unref();
    });
    return answer(reply, last ?? (await check()));
  });
  const unobserve = observe('ready', async () => [{ value: (await check()).ready ? 1 : 0, attributes: { service } }]);
  app.addHook('onClose', async () => unobserve());
  return app;
}
