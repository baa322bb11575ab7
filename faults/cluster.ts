import { fileURLToPath } from 'node:url';
import { createTestDatabase, eventually, type OwnServer, portFree, startOwnServer } from '@commonwork/kit/testing';
import { CLUSTER_ENV, type ClusterLayout, clusterWaves, type Part, SERVICES, specsOf } from '../deploy/local/clusterParts.ts';
import { type ProcessSpec, Supervisor } from '../deploy/local/supervisor.ts';
import { isolate } from './network.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Cluster mode as `start:cluster` runs it, on a database, a NATS and a Redis of its own, on free ports. */
export interface FaultCluster {
  url: string;
  parts: Part[];
  supervisor: Supervisor;
  nats: OwnServer;
  redis: OwnServer;
  /** The name of the database of the cluster's own, on DATABASE_URL's server. */
  database: string;
  /** Where each part's readiness is asked (one in a test host answers on that host's address). */
  readyUrls: Record<string, string>;
  /** The test hosts of the parts `isolated` named (faults/network.ts); null when none was. */
  network: Pick<Awaited<ReturnType<typeof isolate>>, 'hosts' | 'slowDatabase'> | null;
  /** Every part answers ready. */
  ready: () => Promise<void>;
  stop: () => Promise<void>;
}

export interface FaultClusterOptions {
  /** Replicas of each service; default 2, as `start:cluster` runs them. */
  replicas?: number;
  /** Added to the parts' environment, over the suite's own settings. */
  env?: Record<string, string>;
  /** Each line a part writes; default: logged, cut to 400 characters. */
  output?: (name: string, line: string) => void;
  /** Parts that run each in a test host of its own, in a network namespace, for network faults (root only). */
  isolated?: string[];
}

/** A base port with every port the layout uses free: base+1..+11, +80, and the second replicas' +101..+107. */
async function freeLayout(replicas: number): Promise<ClusterLayout> {
  for (;;) {
    // Below Linux's ephemeral range (32768 and up): there a port found free can be taken by any
    // outgoing connection before the part listens on it (CI saw EADDRINUSE so).
    const base = 20_000 + Math.floor(Math.random() * 120) * 100;
    const layout: ClusterLayout = {
      servicePorts: Object.fromEntries(SERVICES.map((service, i) => [service, base + 1 + i])) as ClusterLayout['servicePorts'],
      replicas,
      realtimePorts: [base + 10, base + 11],
      gatewayPort: base + 80,
      webDist: `${root}web/dist`,
    };
    const ports = clusterWaves(layout)
      .flat()
      .map((part) => part.port);
    if ((await Promise.all(ports.map(portFree))).every(Boolean)) return layout;
  }
}

const answers = (url: string) =>
  fetch(url, { signal: AbortSignal.timeout(2_000) })
    .then((res) => res.ok)
    .catch(() => false);

export async function startFaultCluster(log: (message: string) => void, options: FaultClusterOptions = {}): Promise<FaultCluster> {
  const [nats, redis] = [await startOwnServer('nats'), await startOwnServer('redis')];
  const { url: databaseUrl, drop } = await createTestDatabase();
  if (!databaseUrl) throw new Error('The fault suite runs on PostgreSQL: set DATABASE_URL');
  const layout = await freeLayout(options.replicas ?? 2);
  const waves = clusterWaves(layout);
  const env = {
    ...process.env,
    ...CLUSTER_ENV,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATABASE_URL: databaseUrl,
    NATS_URL: nats.url,
    REDIS_URL: redis.url,
    // The load signs people in through the dev issuer and is not to be limited.
    AUTH_DEV_LOGIN: 'true',
    RATE_LIMIT_MAX: '1000000',
    RATE_LIMIT_AUTH_MAX: '100000',
    ...options.env,
  };
  const supervisor = new Supervisor({
    cwd: root,
    say: (message) => log(`[cluster] ${message}`),
    // Warnings and errors only (LOG_LEVEL=warn): what went wrong during a fault is worth reading.
    output: options.output ?? ((name, line) => log(`[${name}] ${line.slice(0, 400)}`)),
    backoffMs: 250,
  });
  const port = (url: string) => Number(new URL(url).port);
  const network = options.isolated?.length
    ? await isolate(waves.flat(), options.isolated, { database: port(databaseUrl) || 5432, nats: port(nats.url), redis: port(redis.url) })
    : null;
  const readyUrls: Record<string, string> = {};
  for (const wave of waves) {
    const specs: ProcessSpec[] = await Promise.all(specsOf(wave, env).map((spec) => network?.place(spec) ?? spec));
    for (const spec of specs) readyUrls[spec.name] = spec.readyUrl;
    if (!(await supervisor.startAll(specs))) {
      await supervisor.stop();
      await network?.close();
      throw new Error('The cluster did not start');
    }
  }
  const parts = waves.flat();
  return {
    url: `http://127.0.0.1:${layout.gatewayPort}`,
    parts,
    supervisor,
    nats,
    redis,
    database: decodeURIComponent(new URL(databaseUrl).pathname.slice(1)),
    readyUrls,
    network,
    ready: async () => {
      await eventually(async () => (await Promise.all(Object.values(readyUrls).map(answers))).every(Boolean), 60_000);
    },
    stop: async () => {
      await supervisor.stop();
      await network?.close();
      await Promise.all([nats.kill(), redis.kill()]);
      await drop();
    },
  };
}
