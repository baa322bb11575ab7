import { context, propagation } from '@opentelemetry/api';
import type { Logger } from './logger.ts';

/**
 * Starts OpenTelemetry when the standard OTEL_* variables ask for an exporter; off otherwise, so
 * a laptop or a test pays nothing. Loaded lazily: the SDK is heavy and most runs never need it.
 */
export async function startTelemetry(serviceName: string, log: Logger): Promise<() => Promise<void>> {
  const wanted = process.env.OTEL_EXPORTER_OTLP_ENDPOINT || (process.env.OTEL_TRACES_EXPORTER ?? 'none') !== 'none';
  if (!wanted) return async () => {};
  const { NodeSDK } = await import('@opentelemetry/sdk-node');
  const sdk = new NodeSDK({ serviceName });
  sdk.start();
  log.info({ serviceName }, 'telemetry started');
  return () => sdk.shutdown();
}

/** The W3C traceparent of the active span, carried in event metadata and NATS headers. */
export function currentTraceparent(): string | undefined {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent;
}
