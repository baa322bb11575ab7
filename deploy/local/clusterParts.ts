import type { ProcessSpec } from './supervisor.ts';

export const SERVICES = ['identity', 'marketplace', 'messaging', 'events', 'media', 'notifications', 'drafts'] as const;
export type Service = (typeof SERVICES)[number];

/** Where cluster mode's processes listen on one machine. */
export interface ClusterLayout {
  /** Each service's first replica's port; the next replicas listen 100 above each other (4001, 4101). */
  servicePorts: Record<Service, number>;
  /** Replicas of each service. */
  replicas: number;
  realtimePorts: number[];
  gatewayPort: number;
  webDist: string;
}

/** Settings every process of cluster mode gets: a stopping process serves on for 2.5 s after saying it is draining (the gateway probes every second). */
export const CLUSTER_ENV = { DRAIN_DELAY_MS: '2500' };

/** A process of the cluster: its name, entry file, port and own settings. */
export interface Part {
  name: string;
  entry: string;
  port: number;
  env: Record<string, string>;
}

/** What runs, in waves started in order (each wave's parts at once, stopped in reverse). */
export function clusterWaves({ servicePorts, replicas, realtimePorts, gatewayPort, webDist }: ClusterLayout): Part[][] {
  const portsOf = (service: Service) => Array.from({ length: replicas }, (_, i) => servicePorts[service] + 100 * i);
  const urlsOf = (service: Service) => portsOf(service).map((port) => `http://127.0.0.1:${port}`);
  // Tokens are checked against identity's key set, from whichever replica answers.
  const IDENTITY_URL = urlsOf('identity').join(',');

  /** A process behind the gateway: listens on 127.0.0.1:port, ready when its /readyz answers. */
  const internal = (name: string, entry: string, port: number, env: Record<string, string> = {}): Part => ({
    name,
    entry,
    port,
    env: { HOST: '127.0.0.1', PORT: String(port), ...env },
  });

  const replicasOf = (service: Service, env: Record<string, string> = {}) =>
    portsOf(service).map((port, i) => internal(`${service}-${i + 1}`, `services/${service}/src/main.ts`, port, env));

  // A new service is one more `replicasOf(...)` in the second wave and one more URL list for the gateway.
  return [
    replicasOf('identity'),
    [
      ...replicasOf('marketplace', { IDENTITY_URL }),
      ...replicasOf('messaging', { IDENTITY_URL }),
      ...replicasOf('events', { IDENTITY_URL }),
      ...replicasOf('media', { IDENTITY_URL }),
      ...replicasOf('notifications', { IDENTITY_URL }),
      ...replicasOf('drafts', { IDENTITY_URL }),
    ],
    realtimePorts.map((port, i) =>
      internal(`realtime-${i + 1}`, 'services/realtime/src/main.ts', port, {
        IDENTITY_URL,
        MESSAGING_URL: urlsOf('messaging').join(','),
      }),
    ),
    [
      {
        name: 'gateway',
        entry: 'gateway/src/main.ts',
        port: gatewayPort,
        env: {
          PORT: String(gatewayPort),
          IDENTITY_URL,
          MARKETPLACE_URL: urlsOf('marketplace').join(','),
          MESSAGING_URL: urlsOf('messaging').join(','),
          EVENTS_URL: urlsOf('events').join(','),
          MEDIA_URL: urlsOf('media').join(','),
          NOTIFICATIONS_URL: urlsOf('notifications').join(','),
          DRAFTS_URL: urlsOf('drafts').join(','),
          REALTIME_URLS: realtimePorts.map((port) => `http://127.0.0.1:${port}`).join(','),
          WEB_DIST: webDist,
        },
      },
    ],
  ];
}

/** A wave's parts as the supervisor runs them: `node --import tsx <entry>`, ready when `/readyz` answers. */
export const specsOf = (wave: Part[], env: NodeJS.ProcessEnv): ProcessSpec[] =>
  wave.map((part) => ({
    name: part.name,
    args: ['--import', 'tsx', part.entry],
    env: { ...env, ...part.env },
    readyUrl: `http://127.0.0.1:${part.port}/readyz`,
  }));
