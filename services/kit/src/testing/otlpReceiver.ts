import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A span as an OTLP/HTTP (JSON) exporter sends it, with the service.name of the resource that made it. */
export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  /** The resource's service.name: the process that made it (OTEL_SERVICE_NAME, per part in cluster mode). */
  service: string;
}

export interface OtlpReceiver {
  /** Every span received so far, in arrival order. */
  spans: ReceivedSpan[];
  /**
   * The OpenTelemetry variables that export traces here as JSON, soon after each span ends (every
   * 100 ms rather than the default 5 s), with metrics and logs exported nowhere.
   */
  env: Record<string, string>;
  close: () => Promise<void>;
}

/** An OTLP/HTTP (JSON) receiver of a test's own, on a free port of 127.0.0.1, that keeps the traces sent to it. */
export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      if (req.url === '/v1/traces') {
        const body = JSON.parse(Buffer.concat(chunks).toString());
        for (const rs of body.resourceSpans ?? []) {
          const service = rs.resource?.attributes?.find((a: { key: string }) => a.key === 'service.name')?.value?.stringValue;
          for (const ss of rs.scopeSpans ?? []) for (const s of ss.spans ?? []) spans.push({ ...s, service });
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  return {
    spans,
    env: {
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_BSP_SCHEDULE_DELAY: '100',
      OTEL_METRICS_EXPORTER: 'none',
      OTEL_LOGS_EXPORTER: 'none',
    },
    close: () =>
      new Promise<void>((resolve) => {
        receiver.close(() => resolve());
        // An exporter's kept-alive connection would hold the close open.
        receiver.closeAllConnections();
      }),
  };
}
