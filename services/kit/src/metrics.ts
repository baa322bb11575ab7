import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Attributes, type Counter, createNoopMeter, type Histogram, type Meter } from '@opentelemetry/api';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from './logger.ts';

/**
 * Metrics: OpenTelemetry instruments read by Prometheus on a port of their own (METRICS_PORT), never
 * through the gateway's public port. Off (METRICS_PORT unset), no SDK is loaded and every instrument
 * is OpenTelemetry's no-op; the gauges' sources are only read when something scrapes.
 * The names below are the whole list: deploy/observability's rules and dashboard use only these
 * (metrics.unit.test.ts checks it).
 */

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 10];
const JOB_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300];

type HistogramDef = { kind: 'histogram'; name: string; unit: string; description: string; buckets: number[] };
type CounterDef = { kind: 'counter'; name: string; unit: string; description: string };
type GaugeDef = { kind: 'gauge'; name: string; unit: string; description: string };

const histogram = (name: string, unit: string, description: string, buckets = LATENCY_BUCKETS): HistogramDef => ({
  kind: 'histogram',
  name,
  unit,
  description,
  buckets,
});
const counter = (name: string, description: string): CounterDef => ({ kind: 'counter', name, unit: '', description });
const gauge = (name: string, unit: string, description: string): GaugeDef => ({ kind: 'gauge', name, unit, description });

/** Instruments the code records into. */
export const RECORDED = {
  /** service, http.request.method, http.route (the route's pattern, never the raw path), http.response.status_code */
  httpDuration: histogram('http.server.request.duration', 's', 'HTTP requests answered, by route pattern, method and status'),
  /** service */
  appendDuration: histogram('commonwork.eventstore.append.duration', 's', 'Event store appends (one insert of one or more events)'),
  /** service */
  appendedEvents: counter('commonwork.eventstore.appended.events', 'Events appended to the event store'),
  /** service, job, outcome (ok | failed) */
  jobDuration: histogram('commonwork.job.duration', 's', 'Runs of clock jobs (digests, reminders, ...)', JOB_BUCKETS),
  /** outcome (delivered | failed | refused | ...) */
  webhookDelivery: histogram('commonwork.webhook.delivery.duration', 's', 'Webhook delivery attempts by outcome'),
  /** bucket (sign-in | user | token | ip) */
  rateLimited: counter('commonwork.gateway.rate_limited', 'Requests refused by the gateway rate limit (429)'),
  /**
   * service (realtime), event (the domain event's type). Clocks: the append's is the publisher's,
   * the emit's this replica's (NTP-synchronised hosts keep the error to milliseconds).
   */
  realtimeDelivery: histogram(
    'commonwork.realtime.delivery.duration',
    's',
    "From an event's append (its occurredAt) to its broadcast's socket emits on this realtime replica",
  ),
  /** Ordering gate: a message waited for its predecessor. */
  gateWaits: counter('commonwork.realtime.gate.waits', 'Messages that waited at the ordering gate for a predecessor'),
  /** Ordering gate: a message skipped (a redelivery, or a late one after the bound). */
  gateSkips: counter('commonwork.realtime.gate.skips', 'Messages the ordering gate did not emit (redelivered or late)'),
} as const;

/** Gauges read when scraped, from the sources registered with `observe`. */
export const OBSERVED = {
  /** service */
  outboxLagPositions: gauge('commonwork.outbox.lag.positions', '', 'Event store positions not yet published by the outbox relay'),
  /** service */
  outboxLagSeconds: gauge('commonwork.outbox.lag.seconds', 's', 'Age of the oldest event not yet published (0 when caught up)'),
  /** stream, durable */
  consumerPending: gauge('commonwork.consumer.pending', '', 'Messages of a durable consumer not yet acknowledged'),
  /** service (realtime replica) */
  sockets: gauge('commonwork.realtime.sockets', '', 'Sockets connected to this replica'),
  rooms: gauge('commonwork.realtime.rooms', '', 'Socket.IO rooms on this replica'),
  /** service: 1 when every readiness check answers, else 0 */
  ready: gauge('commonwork.ready', '', 'Whether the process is ready (its readiness checks, run on scrape)'),
} as const;

export type ObservedName = keyof typeof OBSERVED;
export type Observation = { value: number; attributes: Attributes };

/**
 * The names as Prometheus shows them (this exporter's rules: dots to underscores, no unit suffix
 * (durations are in seconds), `_total` on counters, `_bucket`/`_sum`/`_count` on histograms).
 */
export function prometheusNames(): string[] {
  const names: string[] = [];
  for (const def of [...Object.values(RECORDED), ...Object.values(OBSERVED)]) {
    const base = def.name.replaceAll('.', '_');
    if (def.kind === 'histogram') names.push(`${base}_bucket`, `${base}_sum`, `${base}_count`);
    else if (def.kind === 'counter') names.push(`${base}_total`);
    else names.push(base);
  }
  return names;
}

type Instruments = { [K in keyof typeof RECORDED]: (typeof RECORDED)[K] extends HistogramDef ? Histogram : Counter };

function instrumentsOf(meter: Meter): Instruments {
  const made: Record<string, Histogram | Counter> = {};
  for (const [key, def] of Object.entries(RECORDED)) {
    made[key] =
      def.kind === 'histogram'
        ? meter.createHistogram(def.name, {
            unit: def.unit,
            description: def.description,
            advice: { explicitBucketBoundaries: def.buckets },
          })
        : meter.createCounter(def.name, { description: def.description });
  }
  return made as Instruments;
}

let started = false;

/**
 * Whether a process's metrics are on. Off, a hot path takes no clock reading and builds no
 * attributes for the no-op instruments: it asks this first.
 */
export const metricsOn = () => started;

/** Record here: `metric.httpDuration.record(seconds, attributes)`. No-ops until `startMetrics`. */
export const metric: Instruments = instrumentsOf(createNoopMeter());

const sources = new Map<ObservedName, Set<() => Observation[] | Promise<Observation[]>>>();

/** Registers what a gauge reads when scraped; returns the unregistration (call it on stop). */
export function observe(name: ObservedName, source: () => Observation[] | Promise<Observation[]>): () => void {
  let set = sources.get(name);
  if (!set) {
    set = new Set();
    sources.set(name, set);
  }
  set.add(source);
  return () => set.delete(source);
}

/** How long one source may take on a scrape (a database that does not answer leaves its gauge out). */
const SOURCE_TIMEOUT_MS = 2_000;

async function read(name: ObservedName): Promise<Observation[]> {
  const all = await Promise.all(
    [...(sources.get(name) ?? [])].map(async (source) => {
      let timer: NodeJS.Timeout | undefined;
      try {
        return await Promise.race([
          Promise.resolve(source()),
          new Promise<Observation[]>((resolve) => {
            timer = setTimeout(() => resolve([]), SOURCE_TIMEOUT_MS);
          }),
        ]);
      } catch {
        return [];
      } finally {
        clearTimeout(timer);
      }
    }),
  );
  return all.flat();
}

/**
 * Counts an app's answers by route pattern, method and status (`http.server.request.duration`).
 * Registered only when metrics are on as the app is made (every process starts them first): off,
 * the app has no such hook at all.
 */
export function measureRequests(
  app: { addHook(name: 'onResponse', hook: (request: FastifyRequest, reply: FastifyReply) => Promise<void>): unknown },
  service: string,
  routeOf?: (request: FastifyRequest) => string | undefined,
) {
  if (!started) return;
  app.addHook('onResponse', async function measureRequest(request, reply) {
    metric.httpDuration.record(reply.elapsedTime / 1000, {
      service,
      'http.request.method': request.method,
      // A pattern, never the raw path: an unmatched path is one series, not one per address tried.
      'http.route': routeOf?.(request) ?? request.routeOptions.url ?? 'unmatched',
      'http.response.status_code': reply.statusCode,
    });
  });
}

/** Seconds since `start` (a `performance.now()`), for histograms. */
export const secondsSince = (start: number) => (performance.now() - start) / 1000;

export interface MetricsSettings {
  /** Unset or empty: metrics off. 0 picks a free port (tests). */
  METRICS_PORT?: string | undefined;
  /** Default 0.0.0.0: Prometheus scrapes the pod's address; the port is on no Service nor ingress. */
  METRICS_HOST?: string | undefined;
}

export interface RunningMetrics {
  /** `http://host:port/metrics`, or null when metrics are off. */
  url: string | null;
  stop: () => Promise<void>;
}

/**
 * Starts the SDK and a Prometheus endpoint (`/metrics`) on METRICS_PORT, when it is set. One per
 * process: embedded mode's one process has one endpoint for every service in it.
 */
export async function startMetrics(processName: string, log: Logger, env: MetricsSettings = process.env): Promise<RunningMetrics> {
  if (env.METRICS_PORT === undefined || env.METRICS_PORT === '') return { url: null, stop: async () => {} };
  const [{ MeterProvider }, { PrometheusExporter }, { resourceFromAttributes }] = await Promise.all([
    import('@opentelemetry/sdk-metrics'),
    import('@opentelemetry/exporter-prometheus'),
    import('@opentelemetry/resources'),
  ]);
  const exporter = new PrometheusExporter({ preventServerStart: true });
  const provider = new MeterProvider({ readers: [exporter], resource: resourceFromAttributes({ 'service.name': processName }) });
  const meter = provider.getMeter('commonwork');
  Object.assign(metric, instrumentsOf(meter));
  started = true;
  for (const [key, def] of Object.entries(OBSERVED) as [ObservedName, GaugeDef][]) {
    const gauge = meter.createObservableGauge(def.name, { unit: def.unit, description: def.description });
    gauge.addCallback(async (result) => {
      for (const { value, attributes } of await read(key)) result.observe(value, attributes);
    });
  }
  const server: Server = createServer((req, res) => {
    if ((req.url ?? '').split('?')[0] === '/metrics') exporter.getMetricsRequestHandler(req, res);
    else res.writeHead(404).end();
  });
  const host = env.METRICS_HOST || '0.0.0.0';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(Number(env.METRICS_PORT), host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}/metrics`;
  log.info({ url }, 'metrics served');
  return {
    url,
    stop: async () => {
      started = false;
      Object.assign(metric, instrumentsOf(createNoopMeter()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await provider.shutdown();
    },
  };
}
