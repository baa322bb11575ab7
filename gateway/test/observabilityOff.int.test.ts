import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { marketplaceRoutes, pathOf, SERVICE_PREFIXES } from '@commonwork/contracts';
import { createLogger, startMetrics, startTelemetry } from '@commonwork/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway } from '../src/index.ts';

const GIG = pathOf(marketplaceRoutes.getGig.url, { id: 'g-1' });
const CALLER = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';

// Issue 32: as shipped (no exporter, no METRICS_PORT) the gateway runs no tracing or metrics code
// per request: no hook of either, and the caller's trace headers pass through untouched. The same
// gateway made with both started has the hooks and gives the upstream its own trace context.
describe('the gateway with tracing and metrics off, then on', () => {
  let upstream: Server;
  let upstreamUrl: string;
  const received: IncomingHttpHeaders[] = [];
  const log = createLogger('gateway-test', 'silent');

  const gateway = () =>
    createGateway({
      log,
      verifier: async () => ({ sub: 'someone' }) as never,
      services: Object.fromEntries(Object.keys(SERVICE_PREFIXES).map((name) => [name, upstreamUrl])),
      rateLimit: { max: 10_000, authMax: 10_000 },
    });

  /** The proxied read's hooks as Fastify prints them, and the headers the upstream got for it. */
  const probe = async () => {
    const app = await gateway();
    try {
      const url = await app.listen({ host: '127.0.0.1', port: 0 });
      const res = await fetch(`${url}${GIG}`, { headers: { traceparent: CALLER, tracestate: 'caller=1' } });
      expect(res.status).toBe(200);
      return { hooks: app.printRoutes({ includeHooks: true }), headers: received.at(-1) ?? {} };
    } finally {
      await app.close();
    }
  };

  beforeAll(async () => {
    upstream = createServer((request, response) => {
      // The stub is the trace exporter's endpoint too (on): only the proxied reads are kept.
      if (request.url?.startsWith(GIG)) received.push(request.headers);
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"success":true}');
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    upstreamUrl = `http://127.0.0.1:${(upstream.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    upstream?.closeAllConnections();
    await new Promise((resolve) => upstream?.close(resolve));
  });

  it('off: registers no tracing or metrics hook and forwards the trace headers as they came', async () => {
    const { hooks, headers } = await probe();
    expect(hooks).not.toContain('traceRequest');
    expect(hooks).not.toContain('measureRequest');
    expect(headers.traceparent).toBe(CALLER);
    expect(headers.tracestate).toBe('caller=1');
  });

  describe('on', () => {
    const TRACE_ENV = {
      OTEL_EXPORTER_OTLP_ENDPOINT: '',
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_METRICS_EXPORTER: 'none',
      OTEL_LOGS_EXPORTER: 'none',
    };
    let stopTelemetry: () => Promise<void>;
    let stopMetrics: () => Promise<void>;

    beforeAll(async () => {
      Object.assign(process.env, { ...TRACE_ENV, OTEL_EXPORTER_OTLP_ENDPOINT: upstreamUrl });
      stopTelemetry = await startTelemetry('gateway-test', log);
      ({ stop: stopMetrics } = await startMetrics('gateway-test', log, { METRICS_PORT: '0', METRICS_HOST: '127.0.0.1' }));
    });
    afterAll(async () => {
      await stopMetrics?.();
      await stopTelemetry?.();
      for (const key of Object.keys(TRACE_ENV)) delete process.env[key];
    });

    it("registers both hooks and sends the upstream its own span's trace context, not the caller's headers", async () => {
      const { hooks, headers } = await probe();
      expect(hooks).toContain('traceRequest');
      expect(hooks).toContain('measureRequest');
      // A trace context of the gateway's own making (its proxy call's span), never the caller's passed on.
      const [, traceId, parentId] = String(headers.traceparent).split('-');
      expect(traceId).toMatch(/^[0-9a-f]{32}$/);
      expect(parentId).toMatch(/^[0-9a-f]{16}$/);
      expect(headers.traceparent).not.toBe(CALLER);
      expect(headers.tracestate).toBeUndefined();
    });
  });
});
