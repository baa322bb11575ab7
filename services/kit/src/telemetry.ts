import { context, propagation, trace } from '@opentelemetry/api';
import type { Logger } from './logger.ts';
import { tracingOn, tracingStarted, tracingWanted } from './tracing.ts';

export {
  contextOf,
  inSpan,
  tracedConsumer,
  tracedPublish,
  traceIds,
  traceRequests,
  tracingOn,
  tracingWanted,
  withoutCallerTrace,
  withTrace,
} from './tracing.ts';

/**
 * Starts OpenTelemetry when the standard OTEL_* variables ask for an exporter; off otherwise, so
 * a laptop or a test pays nothing. Loaded lazily: the SDK is heavy and most runs never need it.
 */
export async function startTelemetry(serviceName: string, log: Logger): Promise<() => Promise<void>> {
  if (!tracingWanted()) return async () => {};
  const started = (globalThis as { [SDK]?: () => Promise<void> })[SDK];
  if (started) return started;
  // Sampling by the standard variables; unset, a trace begun here is kept at OTEL_TRACES_SAMPLER_ARG's
  // ratio (all by default) and a continued one follows its parent's choice.
  process.env.OTEL_TRACES_SAMPLER ??= 'parentbased_traceidratio';
  const { NodeSDK } = await import('@opentelemetry/sdk-node');
  const sdk = new NodeSDK({ serviceName, instrumentations: await instrumentations() });
  sdk.start();
  // Stopped, the process is as before the start (tracing off, no global provider): a later start in
  // the same process (a test file run after another in one worker) begins afresh.
  const stop = async () => {
    if ((globalThis as { [SDK]?: unknown })[SDK] !== stop) return;
    delete (globalThis as { [SDK]?: unknown })[SDK];
    tracingStarted(false);
    await sdk.shutdown();
    trace.disable();
    context.disable();
    propagation.disable();
  };
  (globalThis as { [SDK]?: () => Promise<void> })[SDK] = stop;
  tracingStarted(true);
  log.info({ serviceName }, 'telemetry started');
  return stop;
}

const SDK = Symbol.for('commonwork.telemetry.sdk');

/**
 * HTTP (node:http server and client), undici (fetch), pg, ioredis and Socket.IO. undici reports
 * through diagnostics channels and works whenever the SDK starts; the others patch modules as they
 * load, so they see only what loads after: start the process with `--import @commonwork/kit/otel`
 * (otel.ts) for those. The kit's own spans (tracing.ts) need neither.
 */
async function instrumentations() {
  const [http, undici, pg, ioredis, socketIo] = await Promise.all([
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-undici'),
    import('@opentelemetry/instrumentation-pg'),
    import('@opentelemetry/instrumentation-ioredis'),
    import('@opentelemetry/instrumentation-socket.io'),
  ]);
  return [
    // Probes and scrapes are not user actions.
    new http.HttpInstrumentation({ ignoreIncomingRequestHook: (req) => /^\/(healthz|readyz|metrics)\b/.test(req.url ?? '') }),
    new undici.UndiciInstrumentation({ ignoreRequestHook: (req) => /^\/(healthz|readyz|metrics)\b/.test(req.path) }),
    // A query outside traced work (the relay's and the jobs' polls) is no trace of its own.
    new pg.PgInstrumentation({ requireParentSpan: true }),
    new ioredis.IORedisInstrumentation(),
    new socketIo.SocketIoInstrumentation(),
  ];
}

/** The W3C traceparent of the active span, carried in event metadata and NATS headers; none when tracing is off. */
export function currentTraceparent(): string | undefined {
  if (!tracingOn()) return undefined;
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent;
}
