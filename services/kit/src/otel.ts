import { register } from 'node:module';
import { createLogger } from './logger.ts';
import { startTelemetry } from './telemetry.ts';
import { tracingWanted } from './tracing.ts';

/**
 * `node --import @commonwork/kit/otel` (after tsx's own import): starts OpenTelemetry before the
 * process loads fastify, pg, ioredis or Socket.IO, so their instrumentations patch them; the
 * process's own startTelemetry then finds it started. Without an exporter asked for it loads nothing.
 */
if (tracingWanted()) {
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url);
  await startTelemetry(process.env.OTEL_SERVICE_NAME ?? 'commonwork', createLogger('telemetry'));
}
