// `npm run start:cluster`: the platform in cluster mode on this machine. Every service, and the
// gateway, runs as its own Node process against real PostgreSQL, NATS JetStream and Redis, exactly as
// the pods of deploy/k8s do; this file only supervises them (prefixed output, start order, signals).
import { fileURLToPath } from 'node:url';
import { CLUSTER_ENV, type ClusterLayout, clusterWaves, DEFAULT_LAYOUT, SERVICES, specsOf } from './clusterParts.ts';
import { portHeld, Supervisor } from './supervisor.ts';
import { ensureWebBuilt } from './webBuild.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));

const REQUIRED = ['DATABASE_URL', 'NATS_URL', 'REDIS_URL'] as const;
const missing = REQUIRED.filter((name) => !process.env[name]);
if (missing.length > 0) {
  console.error(
    `start:cluster needs ${missing.join(', ')} (PostgreSQL, NATS JetStream and Redis), for example:\n` +
      '  DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \\\n' +
      '  NATS_URL=nats://127.0.0.1:4222 REDIS_URL=redis://127.0.0.1:6379 npm run start:cluster\n' +
      'For a start with no servers at all, use `npm start` (embedded mode).',
  );
  process.exit(78);
}

// Each service's port from `<NAME>_PORT` (IDENTITY_PORT=5001), else the manifest's.
const servicePorts = Object.fromEntries(
  SERVICES.map((service) => [service, Number(process.env[`${service.toUpperCase()}_PORT`] ?? DEFAULT_LAYOUT.servicePorts[service])]),
) as ClusterLayout['servicePorts'];
const layout: ClusterLayout = {
  servicePorts,
  // As in deploy/k8s: the manifest's replicas, unless SERVICE_REPLICAS says how many of every service.
  ...(process.env.SERVICE_REPLICAS && { replicas: Number(process.env.SERVICE_REPLICAS) }),
  // Two realtime replicas on Redis, so cross-replica fan-out runs on every start.
  realtimePorts: process.env.REALTIME_PORTS ? process.env.REALTIME_PORTS.split(',').map(Number) : DEFAULT_LAYOUT.realtimePorts,
  gatewayPort: Number(process.env.PORT ?? DEFAULT_LAYOUT.gatewayPort),
  webDist: process.env.WEB_DIST ?? `${root}web/dist`,
};
const GATEWAY_PORT = layout.gatewayPort;
const waves = clusterWaves(layout);
const parts = waves.flat();

/** Cluster mode's dev issuer is off unless AUTH_DEV_LOGIN=true (docs/architecture.md, 'Two ways to run'). */
const shared = { AUTH_DEV_LOGIN: 'false', ...CLUSTER_ENV, ...process.env };

const COLORS = [36, 35, 33, 32, 34, 31];
const width = Math.max(7, ...parts.map((p) => p.name.length));
const tty = process.stdout.isTTY;

/** `[name   ] ` before every line; coloured per process on a terminal (the supervisor's own in bold). */
function prefixOf(name: string) {
  const label = `[${name.padEnd(width)}]`;
  if (!tty) return `${label} `;
  const index = parts.findIndex((p) => p.name === name);
  return `\x1b[${index < 0 ? 1 : COLORS[index % COLORS.length]}m${label}\x1b[0m `;
}
const say = (message: string) => console.log(`${prefixOf('cluster')}${message}`);

// Something already answering on a part's port would also answer its readiness polls: refuse to start, in one sentence.
const held: string[] = [];
for (const part of parts) if (await portHeld(part.port)) held.push(`${part.port} (${part.name})`);
if (held.length > 0) {
  say(
    `Cannot start: port${held.length > 1 ? 's' : ''} ${held.join(', ')} ${held.length > 1 ? 'are' : 'is'} held by another process; stop it or set other ports (PORT, IDENTITY_PORT, REALTIME_PORTS, ...).`,
  );
  process.exit(1);
}

ensureWebBuilt(root, { say });

const supervisor = new Supervisor({
  cwd: root,
  say,
  output: (name, line, stream) => (stream === 'stdout' ? process.stdout : process.stderr).write(`${prefixOf(name)}${line}\n`),
});

let signals = 0;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    signals += 1;
    if (signals > 1) {
      supervisor.killAll();
      process.exit(1);
    }
    say(`${signal}: stopping`);
    void supervisor.stop(signal);
  });
}
// Never leave a detached child behind: on an exit of its own it kills them; on a SIGKILL each part
// sees its IPC channel close and stops within 5 s (the kit's shutdownOnSignals).
process.on('exit', () => supervisor.killAll());
void supervisor.finished.then((code) => process.exit(code));

for (const wave of waves) {
  const specs = specsOf(wave, shared);
  if (!(await supervisor.startAll(specs))) {
    await supervisor.stop('SIGTERM', 1);
    break;
  }
  say(`${wave.map((part) => part.name).join(', ')} ready`);
}
say(`Commonwork (cluster mode) is running on http://localhost:${GATEWAY_PORT}`);
