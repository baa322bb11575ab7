import { GATEWAY_PORT, REALTIME_PART, SERVICE_MANIFEST, SERVICE_NAMES, type ServiceName, urlSettingOf } from '@commonwork/contracts';
import { esbuildServiceEnv } from './esbuildService.mjs';
import type { ProcessSpec } from './supervisor.ts';

/** Every service, in the manifest's order (contracts' SERVICE_MANIFEST). */
export const SERVICES = SERVICE_NAMES;
export type Service = ServiceName;

/** Where cluster mode's processes listen on one machine. */
export interface ClusterLayout {
  /** Each service's first replica's port; the next replicas listen 100 above each other (4001, 4101). */
  servicePorts: Record<Service, number>;
  /** Replicas of every service; default each one's count in the manifest. */
  replicas?: number;
  realtimePorts: number[];
  gatewayPort: number;
  webDist: string;
}

/** The manifest's ports, realtime's replicas one port apart, the gateway on 8080: what `npm run start:cluster` uses unless told otherwise. */
export const DEFAULT_LAYOUT: Omit<ClusterLayout, 'webDist'> = {
  servicePorts: Object.fromEntries(SERVICE_NAMES.map((name) => [name, SERVICE_MANIFEST[name].port])) as Record<Service, number>,
  realtimePorts: Array.from({ length: REALTIME_PART.replicas }, (_, i) => REALTIME_PART.port + i),
  gatewayPort: GATEWAY_PORT,
};

/** A service's process's entry file, from the repository's root: every service's folder has the same layout. */
export const entryOf = (service: Service) => `services/${service}/src/main.ts`;

/** Settings every process of cluster mode gets: a stopping process serves on for 2.5 s after saying it is draining (the gateway probes every second). */
export const CLUSTER_ENV = { DRAIN_DELAY_MS: '2500' };

/** A process of the cluster: its name, entry file, port and own settings. */
export interface Part {
  name: string;
  entry: string;
  port: number;
  env: Record<string, string>;
}

/**
 * The manifest's services in waves: each service starts in the first wave after every service it
 * needs (identity first, then the ones that verify tokens against it).
 */
export function serviceWaves(): Service[][] {
  const waves: Service[][] = [];
  const placed = new Set<Service>();
  while (placed.size < SERVICE_NAMES.length) {
    const wave = SERVICE_NAMES.filter((name) => !placed.has(name) && SERVICE_MANIFEST[name].needs.every((need) => placed.has(need)));
    if (wave.length === 0)
      throw new Error(`The manifest's needs go round in a circle: ${SERVICE_NAMES.filter((n) => !placed.has(n)).join(', ')}`);
    for (const name of wave) placed.add(name);
    waves.push(wave);
  }
  return waves;
}

/** What runs, in waves started in order (each wave's parts at once, stopped in reverse). */
export function clusterWaves({ servicePorts, replicas, realtimePorts, gatewayPort, webDist }: ClusterLayout): Part[][] {
  const portsOf = (service: Service) =>
    Array.from({ length: replicas ?? SERVICE_MANIFEST[service].replicas }, (_, i) => servicePorts[service] + 100 * i);
  const urlsOf = (service: Service) => portsOf(service).map((port) => `http://127.0.0.1:${port}`);
  /** `IDENTITY_URL`, ... for each service named: every replica, comma-separated (tokens are checked against whichever identity replica answers). */
  const urlSettings = (services: readonly Service[]) =>
    Object.fromEntries(services.map((service) => [urlSettingOf(service), urlsOf(service).join(',')]));

  /** A process behind the gateway: listens on 127.0.0.1:port, ready when its /readyz answers. */
  const internal = (name: string, entry: string, port: number, env: Record<string, string> = {}): Part => ({
    name,
    entry,
    port,
    env: { HOST: '127.0.0.1', PORT: String(port), ...env },
  });

  const replicasOf = (service: Service) =>
    portsOf(service).map((port, i) =>
      internal(`${service}-${i + 1}`, entryOf(service), port, urlSettings(SERVICE_MANIFEST[service].needs)),
    );

  return [
    ...serviceWaves().map((wave) => wave.flatMap(replicasOf)),
    realtimePorts.map((port, i) => internal(`realtime-${i + 1}`, 'services/realtime/src/main.ts', port, urlSettings(REALTIME_PART.needs))),
    [
      {
        name: 'gateway',
        entry: 'gateway/src/main.ts',
        port: gatewayPort,
        env: {
          PORT: String(gatewayPort),
          ...urlSettings(SERVICE_NAMES),
          REALTIME_URLS: realtimePorts.map((port) => `http://127.0.0.1:${port}`).join(','),
          WEB_DIST: webDist,
        },
      },
    ],
  ];
}

/**
 * A wave's parts as the supervisor runs them: `node --import tsx <entry>`, ready when `/readyz` answers.
 * With a trace exporter asked for, OpenTelemetry starts first (`@commonwork/kit/otel`), so the pg,
 * ioredis and Socket.IO instrumentations see those modules load; without, nothing is added.
 */
export const specsOf = (wave: Part[], env: NodeJS.ProcessEnv): ProcessSpec[] =>
  wave.map((part) => ({
    name: part.name,
    args: ['--import', 'tsx', ...(tracing(env) ? ['--import', '@commonwork/kit/otel'] : []), part.entry],
    env: {
      // tsx's esbuild service without its once-a-second ping (deploy/local/esbuildService.mjs).
      ...esbuildServiceEnv(env),
      // A replica's spans under its service's name, told apart by its part's name.
      ...(tracing(env) && {
        OTEL_SERVICE_NAME: part.name.replace(/-\d+$/, ''),
        OTEL_RESOURCE_ATTRIBUTES: `service.instance.id=${part.name}`,
      }),
      ...env,
      ...part.env,
      // Metrics asked for (METRICS_PORT set): each part on its own port, 1000 above its service port, on this machine only.
      ...(env.METRICS_PORT && { METRICS_PORT: String(part.port + 1000), METRICS_HOST: '127.0.0.1' }),
    },
    readyUrl: `http://127.0.0.1:${part.port}/readyz`,
  }));

const tracing = (env: NodeJS.ProcessEnv) => Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT) || (env.OTEL_TRACES_EXPORTER ?? 'none') !== 'none';
