import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import Fastify, {
  type FastifyInstance,
  type FastifyRequest,
  LogController,
  type RawReplyDefaultExpression,
  type RawRequestDefaultExpression,
  type RawServerDefault,
} from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Logger } from '../logger.ts';
import { metric, metricsOn, observe } from '../metrics.ts';
import { traceRequests } from '../tracing.ts';
import { closeConnectionsWhenAnswered, isDraining } from './drain.ts';
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
  app.addHook('onResponse', async (request, reply) => {
    if (metricsOn())
      metric.httpDuration.record(reply.elapsedTime / 1000, {
        service,
        'http.request.method': request.method,
        // A pattern, never the raw path: an unmatched path is one series, not one per address tried.
        'http.route': options.routeOf?.(request) ?? request.routeOptions.url ?? 'unmatched',
        'http.response.status_code': reply.statusCode,
      });
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
  app.get('/readyz', async (_request, reply) => {
    if (isDraining(app)) return reply.status(503).send({ status: 'draining', checks: {} });
    const results = await runChecks();
    const ready = results.every(([, state]) => state === 'ok');
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not ready', checks: Object.fromEntries(results) });
  });
  const unobserve = observe('ready', async () => {
    const ready = !isDraining(app) && (await runChecks()).every(([, state]) => state === 'ok');
    return [{ value: ready ? 1 : 0, attributes: { service } }];
  });
  app.addHook('onClose', async () => unobserve());
  return app;
}
