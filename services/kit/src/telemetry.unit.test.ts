import { context, propagation, trace } from '@opentelemetry/api';
import { node, tracing } from '@opentelemetry/sdk-node';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from './http/app.ts';
import { createLogger } from './logger.ts';
import { metricsOn, startMetrics } from './metrics.ts';
import { currentTraceparent } from './telemetry.ts';
import { inSpan, traceIds, tracingStarted, withTrace } from './tracing.ts';

const silent = () => createLogger('test', 'silent');

/** The hooks every route of a fresh app runs, by their names (Fastify prints them per route). */
async function hooksOf() {
  const app = createApp({ logger: silent() });
  app.get('/thing', async () => ({ ok: true }));
  await app.ready();
  const printed = app.printRoutes({ includeHooks: true });
  await app.close();
  return printed;
}

// Issue 32: with no exporter and no METRICS_PORT (as shipped), tracing and metrics are no code on
// the hot paths at all; on, the same calls make spans and count.
describe('tracing and metrics off', () => {
  afterEach(() => {
    tracingStarted(false);
    trace.disable();
    context.disable();
    propagation.disable();
    delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
  });

  it('registers no request hook of either; each registers its own once started', async () => {
    const off = await hooksOf();
    expect(off).not.toContain('traceRequest');
    expect(off).not.toContain('measureRequest');

    tracingStarted(true);
    expect(await hooksOf()).toContain('traceRequest');
    tracingStarted(false);

    const metrics = await startMetrics('test', silent(), { METRICS_PORT: '0', METRICS_HOST: '127.0.0.1' });
    try {
      expect(metricsOn()).toBe(true);
      const on = await hooksOf();
      expect(on).toContain('measureRequest');
      expect(on).not.toContain('traceRequest');
    } finally {
      await metrics.stop();
    }
    expect(metricsOn()).toBe(false);
  });

  it('gives a logger no mixin unless traces are wanted or started', () => {
    const mixinOf = (log: object) => (log as Record<symbol, unknown>)[pino.symbols.mixinSym];
    expect(mixinOf(silent())).toBeUndefined();
    process.env.OTEL_EXPORTER_OTLP_ENDPOINT = 'http://127.0.0.1:4318';
    expect(mixinOf(silent())).toBeTypeOf('function');
    delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
    tracingStarted(true);
    expect(mixinOf(silent())).toBeTypeOf('function');
  });

  it('runs a span function straight and reads no trace context, even with a tracer installed and a span active', async () => {
    // A tracer provider, context manager and W3C propagator of the test's own (what the SDK installs).
    const exporter = new tracing.InMemorySpanExporter();
    new node.NodeTracerProvider({ spanProcessors: [new tracing.SimpleSpanProcessor(exporter)] }).register();
    let built = 0;
    const options = () => {
      built++;
      return { attributes: { 'messaging.destination.name': 'channel:1' } };
    };
    const metadata = { actorId: null, correlationId: 'c-1', causationId: null };
    const inOuterSpan = <T>(fn: () => Promise<T>) =>
      trace.getTracer('test').startActiveSpan('outer', async (outer) => {
        try {
          return await fn();
        } finally {
          outer.end();
        }
      });

    const spans = new Set<unknown>();
    await inOuterSpan(async () => {
      expect(await inSpan('off', options, (span) => spans.add(span) && 1)).toBe(1);
      expect(await inSpan('off', options, (span) => spans.add(span) && 2)).toBe(2);
      expect(currentTraceparent()).toBeUndefined();
      expect(withTrace(metadata)).toBe(metadata);
      expect(traceIds()).toBeUndefined();
    });
    expect(built).toBe(0);
    expect(spans.size).toBe(1);
    expect(([...spans][0] as { isRecording(): boolean }).isRecording()).toBe(false);
    expect(exporter.getFinishedSpans().map((s) => s.name)).toEqual(['outer']);

    tracingStarted(true);
    await inOuterSpan(async () => {
      await inSpan('on', options, () => undefined);
      expect(currentTraceparent()).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
      expect(withTrace(metadata)).toEqual({ ...metadata, traceparent: currentTraceparent() });
      expect(traceIds()).toMatchObject({ trace_id: expect.any(String) });
    });
    expect(built).toBe(1);
    const on = exporter.getFinishedSpans().find((s) => s.name === 'on');
    expect(on?.attributes['messaging.destination.name']).toBe('channel:1');
  });
});
