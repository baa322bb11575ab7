import type { EventEnvelope, EventMetadata } from '@commonwork/contracts';
import {
  type Attributes,
  type Context,
  context,
  INVALID_SPAN_CONTEXT,
  type Link,
  propagation,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { BusMessage, ConsumerSpec } from './events/bus.ts';

/**
 * The spans the kit makes by hand at its own boundaries (a request, an append's trace, the relay's
 * publish, a consumer's handling), so one user action is one trace across every process whatever
 * the module instrumentations could patch. Off (no SDK started) each call is one boolean test and
 * allocates nothing: no span object, no attributes, no carrier (docs/decisions/performance/tracing-off-is-a-no-op.md).
 */
let on = false;

/** Set by startTelemetry once the SDK runs; nothing here makes a span before. */
export function tracingStarted(started: boolean) {
  on = started;
}

export const tracingOn = () => on;

/**
 * Whether the standard OTEL_* variables ask for a trace exporter: what startTelemetry starts on, and
 * what a logger created before it (or without it yet) reads to decide whether its lines need ids.
 */
export const tracingWanted = (env: NodeJS.ProcessEnv = process.env) =>
  Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT) || (env.OTEL_TRACES_EXPORTER ?? 'none') !== 'none';

/** The span `inSpan` hands its function when tracing is off: one for the process, never recording. */
const NO_SPAN = trace.wrapSpanContext(INVALID_SPAN_CONTEXT);

type SpanOptions = { kind?: SpanKind; attributes?: Attributes; parent?: Context; links?: Link[] };

const tracer = () => trace.getTracer('@commonwork/kit');

/** The context a W3C traceparent names (a root context when there is none). */
export function contextOf(traceparent: string | undefined): Context {
  return traceparent ? propagation.extract(ROOT_CONTEXT, { traceparent }) : ROOT_CONTEXT;
}

/**
 * Runs `fn` in a new span, ended when it settles; an error marks it failed. Options that cost
 * something to build (attributes per call) can be given as a function: it is called only when on.
 */
export function inSpan<T>(name: string, options: SpanOptions | (() => SpanOptions), fn: (span: Span) => Promise<T> | T): Promise<T> {
  if (!on) return Promise.resolve(fn(NO_SPAN));
  const { parent, ...span } = typeof options === 'function' ? options() : options;
  return tracer().startActiveSpan(name, span, parent ?? context.active(), async (s) => {
    try {
      return await fn(s);
    } catch (error) {
      s.recordException(error as Error);
      s.setStatus({ code: SpanStatusCode.ERROR });
      throw error;
    } finally {
      s.end();
    }
  });
}

/** The active span's ids, for log lines; nothing when there is none. */
export function traceIds(): { trace_id: string; span_id: string } | undefined {
  if (!on) return undefined;
  const span = trace.getActiveSpan()?.spanContext();
  return span && trace.isSpanContextValid(span) ? { trace_id: span.traceId, span_id: span.spanId } : undefined;
}

/** The metadata with the active span's traceparent (append time: the relay's later publish keeps it). */
export function withTrace(metadata: EventMetadata): EventMetadata {
  if (!on || !trace.getActiveSpan()) return metadata;
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent ? { ...metadata, traceparent: carrier.traceparent } : metadata;
}

const messaging = (subject: string, extra: Attributes = {}): Attributes => ({
  'messaging.system': 'nats',
  'messaging.destination.name': subject,
  ...extra,
});

/** The relay's (or any) publish of an event as a producer span in the trace its metadata carries. */
export function tracedPublish(envelope: EventEnvelope, publish: () => Promise<void>): Promise<void> {
  if (!on) return publish();
  return inSpan(
    `publish ${envelope.type}`,
    {
      kind: SpanKind.PRODUCER,
      parent: contextOf(envelope.metadata.traceparent),
      attributes: messaging(envelope.type, { 'messaging.operation.type': 'send', 'messaging.message.id': envelope.id }),
    },
    publish,
  );
}

/**
 * A consumer whose handling continues the trace of the event it handles: one message is a child
 * span of the context its metadata carries; a batch (several traces at once) is one span linking
 * to each of them (docs/decisions/kit/trace-across-the-bus.md).
 */
export function tracedConsumer(spec: ConsumerSpec): ConsumerSpec {
  if (!on) return spec;
  const attributes = (subject: string) =>
    messaging(subject, { 'messaging.operation.type': 'process', 'messaging.consumer.group.name': spec.durable });
  const handle = (m: BusMessage) =>
    inSpan(
      `process ${m.subject}`,
      {
        kind: SpanKind.CONSUMER,
        parent: contextOf(m.envelope.metadata.traceparent),
        attributes: {
          ...attributes(m.subject),
          'messaging.message.id': m.envelope.id,
          'messaging.message.delivery_count': m.deliveryCount,
        },
      },
      () => spec.handle(m),
    );
  const batch = spec.handleBatch;
  return {
    ...spec,
    handle,
    ...(batch && {
      handleBatch: (messages: BusMessage[]) =>
        inSpan(
          `process ${spec.filterSubject}`,
          {
            kind: SpanKind.CONSUMER,
            parent: ROOT_CONTEXT,
            links: messages.flatMap((m) => {
              const linked = trace.getSpanContext(contextOf(m.envelope.metadata.traceparent));
              return linked ? [{ context: linked }] : [];
            }),
            attributes: { ...attributes(spec.filterSubject), 'messaging.batch.message_count': messages.length },
          },
          () => batch(messages),
        ),
    }),
  };
}

/**
 * One span per Fastify request, named by its route, continuing the caller's traceparent (or the
 * HTTP instrumentation's server span when it is loaded). The rest of the request runs in it: the
 * hook's `done` is called inside the span's context.
 */
export function traceRequests(app: {
  addHook(name: 'onRequest', hook: (request: FastifyRequest, reply: FastifyReply, done: () => void) => void): unknown;
}) {
  if (!on) return;
  app.addHook('onRequest', function traceRequest(request, reply, done) {
    const active = trace.getActiveSpan();
    const parent = active ? context.active() : propagation.extract(ROOT_CONTEXT, request.headers);
    const route = request.routeOptions.url ?? request.url.split('?')[0];
    const span = tracer().startSpan(
      `${request.method} ${route}`,
      {
        kind: active ? SpanKind.INTERNAL : SpanKind.SERVER,
        attributes: { 'http.request.method': request.method, 'http.route': route ?? '', 'url.path': request.url.split('?')[0] ?? '' },
      },
      parent,
    );
    reply.raw.once('close', () => {
      span.setAttribute('http.response.status_code', reply.statusCode);
      if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    });
    context.with(trace.setSpan(parent, span), done);
  });
}

/**
 * Headers a proxy forwards, without the caller's `traceparent` and `tracestate` when tracing is on:
 * the proxy's own client span injects the current ones, and a request carrying both would name no
 * parent at all.
 */
export function withoutCallerTrace<H extends Record<string, unknown>>(headers: H): H {
  if (!on) return headers;
  const { traceparent: _parent, tracestate: _state, ...rest } = headers;
  return rest as H;
}

/** Whether a span is active here (never when tracing is off). */
export const inTrace = () => on && trace.getSpan(context.active()) !== undefined;

/** Runs `fn` outside any trace: a loop started from a request must not carry its span onwards. */
export const outsideTraces = <T>(fn: () => T): T => context.with(ROOT_CONTEXT, fn);
